import type { EventBase, LiveState, Timeline } from './events';
import type { EventRow, LineMarks, ResultRow, SpecialOddsRow } from './rows';

/**
 * What the dataset reads of one kind of event (docs/service.md, "Prices"): its record, lifecycle, timeline,
 * results and specials. Generated events (`generated.ts`) and added ones (`added/source.ts`) each implement it,
 * and the dataset holds one source per kind (`index.ts`): a new kind of event is a compile error there until its
 * source implements every method.
 */
export interface EventSource<E extends EventBase, P> {
  /** The start shown at `now` (a reschedule is shown once published). */
  startsAt(e: E, now: number): number;
  /** The event record at `now`. */
  row(e: E, now: number): EventRow;
  /** Instant of the latest record change by `now` (what `since` compares). */
  lastChangeAt(e: E, now: number): number;
  /** Where the event stands for `live=1`: offered, suspended, expired, ... */
  liveState(e: E, now: number): LiveState;
  /** The price timeline every price and result route reads. */
  timeline(e: E): Timeline;
  /** The first quote of each line: what the opening lines read. */
  marks(e: E): LineMarks;
  results(e: E, now: number): ResultRow[];
  /** The child (derivative) events. */
  children(e: E): E[];
  /** The specials (props) of the event, each one `specialOdds` prices. */
  specials(e: E): readonly P[];
  /** Prices of one of its specials: latest (one row per contestant line) or all up to `now`. */
  specialOdds(special: P, now: number, fullHistory: boolean): SpecialOddsRow[];
}
