import * as z from 'zod/mini';
import type { Schema } from '../schemas/route';
import { InvalidParametersError } from './errors/api';

/**
 * Encodes typed parameters into their wire strings through the route's codecs (the same schemas
 * the service decodes with): booleans become `1`/`0`, numbers decimal text. Anything the service
 * would refuse throws a local `InvalidParametersError` (nothing sent, nothing charged).
 *
 * @example
 * encodeParams(routes['events.list'].query, { sport_id: 29, live: true }); // { sport_id: '29', live: '1' }
 */
export function encodeParams(schema: Schema, value: unknown): Record<string, string> {
  const result = z.safeEncode(schema, (value ?? {}) as never);
  if (!result.success) {
    throw InvalidParametersError.local(
      result.error.issues.map((i) => ({
        path: i.path.map(String).join('.'),
        message: i.code === 'unrecognized_keys' ? `unknown parameter(s): ${(i as { keys?: string[] }).keys?.join(', ') ?? ''}` : i.message,
      })),
    );
  }
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(result.data as Record<string, unknown>)) {
    if (v !== undefined) out[name] = String(v);
  }
  return out;
}

/** A query string (`?a=1&b=2`) of encoded parameters, or `''` when there are none. */
export function queryString(params: Readonly<Record<string, string>>): string {
  const search = new URLSearchParams(params).toString();
  return search === '' ? '' : `?${search}`;
}
