/**
 * The words of the generated route tables that the route table cannot hold: what each route
 * answers, in the words of docs/service.md, and for each data route what it answers for an event a
 * test added, what an id that names nothing gets, and why the SDK caches it as long as it does. Everything else in those tables (routes,
 * methods, parameters, body fields, headers, statuses) is read from the route table itself.
 *
 * Typed by the route table: a route of the table without its notes here is a compile error, and so
 * is a data route whose query takes an id (`sport_id`, `event_id`...) without saying what an unknown
 * one gets. Only the docs' generator reads this module (`npm run docs:tables`), so neither the SDK
 * nor the mock carries it.
 */
import type { QueryOf } from '../../src/schemas/route-types';
import type { DataRouteId, RouteDef, RouteId } from '../../src/schemas';

/** The ids a data route's query takes (`sport_id`, `event_id`...). */
type QueryIds<Id extends DataRouteId> = Extract<keyof QueryOf<Id>, `${string}_id`>;

/**
 * What an id in a data route's query that names nothing gets: `filter`, an empty answer (the id
 * narrows a listing); `lookup`, `404 not_found` (the route looks the id up). An id in the path is
 * always looked up.
 */
type UnknownQueryId = 'filter' | 'lookup';

/** The notes of a data route. */
type DataRouteNotes<Id extends DataRouteId> = {
  /** What it answers (docs/service.md, "Data routes"). */
  answers: string;
  /** What it answers for an event added by a test, `mock.data.addEvent(spec)` (docs/testing.md). */
  addedEvent: string;
  /**
   * Why the SDK keeps its answers as long as it does by default (docs/caching.md, "The defaults"), in the words of
   * docs/service.md: the route table's `metering.cacheable` decides how long.
   */
  cache: string;
} & ([QueryIds<Id>] extends [never] ? { unknownQueryId?: never } : { unknownQueryId: UnknownQueryId });

/** The notes of an account, key or credential operation. */
interface OperationNotes {
  /** What it answers (docs/service.md, "Account and key routes" or "Credential delivery"). */
  answer: string;
}

/** The notes of every route of the table. */
type RouteNotes = { readonly [Id in RouteId]: Id extends DataRouteId ? DataRouteNotes<Id> : OperationNotes };

const catalogUnchanged = 'the catalog as generated: an added event belongs to one of its sports and leagues and adds none';
const catalogCached =
  'cache-eligible: the service answers the same within its own window of about an hour ("Cache") and charges each `HIT`';
const pricesMove = 'prices move; odds are never cached by the service ("Cache")';

export const ROUTE_NOTES: RouteNotes = {
  'catalog.sports': {
    answers: 'sports and their offering flags (cached about an hour)',
    addedEvent: catalogUnchanged,
    cache: catalogCached,
  },
  'catalog.leagues': { answers: 'leagues', addedEvent: catalogUnchanged, unknownQueryId: 'filter', cache: catalogCached },
  'catalog.periods': { answers: 'period definitions', addedEvent: catalogUnchanged, unknownQueryId: 'filter', cache: catalogCached },
  'events.list': {
    answers: 'events',
    addedEvent:
      'the event in (starts, event_id) order with the generated ones, from `listed_from` on (default 14 days before the kickoff); `version` counts its record changes (listed, first price, kickoff, end, settlement, correction), which is what `since` compares; with `live=1`, while in play and offered: its latest in-play snapshot is open, not suspended, and its cutoff is ahead',
    unknownQueryId: 'filter',
    cache: 'fixtures change and carry a `version` ("Events"); live listings are never cached ("Cache")',
  },
  'events.odds': {
    answers: 'price snapshots',
    addedEvent:
      'latest: per period, every row of its last snapshot; history (`full_history`, `since`): every snapshot in line_id order, cut at 5,000 rows between two snapshots, so `since` continues exactly',
    cache: pricesMove,
  },
  'events.openingLines': {
    answers: 'opening lines',
    addedEvent:
      'the earliest snapshot of each market, period and line; a moved line opens where it first appears, a line first quoted in play opens in play',
    cache: 'a line first quoted later opens later: rows are added ("Prices", opening line)',
  },
  'events.closingLines': {
    answers: 'closing lines',
    addedEvent:
      'once kicked off, the board of each period at its last snapshot before the kickoff ([service.md](service.md#prices)): a line removed before the close has no closing row, a period first quoted in play has none',
    cache:
      'a closing line is final once available, but "corrections replace rows of that snapshot [...] so refresh when revisions matter" ("Prices"): a kept copy could hide a correction',
  },
  'events.results': {
    answers: 'one result row per period',
    addedEvent:
      'a row per period (0, and every period of `result`, `scores`, `correction`) from the kickoff: pending with the running score, settled, re-settled (status 2) or cancelled (status 3)',
    cache: 'results can be corrected',
  },
  'events.props': {
    answers: 'event props (special markets)',
    addedEvent: "the spec's props, one row per contestant",
    cache: 'cache-eligible, as the catalog ("Cache": props)',
  },
  'props.odds': {
    answers: 'prices of one prop (`prop_id` is a `special_id`)',
    addedEvent: "the prices of the spec's props: latest (per contestant line) or in full",
    cache: pricesMove,
  },
  'outrights.list': {
    answers: 'outrights',
    addedEvent: 'the outrights as generated: an added event has none',
    unknownQueryId: 'filter',
    cache: 'cache-eligible, as the catalog ("Cache": outrights)',
  },
  'analytics.clv': {
    answers: 'one CLV analysis',
    addedEvent: 'matched on its closing board: `clv = odds / true_closing_odds - 1` exactly; `404 not_found` for a line not on it',
    unknownQueryId: 'lookup',
    cache: 'measured against the closing line, which corrections can change ("CLV analysis")',
  },

  'account.get': {
    answer: 'email, status, plan (`slug`, `name`, `daily_credit_limit`, `rate_limit_rps`), quota (both windows), recovery-email status',
  },
  'account.usage': {
    answer:
      '`{ days, from, to, series: [{ date, requests, credits }] }` over `days` 1 to 90 (default 30), one entry per UTC day, zero-filled',
  },
  'account.requestHealth': { answer: 'report over `days` 1 to 90; detail pages continue with `next_cursor`' },
  'keys.list': { answer: 'key records: `id`, `name`, `prefix`, `scopes`, `status`, `created_at`, `last_used_at`, `revoked_at`' },
  'keys.create': { answer: 'the record plus `api_key` (shown once)' },
  'keys.revoke': { answer: 'the record (revoking again answers the same)' },
  'keys.rotate': { answer: 'the replacement and `recovery_expires_at`' },
  'recoveryEmail.resend': { answer: 'always the same answer (one real send per 10 minutes)' },
  'billing.portal': { answer: 'not registered during the private beta (`404`)' },
  'checkout.intent': { answer: "`{ status, checkout_url? (while open), next_url? ('/claim' once paid) }`" },
  'checkout.claim': { answer: 'the key with both scopes, or `claim_pending` before payment completes' },
  'recovery.request': { answer: 'always the same answer: nothing reveals whether the address exists' },
  'recovery.claim': { answer: 'the sole replacement key with both scopes' },
  'recoveryEmail.verify': { answer: 'verified' },
};

/** A route's notes as the tables read them, whatever its kind. */
interface NotesView {
  answers?: string;
  addedEvent?: string;
  cache?: string;
  unknownQueryId?: UnknownQueryId;
  answer?: string;
}

/**
 * A note of a route of the table.
 *
 * @throws Error when the route has no such note (a route of another kind, or not of the table).
 */
export function noteOf<K extends keyof NotesView>(route: RouteDef, note: K): NonNullable<NotesView[K]> {
  const notes: Readonly<Record<string, NotesView>> = ROUTE_NOTES;
  const value = notes[route.id]?.[note];
  if (value === undefined) throw new Error(`scripts/tables/route-notes.ts: ${route.id} has no ${note}`);
  return value;
}
