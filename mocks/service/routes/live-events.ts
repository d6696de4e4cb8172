import { LIMIT_DEFAULT, LIVE_CANDIDATES_READ, liveVerifyBudget } from '../../../src/schemas';
import { type DataEvent, type Dataset, type EventRow, MAX_EVENT_LENGTH } from '../data';
import { type EventFilters, eventFilters } from './event-filters';
import { encodeLiveCursor, type LiveCursorState, liveCursorOf } from './live-cursor';
import type { DataContextOf, DataResult } from '../contract';

type Position = LiveCursorState['position'];

const after = (f: DataEvent, p: Position | undefined): boolean =>
  p === undefined || f.starts > p.starts || (f.starts === p.starts && f.eventId > p.eventId);

/** Whether a fixture is a live candidate: kicked off by the snapshot, in play now, matching the filters. */
function isCandidate(data: Dataset, fx: DataEvent, f: EventFilters, kickoff: number, now: number): boolean {
  return (
    fx.starts <= kickoff &&
    data.liveStatus(fx, now) === 1 &&
    (f.sportId === undefined || fx.sport.sportId === f.sportId) &&
    (f.leagueId === undefined || fx.league.leagueId === f.leagueId) &&
    (f.parentId === undefined || fx.parentId === f.parentId) &&
    (f.startsFrom === undefined || fx.starts >= f.startsFrom) &&
    (f.startsTo === undefined || fx.starts <= f.startsTo) &&
    (f.since === undefined || data.lastChangeAt(fx, now) > f.since)
  );
}

/**
 * The bounded candidate boundary of one page (rule 7): candidates after the position, in
 * (starts, event_id) order, at most LIVE_CANDIDATES_READ of them; `more` when others follow.
 */
function readCandidates(data: Dataset, f: EventFilters, kickoff: number, now: number, position: Position | undefined) {
  if (f.eventId !== undefined) {
    const fx = data.eventAt(f.eventId, now);
    const list = fx !== undefined && isCandidate(data, fx, f, kickoff, now) && after(fx, position) ? [fx] : [];
    return { list, more: false };
  }
  const from = Math.max(f.startsFrom ?? -Infinity, now - MAX_EVENT_LENGTH, position?.starts ?? -Infinity);
  const to = Math.min(f.startsTo ?? Infinity, kickoff);
  const list: DataEvent[] = [];
  for (const fx of data.eventsBetween(from, to, now, { sportId: f.sportId, leagueId: f.leagueId })) {
    if (!after(fx, position) || !isCandidate(data, fx, f, kickoff, now)) continue;
    if (list.length === LIVE_CANDIDATES_READ) return { list, more: true };
    list.push(fx);
  }
  return { list, more: false };
}

/**
 * `GET /v1/events?live=1` (docs/service.md, "Events"): currently offered in-play events. A page reads
 * the candidate boundary, verifies at most max(4, 2 x limit) (capped at 512) candidates, returns
 * up to `limit` offered ones re-checked at a fresh clock read, and a signed cursor while
 * candidates remain. Past `liveScanLimit` verified candidates the scan ends truncated, without a cursor.
 */
export async function listLive(ctx: DataContextOf<'events.list'>): Promise<DataResult<EventRow[]>> {
  const { data } = ctx;
  const now = ctx.clock.now();
  const limit = ctx.query.limit ?? LIMIT_DEFAULT;
  const cursor = await liveCursorOf(ctx.query, ctx.cursorSecret, now);
  const kickoff = cursor?.kickoff ?? now;
  const scannedBefore = cursor?.scanned ?? 0;
  const f = eventFilters(ctx.query);
  const { list, more } = readCandidates(data, f, kickoff, now, cursor?.position);
  const budget = liveVerifyBudget(limit);

  const offered: DataEvent[] = [];
  let verified = 0;
  let scanLimitReached = false;
  for (const fx of list) {
    if (offered.length >= limit || verified >= budget) break;
    if (scannedBefore + verified >= ctx.liveScanLimit) {
      scanLimitReached = true;
      break;
    }
    verified++;
    if (data.liveState(fx, now) === 'offered') offered.push(fx);
  }
  const remaining = more || verified < list.length;

  // Final validation (rule 5): still in play and offered at a fresh clock read.
  const fresh = ctx.clock.now();
  const body = offered
    .filter((fx) => data.liveStatus(fx, fresh) === 1 && data.liveState(fx, fresh) === 'offered')
    .map((fx) => data.event(fx, fresh));

  if (!remaining || scanLimitReached) {
    return { body, rows: body.length, truncated: remaining, verified };
  }
  const last = list[verified - 1] as DataEvent;
  const nextCursor = await encodeLiveCursor(
    ctx.query,
    { kickoff, position: { starts: last.starts, eventId: last.eventId }, scanned: scannedBefore + verified, issuedAt: now },
    ctx.cursorSecret,
  );
  return { body, rows: body.length, truncated: true, nextCursor, verified };
}
