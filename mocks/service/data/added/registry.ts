import { SNAPSHOT_BYTES, type FixtureFilter } from '../events';
import type { Quote } from '../pricing';
import { compileEvent, parseEventSpec } from './compile';
import type { AddedEvent } from './event';
import { decodeAddedSpecialId } from './props';
import { ADDED_LIMITS, type EventSpec } from './spec';
import { SpecError } from './spec-error';

/** Added events take ids below every generated one (those start at 10,000,000: `shared/ids.ts`). */
const ADDED_ID_MAX = 9_999_999;
/** Where ids are counted from when a spec names none. */
const FIRST_AUTO_ID = 9_000_001;

/** Whether an id is in the range of added events (no generated event can have it). */
export const isAddedId = (eventId: number): boolean => Number.isSafeInteger(eventId) && eventId >= 1 && eventId <= ADDED_ID_MAX;

/** The added events together hold at most this many heap bytes, as `addedBytes` estimates them. */
const ADDED_BYTES_MAX = 64 * 1024 * 1024;
/**
 * An added event's own fields, scores and results besides its timeline and props; one distinct quote with its
 * spec step; one prop row with its instant (measured: 0.97 MiB for 2,500 quotes in 500 snapshots, 30.4 MiB
 * for 98,010 prop rows).
 */
const EVENT_BYTES = 4_096;
const QUOTE_BYTES = 384;
const PROP_ROW_BYTES = 320;

/**
 * Heap bytes an added event holds: each snapshot's columns and list of quotes, each distinct quote, each
 * prop row. Its spec's size bounds it (the spec's limits).
 */
function addedBytes(event: AddedEvent): number {
  const { timeline } = event;
  const quotes = new Set<Quote>();
  let bytes = EVENT_BYTES;
  for (let i = 0; i < timeline.count; i++) {
    const list = timeline.quotes(i);
    bytes += SNAPSHOT_BYTES + 8 * list.length;
    for (const quote of list) quotes.add(quote);
  }
  bytes += quotes.size * QUOTE_BYTES;
  for (const prop of event.props) bytes += prop.history.length * PROP_ROW_BYTES;
  return bytes;
}

/**
 * The events a test added, by id: at most `ADDED_LIMITS.events` of them and `ADDED_BYTES_MAX` together, one past
 * either refused. Each add compiles at once (a `SpecError` changes nothing) and takes a fresh revision, so an
 * answer kept for an earlier event under the same id is never served for it.
 */
export class AddedEvents {
  readonly #byId = new Map<number, { event: AddedEvent; bytes: number; spec: EventSpec; addedAt: number }>();
  #ordered: AddedEvent[] | undefined;
  #revision = 0;
  #bytes = 0;

  /** Adds (or, for an id already added, replaces) an event from its spec at the mock's `now`. */
  add(input: unknown, now: number): AddedEvent {
    const spec = parseEventSpec(input);
    const eventId = spec.event_id ?? this.#nextId();
    const replaced = this.#byId.get(eventId);
    if (replaced === undefined && this.#byId.size >= ADDED_LIMITS.events) {
      throw new SpecError('', `a mock holds at most ${ADDED_LIMITS.events} added events: remove some, or reset`);
    }
    const event = compileEvent(spec, { eventId, revision: this.#revision + 1, now });
    const bytes = addedBytes(event);
    if (this.#bytes - (replaced?.bytes ?? 0) + bytes > ADDED_BYTES_MAX) {
      throw new SpecError(
        '',
        `the added events would hold about ${Math.ceil((this.#bytes - (replaced?.bytes ?? 0) + bytes) / 1_048_576)} MiB, more than the ${ADDED_BYTES_MAX / 1_048_576} MiB a mock keeps of them: fewer steps, or remove some events`,
      );
    }
    this.#revision += 1;
    this.#bytes += bytes - (replaced?.bytes ?? 0);
    this.#byId.set(eventId, { event, bytes, spec, addedAt: now });
    this.#ordered = undefined;
    return event;
  }

  /** Removes an added event; false when there is none with this id. */
  remove(eventId: number): boolean {
    const removed = this.#byId.get(eventId);
    if (removed === undefined) return false;
    this.#byId.delete(eventId);
    this.#bytes -= removed.bytes;
    this.#ordered = undefined;
    return true;
  }

  /** Every added event as its spec and the instant it was added at (what `minute` counts from), in the order added. */
  saved(): { revision: number; events: { eventId: number; revision: number; addedAt: number; spec: EventSpec }[] } {
    const events = [...this.#byId].map(([eventId, kept]) => ({
      eventId,
      revision: kept.event.revision,
      addedAt: kept.addedAt,
      spec: kept.spec,
    }));
    return { revision: this.#revision, events };
  }

  /**
   * Replaces the added events with saved ones, each compiled under its id and revision; all of them compile before any
   * replaces what is held, so a `SpecError` (a spec this mock refuses) changes nothing.
   */
  restore(saved: { revision: number; events: readonly { eventId: number; revision: number; addedAt: number; spec: unknown }[] }): void {
    if (saved.events.length > ADDED_LIMITS.events) throw new SpecError('', `a mock holds at most ${ADDED_LIMITS.events} added events`);
    const compiled = saved.events.map(({ eventId, revision, addedAt, spec: input }) => {
      if (!isAddedId(eventId)) throw new SpecError('event_id', `${eventId} is not the id of an added event`);
      const spec = parseEventSpec(input);
      const event = compileEvent(spec, { eventId, revision, now: addedAt });
      return { eventId, kept: { event, bytes: addedBytes(event), spec, addedAt } };
    });
    this.clear();
    for (const { eventId, kept } of compiled) {
      this.#byId.set(eventId, kept);
      this.#bytes += kept.bytes;
    }
    this.#revision = saved.revision;
  }

  /** Holds the same events as `other` (a fork's): compiled events never change, so both share them; neither sees the other's later adds. */
  shareFrom(other: AddedEvents): void {
    this.clear();
    for (const [eventId, kept] of other.#byId) this.#byId.set(eventId, kept);
    this.#bytes = other.#bytes;
    this.#revision = other.#revision;
  }

  clear(): void {
    this.#byId.clear();
    this.#bytes = 0;
    this.#ordered = undefined;
  }

  /** The heap bytes the added events hold, as estimated when added. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The spec an added event was made from. */
  specOf(eventId: number): EventSpec | undefined {
    return this.#byId.get(eventId)?.spec;
  }

  get(eventId: number): AddedEvent | undefined {
    return this.#byId.get(eventId)?.event;
  }

  /** Every added event in (kickoff, event id) order. */
  list(): readonly AddedEvent[] {
    this.#ordered ??= [...this.#byId.values()].map((kept) => kept.event).sort((a, b) => a.starts - b.starts || a.eventId - b.eventId);
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
    return id !== undefined && isAddedId(id) ? `@r${this.#byId.get(id)?.event.revision ?? 0}` : '';
  }

  #nextId(): number {
    let id = FIRST_AUTO_ID;
    while (this.#byId.has(id)) id++;
    if (id > ADDED_ID_MAX) throw new SpecError('event_id', 'every automatic id is taken: give event_id');
    return id;
  }
}
