import { snapshotRows } from './odds-rows';
import type { OddsRow } from './rows';
import { firstAfter, type Timeline } from './timeline';

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

/** Where rows go as they are made, in order: an array, or a route's answer written as text. */
export interface RowSink<T> {
  add(row: T): void;
  readonly count: number;
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
 * History mode: snapshots recorded after `since` (or all) up to now, in line_id order, each row into
 * `into` as it is made. A cut at the row cap falls between two snapshot instants, so polling again
 * with `since` set to the last returned timestamp continues exactly where this page stopped.
 */
function history(tl: Timeline, now: number, req: OddsRequest, into: RowSink<OddsRow>): boolean {
  const end = firstAfter(tl, now);
  let i = req.since === undefined ? 0 : firstAfter(tl, req.since);
  while (i < end) {
    const at = tl.t[i] as number;
    const group: OddsRow[] = [];
    let j = i;
    for (; j < end && tl.t[j] === at; j++) group.push(...snapshotRows(tl, j, req.mainOnly));
    if (into.count + group.length > req.rowCap) {
      if (into.count === 0) for (const row of group.slice(0, req.rowCap)) into.add(row);
      return true;
    }
    for (const row of group) into.add(row);
    i = j;
  }
  return false;
}

/** The odds of an event at `now` (latest, or history with `full_history`/`since`), each row into `into`; whether the cap cut them. */
export function oddsInto(tl: Timeline, now: number, req: OddsRequest, into: RowSink<OddsRow>): boolean {
  if (req.fullHistory || req.since !== undefined) return history(tl, now, req, into);
  const rows = latest(tl, now, req.mainOnly);
  for (const row of rows.length > req.rowCap ? rows.slice(0, req.rowCap) : rows) into.add(row);
  return rows.length > req.rowCap;
}

/** The odds of an event at `now` as an array. */
export function oddsAt(tl: Timeline, now: number, req: OddsRequest): RowPage<OddsRow> {
  const rows: OddsRow[] = [];
  const truncated = oddsInto(tl, now, req, {
    add: (row) => rows.push(row),
    get count() {
      return rows.length;
    },
  });
  return { rows, truncated };
}
