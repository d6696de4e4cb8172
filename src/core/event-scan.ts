import type { Event } from '../schemas/events';
import { lastInstantOf } from '../schemas/query';
import { BudgetExceededError, IncompleteScanError } from './errors/local';
import { Scan, type ScanPage, type ScanProgress } from './scan';
import type { WithMeta } from './types';

/** The window of an events scan. */
export interface EventScanFilters {
  sport_id?: number;
  league_id?: number;
  /** Inclusive lower bound of `starts` (RFC 3339 UTC). */
  starts_from: string;
  /** Inclusive upper bound of `starts`: a timestamp or a complete UTC day `YYYY-MM-DD`. */
  starts_to: string;
}

/** A part of the window still to list: the rest of it, or one kickoff instant narrowed to a sport or league. */
export interface EventScanSegment {
  sport_id?: number;
  league_id?: number;
  /** The next request's `starts_from`. */
  from: string;
  /** Its `starts_to`. */
  to: string;
  /** Events already yielded whose `starts` is the instant `from`. */
  seen: number[];
}

/** Where an events scan stands, as plain JSON: resume it with `odds.events.resumeScan(state)`. */
export interface EventScanState extends ScanProgress {
  filters: EventScanFilters;
  /** Rows per request (`limit`), 1 to 500. */
  pageSize: number;
  /** The parts of the window still to list, the next one first. */
  segments: EventScanSegment[];
  /** The scan's own credit allowance (`maxCredits` of `scan()`), if any. */
  maxCredits?: number;
}

/** One page of an events scan. */
export interface EventScanPage extends ScanPage<Event, EventScanState> {}

/** What the scan calls: the listing, and the catalog when it has to narrow one instant. */
export interface EventScanFetchers {
  events: (query: {
    sport_id?: number;
    league_id?: number;
    starts_from: string;
    starts_to: string;
    limit: number;
  }) => Promise<WithMeta<Event[]>>;
  sports: () => Promise<WithMeta<{ sport_id?: number | null | undefined }[]>>;
  leagues: (sportId: number) => Promise<WithMeta<{ league_id?: number | null | undefined }[]>>;
  /** The reservation envelope of one listing request of `limit` rows. */
  envelope: (limit: number) => number;
  /** The reservation envelope of a catalog request. */
  catalogEnvelope: number;
}

const instant = (text: string): number => Date.parse(text);
/** An event's kickoff instant; NaN when it has none. */
// Stryker disable next-line StringLiteral: Date.parse of '' and of any other text that is no date are both NaN
const startOf = (e: Event): number => instant(e.starts ?? '');
const iso = (ms: number): string => new Date(ms).toISOString();
const ids = (rows: readonly Event[]): number[] => rows.flatMap((e) => (typeof e.event_id === 'number' ? [e.event_id] : []));

/**
 * Every event of a kickoff window, however many: the listing answers the first `limit` events by
 * (`starts`, `event_id`) and says when it truncated, so each truncated page moves the window's
 * lower bound to its last kickoff instant (events of that instant already yielded are skipped).
 * When more events than a page holds share one instant, that instant is listed again per sport,
 * then per league. Iterate it for events, or `pages()` for pages with their headers and progress.
 *
 * @example
 * for await (const event of odds.events.scan({ sport_id: 29, starts_from: '2026-10-01T00:00:00Z', starts_to: '2026-10-31' })) save(event);
 */
export class EventScan extends Scan<Event, EventScanState, EventScanPage> {
  constructor(
    state: EventScanState,
    private readonly fetchers: EventScanFetchers,
  ) {
    super(state, { perRequest: fetchers.envelope(state.pageSize), rowsPerRequest: state.pageSize });
  }

  /** A new scan of a window. */
  static start(filters: EventScanFilters, pageSize: number, fetchers: EventScanFetchers, maxCredits?: number): EventScan {
    const { sport_id, league_id, starts_from, starts_to } = filters;
    const segment: EventScanSegment = { from: starts_from, to: starts_to, seen: [] };
    if (sport_id !== undefined) segment.sport_id = sport_id;
    if (league_id !== undefined) segment.league_id = league_id;
    const state: EventScanState = { filters, pageSize, segments: [segment], pages: 0, rows: 0, credits: 0, done: false, incomplete: false };
    if (maxCredits !== undefined) state.maxCredits = maxCredits;
    return new EventScan(state, fetchers);
  }

  protected async fetchPage(state: EventScanState): Promise<EventScanPage> {
    const segment = state.segments[0] as EventScanSegment;
    this.#checkAllowance(state, this.fetchers.envelope(state.pageSize));
    const { data, meta } = await this.fetchers.events({
      ...(segment.sport_id === undefined ? {} : { sport_id: segment.sport_id }),
      ...(segment.league_id === undefined ? {} : { league_id: segment.league_id }),
      starts_from: segment.from,
      starts_to: segment.to,
      limit: state.pageSize,
    });
    state.pages += 1;
    state.credits += meta.credits.cost ?? 0;
    const from = instant(segment.from);
    const seen = new Set(segment.seen);
    const fresh = data.filter((e) => !(typeof e.event_id === 'number' && seen.has(e.event_id) && startOf(e) === from));

    const last = data.at(-1);
    const lastStart = last === undefined ? Number.NaN : startOf(last);
    if (meta.truncated !== true || last === undefined) {
      state.segments.shift();
    } else if (lastStart > from) {
      segment.from = iso(lastStart);
      segment.seen = ids(data.filter((e) => startOf(e) === lastStart));
    } else {
      await this.#narrow(state, segment, [...seen, ...ids(data)]);
    }
    state.rows += fresh.length;
    state.done = state.segments.length === 0;
    return { data: fresh, meta, done: state.done, incomplete: state.done && state.incomplete, state };
  }

  /**
   * More events start at the instant `segment.from` than a page holds: list that instant per sport
   * (or per league of the segment's sport), then the rest of the segment from just after it.
   */
  async #narrow(state: EventScanState, segment: EventScanSegment, seen: number[]): Promise<void> {
    const at = segment.from;
    const rest: EventScanSegment = { ...segment, from: iso(instant(at) + 1), seen: [] };
    const rests = instant(rest.from) <= lastInstantOf(rest.to) ? [rest] : [];
    let parts: EventScanSegment[] = [];
    if (segment.league_id !== undefined || Number.isNaN(instant(at))) {
      // Nothing narrower to split by: those events stay out of reach.
      state.incomplete = true;
    } else if (segment.sport_id === undefined) {
      const sports = await this.#catalog(state, () => this.fetchers.sports());
      parts = sports.flatMap((s) => (typeof s.sport_id === 'number' ? [{ sport_id: s.sport_id, from: at, to: at, seen }] : []));
    } else {
      const sportId = segment.sport_id;
      const leagues = await this.#catalog(state, () => this.fetchers.leagues(sportId));
      parts = leagues.flatMap((l) =>
        typeof l.league_id === 'number' ? [{ sport_id: sportId, league_id: l.league_id, from: at, to: at, seen }] : [],
      );
    }
    state.segments.splice(0, 1, ...parts, ...rests);
  }

  /** A catalog call of the scan, counted in its pages and credits. */
  async #catalog<R>(state: EventScanState, call: () => Promise<WithMeta<R[]>>): Promise<R[]> {
    this.#checkAllowance(state, this.fetchers.catalogEnvelope);
    const { data, meta } = await call();
    state.pages += 1;
    state.credits += meta.credits.cost ?? 0;
    return data;
  }

  #checkAllowance(state: EventScanState, envelope: number): void {
    if (state.maxCredits === undefined) return;
    const available = state.maxCredits - state.credits;
    if (envelope > available) throw new BudgetExceededError('scanMaxCredits', envelope, available);
  }

  protected incompleteError(page: EventScanPage): IncompleteScanError {
    return new IncompleteScanError(
      page.state.filters as unknown as Record<string, unknown>,
      page.meta,
      'the events scan could not list every event: more events of one league start at one instant than a page holds',
    );
  }
}
