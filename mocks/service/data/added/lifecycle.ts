import { liveStatusAt, firstAfter, type LiveState } from '../events';
import { sourceFeedId, type EventRow } from '../rows';
import type { AddedEvent } from './event';
import { isoSeconds } from '../../../../src/schemas/instant-text';

/** The instants an added event's record changes: listed, priced, kickoff, end, settled, corrected. */
function changeTimes(e: AddedEvent): number[] {
  const times = [e.listedAt, e.starts, e.endAt];
  if (e.openAt !== null) times.push(e.openAt);
  if (Number.isFinite(e.settledAt)) times.push(e.settledAt);
  if (e.correctedAt !== null) times.push(e.correctedAt);
  return times;
}

/** The instant of the latest record change at or before `now` (what `since` compares). */
export const addedLastChangeAt = (e: AddedEvent, now: number): number =>
  changeTimes(e).reduce((last, t) => (t <= now && t > last ? t : last), e.listedAt);

/** The event record (docs/service.md, "Events") of an added event at `now`. */
export function addedEventRow(e: AddedEvent, now: number): EventRow {
  return {
    event_id: e.eventId,
    parent_id: null,
    starts: isoSeconds(e.starts),
    runner_home: e.home,
    runner_away: e.away,
    live_status: liveStatusAt(e, now),
    opening_available: e.openAt !== null && now >= e.openAt,
    closing_available: e.hasPrematch && now >= e.starts,
    resulting_unit: e.sport.resultingUnit,
    version: changeTimes(e).filter((t) => t <= now).length,
    source_feed_id: sourceFeedId(e),
  };
}

/**
 * Where an added event stands for `live=1` at `now`, read from its timeline as latest mode would
 * answer: offered when the latest snapshot of some period is in play, not suspended, and holds an open
 * line whose cutoff is after `now` (docs/service.md, "Data routes").
 */
export function addedLiveState(e: AddedEvent, now: number): LiveState {
  if (now < e.starts) return 'prematch';
  if (now >= e.endAt) return 'ended';
  const tl = e.timeline;
  const seen = new Set<number>();
  let inPlay = false;
  let quoted = false;
  for (let i = firstAfter(tl, now) - 1; i >= 0 && seen.size < tl.periods.length; i--) {
    const period = tl.period[i] as number;
    if (seen.has(period)) continue;
    seen.add(period);
    if (tl.live[i] !== 1) continue;
    inPlay = true;
    const quotes = tl.quotes(i);
    const open = tl.status[i] === 1 && quotes.some((q) => q.status === 1);
    if (open && (tl.cutoff[i] as number) > now) return 'offered';
    if (open || quotes.length === 0) quoted = true;
  }
  if (!inPlay) return 'not-covered';
  return quoted ? 'expired' : 'suspended';
}
