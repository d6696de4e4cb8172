import type { DataEvent, Dataset, EventBase } from '../data';
import { notFound } from '../service-refusal';
import type { DataContext, DataResult } from '../contract';

/** Rows cut to the row cap, with `truncated` set when some were left out. */
export function capped<T>(rows: readonly T[], rowCap: number): DataResult<T[]> {
  const body = rows.length > rowCap ? rows.slice(0, rowCap) : rows.slice();
  return { body, rows: body.length, truncated: rows.length > rowCap };
}

/** The event of an event route's path, as it exists at `now`; `404 not_found` when it does not. */
export function requireEvent(ctx: DataContext<{ readonly event_id: number }, unknown>, now: number): DataEvent {
  const fixture = ctx.data.eventAt(ctx.params.event_id, now);
  if (fixture === undefined) throw notFound(`event ${ctx.params.event_id} not found`);
  return fixture;
}

/** Milliseconds of an RFC 3339 timestamp the query schema has already validated. */
export const ms = (timestamp: string): number => Date.parse(timestamp);

/**
 * Whether nothing about the event can change any more at `now` or later: it ended, was settled, and
 * any correction is in. Answers about such an event are stable (the pipeline may keep them serialized).
 */
const isFinal = (fixture: EventBase, now: number): boolean => now >= Math.max(fixture.endAt, fixture.settledAt, fixture.correctedAt ?? 0);

/**
 * Whether an event's price history is complete at `now`: it ended and its last snapshot is recorded
 * (later settlement and corrections change results and closing rows, never a snapshot).
 */
export const historyFinal = (fixture: EventBase, lastSnapshotAt: number, now: number): boolean =>
  now >= Math.max(fixture.endAt, lastSnapshotAt);

/** A per-event answer, marked stable once the event is final. */
const aboutEvent = <T>(result: DataResult<T>, fixture: EventBase, now: number): DataResult<T> =>
  isFinal(fixture, now) ? { ...result, stable: true } : result;

/**
 * The handler of a per-event route answering the event's rows as they stand at now: `404 not_found` for an event that
 * does not exist yet, the rows cut to the row cap, the answer marked stable once the event is final.
 *
 * @example
 * export const eventResults: DataHandler<'events.results'> = eventRowsHandler((data, event, now) => data.results(event, now));
 */
export const eventRowsHandler =
  <T>(rowsOf: (data: Dataset, event: DataEvent, now: number) => readonly T[]) =>
  (ctx: DataContext<{ readonly event_id: number }, unknown>): DataResult<T[]> => {
    const now = ctx.clock.now();
    const event = requireEvent(ctx, now);
    return aboutEvent(capped(rowsOf(ctx.data, event, now), ctx.rowCap), event, now);
  };
