import * as z from 'zod/mini';
import type { Schema } from '../../schemas/route';

/**
 * Wire parameters decoded by the route's codecs, as the service reads them: what a computation on the client must
 * start from to agree with the service bit for bit (a decimal is sent with at most 12 decimals, so `1.0100000000000002`
 * reads back as `1.01`). Loaded on demand by what needs it; `encoded` is what `encodeParams` returned for the schema.
 *
 * @example
 * decodeParams(routes['analytics.clv'].query, { event_id: '42', market: 'moneyline', side: 'home', odds: '2.1' });
 */
export function decodeParams<T>(schema: Schema, encoded: Record<string, string>): T {
  return z.decode(schema as z.ZodMiniType, encoded) as T;
}
