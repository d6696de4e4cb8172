import { type OddsSnapshot, PriceStatus } from '../schemas/prices';

/**
 * The changes of an event's lines from one price snapshot to the next (docs/service.md, "Prices"): a line's identity,
 * its quote, and the transitions between two quotes of it. The one diff of the SDK's price watch and of the MCP
 * `line_movement` tool, pure: rows in, changes out.
 */

/** A line's identity: `event|period|market|alt_line_id`, with `main` for the primary line (`alt_line_id` null). */
export type LineKey = string;

/** The fields of a price row that place it on the board. */
export type LinePlace = Pick<OddsSnapshot, 'event_id' | 'period' | 'market' | 'alt_line_id'>;

/**
 * A row's line identity.
 *
 * @example
 * lineKeyOf({ event_id: 42, period: 0, market: 'spread', alt_line_id: null }); // '42|0|spread|main'
 */
export const lineKeyOf = (row: LinePlace): LineKey =>
  `${row.event_id ?? ''}|${row.period ?? ''}|${row.market ?? ''}|${row.alt_line_id ?? 'main'}`;

/** One line's quote at one snapshot: its snapshot id, line, prices, status, and when it was recorded. */
export interface LineQuote {
  line_id: number | null;
  line: number | null;
  odds1: number | null;
  odds0: number | null;
  odds2: number | null;
  /** 1 open, 2 suspended, 3 off the board (docs/service.md, "Numeric codes and identifiers"); null read as open. */
  status: number | null;
  cutoff: string | null;
  timestamp: string | null;
}

/**
 * A row's quote.
 *
 * @example
 * quoteOf(row); // { line_id: 9001, line: -3.5, odds1: 1.91, odds0: null, odds2: 1.95, status: 1, cutoff: '…', timestamp: '…' }
 */
export const quoteOf = (row: OddsSnapshot): LineQuote => ({
  line_id: row.line_id ?? null,
  line: row.line ?? null,
  odds1: row.odds1 ?? null,
  odds0: row.odds0 ?? null,
  odds2: row.odds2 ?? null,
  status: row.status ?? null,
  cutoff: row.cutoff ?? null,
  timestamp: row.timestamp ?? null,
});

/** Where a quote leaves its line: offered, suspended, or off the board. */
export type LineState = 'open' | 'suspended' | 'off_board';

/** A quote's state: status 2 suspended, 3 off the board, anything else (1, or none given) open. */
const lineStateOf = (quote: Pick<LineQuote, 'status'>): LineState =>
  quote.status === PriceStatus.suspended ? 'suspended' : quote.status === PriceStatus.offBoard ? 'off_board' : 'open';

/** Whether two quotes of a line differ in its line or in a price. */
const quoteMoved = (a: LineQuote, b: LineQuote): boolean =>
  a.line !== b.line || a.odds1 !== b.odds1 || a.odds0 !== b.odds0 || a.odds2 !== b.odds2;

/** The in-play state the price rows of the full event (period 0) carry: the score and the red cards (null before kickoff). */
export interface EventInPlay {
  score_home: number | null;
  score_away: number | null;
  red_cards_home: number | null;
  red_cards_away: number | null;
}

/** A change of a line, keyed by its identity, at the instant of the snapshot that showed it (`at`, its `timestamp`). */
export type LineChange =
  /** The line is quoted (again): first seen, or back after it was taken off the board. */
  | {
      readonly kind: 'line_opened';
      readonly key: LineKey;
      readonly event_id: number;
      readonly at: string | null;
      readonly after: LineQuote;
    }
  /** Its line or a price moved, its state unchanged. */
  | LineTransition<'price_moved'>
  /** Open, then suspended (its prices may have moved too). */
  | LineTransition<'line_suspended'>
  /** Suspended, then open again. */
  | LineTransition<'line_reopened'>
  /** Taken off the board: quoted with status 3 (`after`), or absent from its period's newer snapshot (`after` null). */
  | {
      readonly kind: 'line_removed';
      readonly key: LineKey;
      readonly event_id: number;
      readonly at: string | null;
      readonly before: LineQuote;
      readonly after: LineQuote | null;
    }
  /** The event's in-play state moved (the score, the red cards); `before` null for the first state seen. Keyed by the event id. */
  | {
      readonly kind: 'event_state_changed';
      readonly key: string;
      readonly event_id: number;
      readonly at: string | null;
      readonly before: EventInPlay | null;
      readonly after: EventInPlay;
    };

/** A change between two quotes of a line. */
export interface LineTransition<K extends string> {
  readonly kind: K;
  readonly key: LineKey;
  readonly event_id: number;
  readonly at: string | null;
  readonly before: LineQuote;
  readonly after: LineQuote;
}

/**
 * The change from a line's last quote (`before`, undefined when it is not on the board) to a newer one, or undefined
 * when nothing a watcher sees changed.
 *
 * @example
 * lineChange('42|0|moneyline|main', 42, before, after); // { kind: 'price_moved', key, event_id: 42, at, before, after }
 */
export function lineChange(key: LineKey, eventId: number, before: LineQuote | undefined, after: LineQuote): LineChange | undefined {
  const was = before === undefined ? undefined : lineStateOf(before);
  const now = lineStateOf(after);
  const at = after.timestamp;
  if (now === 'off_board') {
    return before === undefined || was === 'off_board' ? undefined : { kind: 'line_removed', key, event_id: eventId, at, before, after };
  }
  if (before === undefined || was === 'off_board') return { kind: 'line_opened', key, event_id: eventId, at, after };
  if (was === 'open' && now === 'suspended') return { kind: 'line_suspended', key, event_id: eventId, at, before, after };
  if (was === 'suspended' && now === 'open') return { kind: 'line_reopened', key, event_id: eventId, at, before, after };
  return quoteMoved(before, after) ? { kind: 'price_moved', key, event_id: eventId, at, before, after } : undefined;
}

/** What is known of one event's board, as plain JSON: each line's last quote, each period's newest snapshot applied, its in-play state. */
export interface EventBoard {
  /** The last quote of every line on the board (a line quoted off the board stays, with status 3; one absent from its period's snapshot does not). */
  lines: Record<LineKey, LineQuote>;
  /** The greatest `line_id` applied per period: an older or repeated snapshot changes nothing. */
  lastLineId: Record<string, number>;
  /** The in-play state last seen, null before any. */
  inPlay: EventInPlay | null;
}

/** An empty board: nothing seen yet. */
export const emptyBoard = (): EventBoard => ({ lines: {}, lastLineId: {}, inPlay: null });

const inPlayOf = (row: OddsSnapshot): EventInPlay => ({
  score_home: row.score_home ?? null,
  score_away: row.score_away ?? null,
  red_cards_home: row.red_cards_home ?? null,
  red_cards_away: row.red_cards_away ?? null,
});
const sameInPlay = (a: EventInPlay, b: EventInPlay): boolean =>
  a.score_home === b.score_home &&
  a.score_away === b.score_away &&
  a.red_cards_home === b.red_cards_home &&
  a.red_cards_away === b.red_cards_away;

/**
 * Splits rows into snapshots: runs of consecutive rows of one event, period and `line_id`, as both the latest board
 * (one snapshot per period) and a history (snapshots in `line_id` order) answer them.
 *
 * @example
 * snapshotsOf(await odds.events.odds(42)); // one array of rows per period
 */
export function snapshotsOf<R extends OddsSnapshot>(rows: readonly R[]): R[][] {
  const groups: R[][] = [];
  let last: R | undefined;
  for (const row of rows) {
    const current = groups.at(-1);
    if (
      current !== undefined &&
      last !== undefined &&
      row.event_id === last.event_id &&
      row.period === last.period &&
      row.line_id === last.line_id
    ) {
      current.push(row);
    } else {
      groups.push([row]);
    }
    last = row;
  }
  return groups;
}

/**
 * Applies one snapshot of an event's period (rows of one `line_id`) to its board, which it changes, and answers the
 * changes it shows, in order: the event's in-play state first (period 0), then each row's line in the snapshot's order,
 * then the lines of that period the snapshot no longer has (taken off the board). A snapshot no newer than the
 * period's last one applied answers nothing, so an overlap between two reads is never a change.
 *
 * @example
 * const board = emptyBoard();
 * for (const snapshot of snapshotsOf(rows)) for (const change of applySnapshot(board, snapshot)) console.log(change.kind, change.key);
 */
export function applySnapshot(board: EventBoard, rows: readonly OddsSnapshot[]): LineChange[] {
  const first = rows[0];
  if (first === undefined) return [];
  const eventId = first.event_id ?? 0;
  const period = String(first.period ?? '');
  const lineId = first.line_id;
  const last = board.lastLineId[period];
  if (typeof lineId === 'number') {
    if (last !== undefined && lineId <= last) return [];
    board.lastLineId[period] = lineId;
  }
  const changes: LineChange[] = [];
  if (first.period === 0) {
    const after = inPlayOf(first);
    const before = board.inPlay;
    if (before === null || !sameInPlay(before, after)) {
      changes.push({ kind: 'event_state_changed', key: String(eventId), event_id: eventId, at: first.timestamp ?? null, before, after });
      board.inPlay = after;
    }
  }
  const present = new Set<LineKey>();
  for (const row of rows) {
    const key = lineKeyOf(row);
    present.add(key);
    const after = quoteOf(row);
    const change = lineChange(key, eventId, board.lines[key], after);
    if (change !== undefined) changes.push(change);
    board.lines[key] = after;
  }
  const prefix = `${eventId}|${period}|`;
  for (const [key, before] of Object.entries(board.lines)) {
    if (!key.startsWith(prefix) || present.has(key)) continue;
    delete board.lines[key];
    if (lineStateOf(before) !== 'off_board') {
      changes.push({ kind: 'line_removed', key, event_id: eventId, at: first.timestamp ?? null, before, after: null });
    }
  }
  return changes;
}
