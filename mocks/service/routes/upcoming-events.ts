import { LIMIT_DEFAULT } from '../../../src/schemas';
import { changeRanges, type DataEvent, type Dataset, type EventRow } from '../data';
import { type EventFilters, eventFilters } from './event-filters';
import type { DataContextOf, DataResult } from '../contract';

/** Events named by `event_id` and/or `parent_id` (rule 4: any lifecycle state, not only the future). */
function exactEvents(data: Dataset, f: EventFilters, now: number): DataEvent[] {
  if (f.parentId !== undefined) {
    const parent = data.eventAt(f.parentId, now);
    const children = parent === undefined ? [] : data.childrenOf(parent).filter((c) => data.eventAt(c.eventId, now));
    return f.eventId === undefined ? children : children.filter((c) => c.eventId === f.eventId);
  }
  const one = f.eventId === undefined ? undefined : data.eventAt(f.eventId, now);
  return one === undefined ? [] : [one];
}

/** Whether an event passes the explicit filters (sport, league, window, since). */
function matches(data: Dataset, fx: DataEvent, f: EventFilters, now: number): boolean {
  const starts = data.startsAt(fx, now);
  return (
    (f.sportId === undefined || fx.sport.sportId === f.sportId) &&
    (f.leagueId === undefined || fx.league.leagueId === f.leagueId) &&
    (f.startsFrom === undefined || starts >= f.startsFrom) &&
    (f.startsTo === undefined || starts <= f.startsTo) &&
    (f.since === undefined || data.lastChangeAt(fx, now) > f.since)
  );
}

/**
 * `GET /v1/events` without `live=1` (docs/service.md, "Events"). Default and a present or
 * future `starts_from`: future pre-match events only, every start strictly after the request
 * boundary and re-checked against a fresh clock read at the end. A past `starts_from` selects
 * history; `event_id` / `parent_id` look up any lifecycle state. Ordered by (starts, event_id);
 * `limit` rows at most, truncated when more match.
 */
export function listUpcoming(ctx: DataContextOf<'events.list'>): DataResult<EventRow[]> {
  const { data } = ctx;
  const now = ctx.clock.now();
  const limit = ctx.query.limit ?? LIMIT_DEFAULT;
  const f = eventFilters(ctx.query);
  const exact = f.eventId !== undefined || f.parentId !== undefined;
  const futureBound = !exact && (f.startsFrom === undefined || f.startsFrom >= now);

  let candidates: Iterable<DataEvent>;
  if (exact) {
    candidates = exactEvents(data, f, now).sort((a, b) => data.startsAt(a, now) - data.startsAt(b, now) || a.eventId - b.eventId);
  } else {
    const from = futureBound ? Math.max(f.startsFrom ?? now, now + 1) : (f.startsFrom ?? now);
    const to = f.startsTo ?? Infinity;
    // A generated record changes at bounded offsets from its start: with `since`, only some ranges of starts can match.
    const ranges = f.since === undefined ? undefined : changeRanges(f.since, now);
    candidates = data.eventsBetween(from, to, now, { sportId: f.sportId, leagueId: f.leagueId }, ranges);
  }

  const found: DataEvent[] = [];
  for (const fx of candidates) {
    if (futureBound && data.startsAt(fx, now) <= now) continue;
    if (!matches(data, fx, f, now)) continue;
    found.push(fx);
    if (found.length > limit) break;
  }
  const truncated = found.length > limit;
  const listed = found.slice(0, limit);
  // Final validation (rule 1): every start must still be in the future at a fresh clock read.
  const fresh = futureBound ? ctx.clock.now() : now;
  const page = futureBound ? listed.filter((fx) => data.startsAt(fx, now) > fresh) : listed;
  const body = page.map((fx) => data.event(fx, now));
  // Nothing dropped at the fresh read: this is the answer of the reading `now` alone, which the same query there repeats.
  return page.length === listed.length ? { body, rows: body.length, truncated, holdsAt: now } : { body, rows: body.length, truncated };
}
