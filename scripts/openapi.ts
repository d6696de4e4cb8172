/**
 * Generates the OpenAPI 3.1 document of the service from the route table (the single source of
 * truth), with examples recorded from the seeded mock: `npm run openapi` writes docs/openapi.json,
 * and a test keeps the committed file equal to what this generates.
 */
import { startMockServer } from '../mocks/server/node';
import { buildDocument } from './openapi/document';
import type { Json } from './openapi/json-schema';
import { normalize } from './openapi/normalize';
import type { RouteId } from '../src/schemas';
import { runTraffic, TRAFFIC_MOCK_OPTIONS, type Exchange } from './openapi/traffic';

/**
 * The traffic of the seeded mock, recorded from the standalone server (some refusals, such as
 * `431`, only its HTTP server answers) and normalized so that every run records the same: of every registered operation, or
 * of those named.
 */
export async function recordTraffic(operations?: readonly RouteId[]): Promise<Exchange[]> {
  const server = await startMockServer({ ...TRAFFIC_MOCK_OPTIONS, port: 0 });
  try {
    return normalize(await runTraffic(server.url, server.mock, operations === undefined ? {} : { operations }), server.url);
  } finally {
    await server.close();
  }
}

/** The OpenAPI document of every registered operation of the route table. */
export async function openApiDocument(): Promise<Json> {
  return buildDocument(await recordTraffic());
}

/** The document as committed: stable key order, two-space indent, final newline. */
export const openApiText = async (): Promise<string> => `${JSON.stringify(await openApiDocument(), null, 2)}\n`;

if (process.argv[1]?.endsWith('openapi.ts')) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync('docs/openapi.json', await openApiText());
  console.log('wrote docs/openapi.json');
}
