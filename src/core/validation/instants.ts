/**
 * The instants of the SDK's parameters, as a user has them (a `Date`, RFC 3339 with `+00:00`) and as the service takes them (RFC 3339
 * with `Z`, docs/service.md, "Parameter formats"). A leaf that imports only the instants' text (another leaf): it runs only once the
 * encoder has refused a value, and in the paging of scans and polls, both loaded on demand.
 */
import { isoTrimmed } from '../../schemas/instant-text';

/** The query parameters that are instants (a test holds this list to the route table's instant schemas). */
export const INSTANT_PARAMS: readonly string[] = ['starts_from', 'starts_to', 'since'];

/**
 * An instant as the service takes it: a valid `Date` as its ISO text (whole seconds without `.000`), RFC 3339 text in UTC written
 * with `+00:00` with `Z` instead; anything else as given, for the parameter's schema to judge (an invalid `Date` is refused by name).
 *
 * @example
 * utcInstant(new Date(Date.UTC(2026, 10, 18))); // '2026-11-18T00:00:00Z'
 * utcInstant('2026-11-18T00:00:00+00:00'); // '2026-11-18T00:00:00Z'
 * utcInstant('2026-11-18'); // '2026-11-18'
 */
export function utcInstant<T>(value: T): T | string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? value : isoTrimmed(value.getTime());
  return typeof value === 'string' && /T.*\+00:00$/.test(value) ? `${value.slice(0, -6)}Z` : value;
}

/**
 * `query` with each instant parameter as the service takes it (`utcInstant`): the same object when none changes.
 *
 * @example
 * withUtcInstants({ sport_id: 29, starts_from: new Date(0) }); // { sport_id: 29, starts_from: '1970-01-01T00:00:00Z' }
 */
export function withUtcInstants<Q>(query: Q): Q {
  if (typeof query !== 'object' || query === null) return query;
  let out = query as Record<string, unknown>;
  for (const name of INSTANT_PARAMS) {
    const given = out[name];
    const sent = utcInstant(given);
    if (sent !== given) out = { ...out, [name]: sent };
  }
  return out as Q;
}
