/**
 * Generates the OpenAPI 3.1 document of the service from the route table (the single source of
 * truth): `node scripts/run-ts.mjs scripts/openapi.ts` writes docs/openapi.json, and a test keeps
 * the committed file equal to what this generates.
 */
import * as z from 'zod/mini';
import { ERROR_CODES, ErrorEnvelope, HEADER, routeList, type RouteDef } from '../src/schemas';

type Json = Record<string, unknown>;

const schemaOf = (schema: z.ZodMiniType, io: 'input' | 'output'): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  return rest;
};

const CREDIT_HEADERS = [
  HEADER.creditsCost, HEADER.creditsLimit, HEADER.creditsRemaining, HEADER.periodLimit, HEADER.periodRemaining,
  HEADER.periodReset, HEADER.dailyLimit, HEADER.dailyRemaining, HEADER.dailyReset,
];

function parameters(route: RouteDef): Json[] {
  const out: Json[] = [];
  const add = (where: 'path' | 'query' | 'header', schema: z.ZodMiniType) => {
    const json = schemaOf(schema, 'input');
    const props = (json['properties'] ?? {}) as Record<string, Json>;
    const required = new Set((json['required'] ?? []) as string[]);
    for (const [name, property] of Object.entries(props)) {
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: property });
    }
  };
  add('path', route.params);
  add('query', route.query);
  for (const [name, schema] of Object.entries(route.headers ?? {})) out.push({ name, in: 'header', required: true, schema: schemaOf(schema, 'input') });
  return out;
}

const ref = (kind: 'headers' | 'responses' | 'schemas', name: string): Json => ({ $ref: `#/components/${kind}/${name}` });

/** Headers of spec 8.3, once, in components. */
const HEADER_SCHEMAS: Record<string, Json> = {
  [HEADER.requestId]: { type: 'string', pattern: '^req_[0-9a-f]{32}$' },
  [HEADER.serviceOrigin]: { type: 'string', format: 'uri' },
  ...Object.fromEntries(CREDIT_HEADERS.map((name) => [name, name.endsWith('Reset') ? { type: 'string', format: 'date-time' } : { type: 'integer', minimum: 0 }])),
  [HEADER.resultRows]: { type: 'integer', minimum: 0 },
  [HEADER.truncated]: { type: 'boolean' },
  [HEADER.cache]: { enum: ['HIT', 'MISS'] },
  [HEADER.nextCursor]: { type: 'string', maxLength: 1024 },
  [HEADER.retryAfter]: { type: 'integer', minimum: 1 },
  [HEADER.wwwAuthenticate]: { type: 'string' },
};

const headerRefs = (names: string[]): Json => Object.fromEntries(names.map((name) => [name, ref('headers', name)]));

const ERROR_STATUSES = [...new Set(Object.values(ERROR_CODES))].sort();

function responses(route: RouteDef): Json {
  const names: string[] = [HEADER.requestId, HEADER.serviceOrigin];
  if (route.metering) {
    names.push(...CREDIT_HEADERS, HEADER.resultRows, HEADER.truncated);
    if (route.metering.cacheable) names.push(HEADER.cache);
    if (route.id === 'events.list') names.push(HEADER.nextCursor);
  }
  const out: Json = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    if (schema) out[status] = { description: route.summary, headers: headerRefs(names), content: { 'application/json': { schema: schemaOf(schema, 'output') } } };
  }
  for (const status of ERROR_STATUSES) out[String(status)] = ref('responses', `Error${status}`);
  return out;
}

function errorResponses(): Json {
  const out: Json = {};
  for (const status of ERROR_STATUSES) {
    const codes = Object.entries(ERROR_CODES).filter(([, s]) => s === status).map(([code]) => code);
    const names: string[] = [HEADER.requestId, HEADER.serviceOrigin];
    if (status === 429 || status === 503) names.push(HEADER.retryAfter);
    if (status === 401) names.push(HEADER.wwwAuthenticate);
    out[`Error${status}`] = {
      description: `The error envelope: ${codes.join(', ')}. On a metered route after data work (400, 404, 502, 503) it can cost 1 credit, with the credit headers and X-Result-Rows 0.`,
      headers: headerRefs(names),
      content: { 'application/json': { schema: ref('schemas', 'ErrorEnvelope') } },
    };
  }
  return out;
}

/** The OpenAPI document of every registered operation of the route table. */
export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const route of routeList.filter((r) => r.registered)) {
    const operation: Json = {
      operationId: route.id,
      summary: route.summary,
      tags: [route.id.split('.')[0]],
      parameters: parameters(route),
      responses: responses(route),
      security: route.auth.kind === 'bearer' ? [{ bearer: [route.auth.scope] }] : [],
      'x-metered': route.metering !== undefined,
      ...(route.metering ? { 'x-cache-eligible': route.metering.cacheable } : {}),
    };
    if (route.body) operation['requestBody'] = { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Sports Odds Data Service', version: 'v1 (private beta)', description: 'Generated from the route table of sports-odds-data (src/schemas).' },
    servers: [{ url: '{base_url}', variables: { base_url: { default: 'https://api.sports-odds.test' } } }],
    paths,
    components: {
      schemas: { ErrorEnvelope: schemaOf(ErrorEnvelope, 'output') },
      headers: Object.fromEntries(Object.entries(HEADER_SCHEMAS).map(([name, schema]) => [name, { schema }])),
      responses: errorResponses(),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'svc_live_ + 32 characters; scopes data:read and account:manage' } },
    },
  };
}

/** The document as committed: stable key order, two-space indent, final newline. */
export const openApiText = (): string => `${JSON.stringify(openApiDocument(), null, 2)}\n`;

if (process.argv[1]?.endsWith('openapi.ts')) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync('docs/openapi.json', openApiText());
  console.log('wrote docs/openapi.json');
}
