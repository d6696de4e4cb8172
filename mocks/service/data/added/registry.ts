import type { FixtureFilter } from '../fixtures';
import { compileEvent, parseEventSpec } from './compile';
import type { AddedEvent } from './event';
import { decodeAddedSpecialId } from './props';
import { ADDED_LIMITS } from './spec';
import { SpecError } from './spec-error';

/** Added events take ids below every generated one (those start at 10,000,000: ids.ts). */
const ADDED_ID_MAX = 9_999_999;
/** Where ids are counted from when a spec names none. */
const FIRST_AUTO_ID = 9_000_001;

/** Whether an id is in the range of added events (no generated event can have it). */
export const isAddedId = (eventId: number): boolean => Number.isSafeInteger(eventId) && eventId >= 1 && eventId <= ADDED_ID_MAX;

/**
 * The events a test added, by id. Each add compiles at once (a `SpecError` changes nothing) and takes a
 * fresh revision, so an answer kept for an earlier event under the same id is never served for it.
 */
export class AddedEvents {
  readonly #byId = new Map<number, AddedEvent>();
  #ordered: AddedEvent[] | undefined;
  #revision = 0;

  /** Adds (or, for an id already added, replaces) an event from its spec at the mock's `now`. */
  add(input: unknown, now: number): AddedEvent {
    const spec = parseEventSpec(input);
    const eventId = spec.event_id ?? this.#nextId();
    if (!this.#byId.has(eventId) && this.#byId.size >= ADDED_LIMITS.events) {
      throw new SpecError('', `a mock holds at most ${ADDED_LIMITS.events} added events: remove some, or reset`);
    }
    const event = compileEvent(spec, { eventId, revision: this.#revision + 1, now });
    this.#revision += 1;
    this.#byId.set(eventId, event);
    this.#ordered = undefined;
    return event;
  }

  /** Removes an added event; false when there is none with this id. */
  remove(eventId: number): boolean {
    const removed = this.#byId.delete(eventId);
    if (removed) this.#ordered = undefined;
    return removed;
  }

  clear(): void {
    this.#byId.clear();
    this.#ordered = undefined;
  }

  get(eventId: number): AddedEvent | undefined {
    return this.#byId.get(eventId);
  }

  /** Every added event in (kickoff, event id) order. */
  list(): readonly AddedEvent[] {
    this.#ordered ??= [...this.#byId.values()].sort((a, b) => a.starts - b.starts || a.eventId - b.eventId);
    return this.#ordered;
  }

  /** Listed events of a filter whose kickoff is in [from, to], in (kickoff, event id) order. */
  between(from: number, to: number, now: number, filter: FixtureFilter): AddedEvent[] {
    return this.list().filter(
      (e) =>
        e.listedAt <= now &&
        e.starts >= from &&
        e.starts <= to &&
        (filter.sportId === undefined || e.sport.sportId === filter.sportId) &&
        (filter.leagueId === undefined || e.league.leagueId === filter.leagueId),
    );
  }

  /** The tag kept answers are keyed with: `@r<revision>` for an added event or prop id, '' for a generated one. */
  revisionTag(params: Readonly<Record<string, unknown>>): string {
    const eventId = params['event_id'];
    const propId = params['prop_id'];
    const id = typeof eventId === 'number' ? eventId : typeof propId === 'number' ? decodeAddedSpecialId(propId)?.eventId : undefined;
    return id !== undefined && isAddedId(id) ? `@r${this.#byId.get(id)?.revision ?? 0}` : '';
  }

  #nextId(): number {
    let id = FIRST_AUTO_ID;
    while (this.#byId.has(id)) id++;
    if (id > ADDED_ID_MAX) throw new SpecError('event_id', 'every automatic id is taken: give event_id');
    return id;
  }
}
