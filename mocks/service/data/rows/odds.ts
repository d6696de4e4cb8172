import { snapshotRows } from './snapshots';
import type { OddsRow } from './types';
import { firstAfter, type Timeline } from '../events';

/** What the odds route asks for (docs/service.md, "Prices", odds rules 1 to 5). */
export interface OddsRequest {
  /** `full_history=1`: every snapshot up to now. */
  readonly fullHistory: boolean;
  /** Only rows recorded strictly after this instant (history mode). */
  readonly since?: number;
  /** Only primary rows (`alt_line_id` null). */
  readonly mainOnly: boolean;
  /** Most rows one response holds. */
  readonly rowCap: number;
}

/** Rows plus whether more matched than were returned. */
export interface RowPage<T> {
  readonly rows: T[];
  readonly truncated: boolean;
}

/** Latest mode: per period, every row of its greatest line_id snapshot recorded by now. */
function latest(tl: Timeline, now: number, mainOnly: boolean): OddsRow[] {
  const wanted = new Set(tl.periods);
  const picked: number[] = [];
  for (let i = firstAfter(tl, now) - 1; i >= 0 && wanted.size > 0; i--) {
    const period = tl.period[i] as number;
    if (!wanted.has(period)) continue;
    wanted.delete(period);
    picked.push(i);
  }
  picked.sort((a, b) => (tl.period[a] as number) - (tl.period[b] as number));
  return picked.flatMap((i) => snapshotRows(tl, i, mainOnly));
}

/**
 * History mode: snapshots recorded after `since` (or all) up to now, in line_id order. A cut at
 * the row cap falls between two snapshot instants, so polling again with `since` set to the last
 * returned timestamp continues exactly where this page stopped.
 */
function history(tl: Timeline, now: number, req: OddsRequest): RowPage<OddsRow> {
  const end = firstAfter(tl, now);
  let i = req.since === undefined ? 0 : firstAfter(tl, req.since);
  const rows: OddsRow[] = [];
  while (i < end) {
    const at = tl.t[i] as number;
    const group: OddsRow[] = [];
    let j = i;
    for (; j < end && tl.t[j] === at; j++) group.push(...snapshotRows(tl, j, req.mainOnly));
    if (rows.length + group.length > req.rowCap) {
      if (rows.length === 0) rows.push(...group.slice(0, req.rowCap));
      return { rows, truncated: true };
    }
    rows.push(...group);
    i = j;
  }
  return { rows, truncated: false };
}

/** The odds of an event at `now` (latest, or history with `full_history`/`since`). */
export function oddsAt(tl: Timeline, now: number, req: OddsRequest): RowPage<OddsRow> {
  if (!req.fullHistory && req.since === undefined) {
    const rows = latest(tl, now, req.mainOnly);
    return rows.length > req.rowCap ? { rows: rows.slice(0, req.rowCap), truncated: true } : { rows, truncated: false };
  }
  return history(tl, now, req);
}
