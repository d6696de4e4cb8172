import { lastInstantOf, type EventsQuery } from '../../../src/schemas';
import { ms } from './common';

/** The filters of an events query, with times as milliseconds. */
export interface EventFilters {
  readonly sportId?: number | undefined;
  readonly leagueId?: number | undefined;
  readonly eventId?: number | undefined;
  readonly parentId?: number | undefined;
  readonly startsFrom?: number | undefined;
  /** Inclusive upper bound: a UTC day runs through 23:59:59.999Z. */
  readonly startsTo?: number | undefined;
  readonly since?: number | undefined;
}

/** Reads the filters of a decoded events query. */
export function eventFilters(q: EventsQuery): EventFilters {
  return {
    sportId: q.sport_id,
    leagueId: q.league_id,
    eventId: q.event_id,
    parentId: q.parent_id,
    startsFrom: q.starts_from === undefined ? undefined : ms(q.starts_from),
    startsTo: q.starts_to === undefined ? undefined : lastInstantOf(q.starts_to),
    since: q.since === undefined ? undefined : ms(q.since),
  };
}

/**
 * The canonical form of the filters a live cursor is bound to: every parameter but `cursor` and
 * `limit` (the page size may change between pages), times normalized to milliseconds.
 */
export function canonicalFilters(q: EventsQuery): string {
  const f = eventFilters(q);
  const entries: [string, number | boolean | null][] = [
    ['event_id', f.eventId ?? null],
    ['league_id', f.leagueId ?? null],
    ['live', q.live ?? null],
    ['parent_id', f.parentId ?? null],
    ['since', f.since ?? null],
    ['sport_id', f.sportId ?? null],
    ['starts_from', f.startsFrom ?? null],
    ['starts_to', f.startsTo ?? null],
  ];
  return JSON.stringify(entries);
}
