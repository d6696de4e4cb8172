import type { EventBase } from './event-base';
import { type Fixture, MAX_RESCHEDULE_SHIFT } from './fixtures';
import { DAY, HOUR, LISTING_HORIZON, ODDS_OPEN_LEAD } from '../shared';

/** Event `live_status` codes (docs/service.md, "Numeric codes and identifiers"). */
const LIVE_STATUS = { preMatch: 0, inPlay: 1, ended: 2 } as const;

/** Whether the fixture exists (is listed) at `now`: two weeks before its start. */
export const existsAt = (f: Fixture, now: number): boolean => f.createdAt <= now;

/** The start shown at `now`: the original one until the reschedule is published. */
export const startsAt = (f: Fixture, now: number): number =>
  f.rescheduleAt !== null && now < f.rescheduleAt ? f.originalStarts : f.starts;

/** 0 before the start, 1 in play, 2 ended (finished or abandoned). */
export function liveStatusAt(f: Pick<EventBase, 'starts' | 'endAt'>, now: number): 0 | 1 | 2 {
  if (now < f.starts) return LIVE_STATUS.preMatch;
  return now < f.endAt ? LIVE_STATUS.inPlay : LIVE_STATUS.ended;
}

/**
 * The event's version at `now` (docs/service.md, "Events"): the number of record changes so far (1 once created). The
 * record changes when created, rescheduled, odds opened, at kickoff, end, settlement and correction; counted without
 * building a list (an event row reads it for every event of a listing).
 */
export function versionAt(f: Fixture, now: number): number {
  let version = 0;
  if (f.createdAt <= now) version++;
  if (f.rescheduleAt !== null && f.rescheduleAt <= now) version++;
  if (f.priced && f.openAt <= now) version++;
  if (f.starts <= now) version++;
  if (f.endAt <= now) version++;
  if (f.settledAt <= now) version++;
  if (f.correctedAt !== null && f.correctedAt <= now) version++;
  return version;
}

/** The instant of the latest record change at or before `now` (what `since` compares). */
export function lastChangeAt(f: Fixture, now: number): number {
  const candidates = [
    f.createdAt,
    f.rescheduleAt ?? -Infinity,
    f.priced ? f.openAt : -Infinity,
    f.starts,
    f.endAt,
    f.settledAt,
    f.correctedAt ?? -Infinity,
  ];
  let last = f.createdAt;
  for (const t of candidates) if (t <= now && t > last) last = t;
  return last;
}

/** How long after its start an event can still change (end, settlement, correction). */
const MAX_CHANGE_TAIL = 4 * DAY;

/**
 * Ranges of starts whose fixtures can change in (since, now]: changes sit at bounded offsets from the start
 * (-14 days to +4 days). Ascending, merged, widened by the largest reschedule shift.
 */
export function changeRanges(since: number, now: number): [number, number][] {
  const pad = MAX_RESCHEDULE_SHIFT;
  const ranges: [number, number][] = [
    [since - MAX_CHANGE_TAIL, now],
    [since + ODDS_OPEN_LEAD - HOUR, now + ODDS_OPEN_LEAD],
    [since + LISTING_HORIZON - 6 * DAY, now + LISTING_HORIZON - DAY],
    [since + LISTING_HORIZON, now + LISTING_HORIZON],
  ]
    .map(([a, b]): [number, number] => [(a as number) - pad, (b as number) + pad])
    .sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last !== undefined && range[0] <= last[1] + 1) last[1] = Math.max(last[1], range[1]);
    else merged.push(range);
  }
  return merged;
}
