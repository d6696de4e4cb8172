import type { Schema } from '../../schemas/route';
import { encoderOf } from './fast-encoders';
import { InvalidParametersError } from '../errors';

/**
 * Encodes typed parameters into wire strings through the route's codecs; anything the service would refuse rejects with a local
 * `InvalidParametersError` (nothing sent or charged) naming the parameter, what it takes and the value (masked if key-like).
 *
 * @example
 * await encodeParams(routes['events.list'].query, { sport_id: 29, live: true }); // { sport_id: '29', live: '1' }
 */
export async function encodeParams(schema: Schema, value: unknown): Promise<Record<string, string>> {
  const input = value ?? {};
  const encoded = encoderOf(schema)?.(input);
  if (encoded !== undefined) return encoded;
  // Refused (or a schema the encoder does not cover): zod, loaded now, encodes and names every issue.
  const { encodeOrReport } = await import('./issue-report');
  const result = encodeOrReport(schema, input);
  if ('issues' in result) throw InvalidParametersError.local(result.issues);
  return result.encoded;
}
