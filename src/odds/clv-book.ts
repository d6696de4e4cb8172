import type { SportsOdds } from '../client';
import {
  AbortError,
  APIError,
  BudgetExceededError,
  InvalidParametersError,
  NotFoundError,
  SportsOddsError,
  type ParameterIssue,
} from '../core/errors';
import { checkRequestOptions } from '../core/options';
import type { RequestOptions } from '../core/types';
import { decodeParams, encodeParams } from '../core/validation';
import { closingLineValue, type ClvBet } from '../domain';
import type { ClosingLineValue } from '../schemas/analytics';
import { dataRoutes } from '../schemas/data-routes';
import type { ClosingLine } from '../schemas/prices';
import type { QueryOf } from '../schemas/route-types';

/**
 * The CLV of a book of bets from one closing-lines request per distinct event (`clvMany`): the batch, its estimate,
 * and what it answers per bet, each value computed by the CLV route's own computation.
 */

/** A bet of the batch: the query of `odds.analytics.clv`. */
export type ClvBatchBet = QueryOf<'analytics.clv'>;

/** One bet's outcome, in the order of the bets. */
export type ClvBatchResult =
  /** The bet's closing-line value, exactly as `odds.analytics.clv` answers it. */
  | { readonly status: 'ok'; readonly bet: ClvBatchBet; readonly value: ClosingLineValue }
  /** Its event has closing lines, but none matches the bet's market, period and line (the CLV route's 404). */
  | { readonly status: 'no_closing_line'; readonly bet: ClvBatchBet; readonly message: string }
  /** Its event's closing-lines request answered `404`: no such event. */
  | { readonly status: 'no_event'; readonly bet: ClvBatchBet; readonly message: string }
  /** Its event's closing-lines request ended with this error after the usual retries. */
  | { readonly status: 'failed'; readonly bet: ClvBatchBet; readonly error: SportsOddsError };

/** What a batch did: its events, requests and the credits they were charged. */
export interface ClvBatchMeta {
  /** Bets given. */
  bets: number;
  /** Distinct events among them: one closing-lines request each. */
  events: number;
  /** Closing-lines calls made (those served from the SDK's cache or shared with a call in flight included). */
  requests: number;
  /**
   * Credits charged: `X-Credits-Cost` of each event's last answer or error, as a scan counts its pages (a retried
   * attempt's charge shows in `odds.credits`); 0 for an answer served from the SDK's cache or shared with a call in flight.
   */
  credits: number;
}

/** The CLV of a book: one result per bet, in the bets' order, and what it cost. */
export interface ClvBook {
  results: ClvBatchResult[];
  meta: ClvBatchMeta;
}

/** A batch priced before anything is sent, from the route table's envelope. */
export interface ClvEstimate {
  /** Bets given. */
  bets: number;
  /** Closing-lines requests: one per distinct event. */
  requests: number;
  /** Credits each request reserves and can cost at most (the envelope of the closing-lines route). */
  perRequest: number;
  /** The most the batch can cost: `requests * perRequest` (a request is never charged more than it reserves). */
  reserved: number;
  /** What it costs when each event's closing board has at most 20 rows (one credit an answer): `requests`. */
  expected: number;
}

/** Options of `clvMany`: a call's options, applied to each closing-lines request (`maxAge` to serve them from the SDK's cache). */
export interface ClvBatchOptions extends RequestOptions {}

const CLOSING_ENVELOPE = dataRoutes['events.closingLines'].metering.envelope({});
const clvQuery = dataRoutes['analytics.clv'].query;

/** The distinct event ids of `bets`, in the order they first appear (what is not a bet is the run's to refuse). */
const eventsOf = (bets: unknown): number[] =>
  Array.isArray(bets)
    ? [...new Set(bets.map((bet: { event_id?: unknown } | null) => bet?.event_id))].filter((id): id is number => typeof id === 'number')
    : [];

/**
 * Each bet checked as the CLV route's query is, before anything is sent (a refusal names every bad bet by its index),
 * and read back as the route reads it: its numbers as sent on the wire, so the values agree with the route's bit for bit.
 */
async function betsAsReceived(bets: unknown): Promise<ClvBet[]> {
  if (!Array.isArray(bets)) {
    throw new SportsOddsError(
      `clvMany() takes an array of bets (the queries of analytics.clv); got ${bets === null ? 'null' : typeof bets}`,
    );
  }
  const received: ClvBet[] = [];
  const issues: ParameterIssue[] = [];
  for (const [index, bet] of bets.entries()) {
    try {
      received.push(decodeParams<ClvBet>(clvQuery, await encodeParams(clvQuery, bet)));
    } catch (error) {
      if (!(error instanceof InvalidParametersError)) throw error;
      issues.push(...error.issues.map((issue) => ({ ...issue, path: `bets[${index}]${issue.path ? `.${issue.path}` : ''}` })));
    }
  }
  // Every bad bet named at once, so that a caller can set them aside and send the rest.
  if (issues.length > 0) throw InvalidParametersError.local(issues);
  return received;
}

/**
 * The run: the bets checked, then one closing-lines request per distinct event in the order they first appear (one
 * at a time, so the budget sees one envelope at a time and pacing spaces them), each bet computed from its event's rows.
 */
async function run(odds: SportsOdds, bets: readonly ClvBatchBet[], options: RequestOptions): Promise<ClvBook> {
  const received = await betsAsReceived(bets);
  // The bets of each event, by their index, in the order the events first appear.
  const byEvent = new Map<number, number[]>();
  for (const [index, bet] of received.entries()) byEvent.set(bet.event_id, [...(byEvent.get(bet.event_id) ?? []), index]);
  const outcomes: ClvBatchResult[] = [];
  let credits = 0;
  for (const [eventId, indexes] of byEvent) {
    let rows: ClosingLine[];
    try {
      const answer = await odds.events.closingLines(eventId, options).withMeta();
      credits += answer.meta.reuse === undefined ? (answer.meta.credits.cost ?? 0) : 0;
      rows = answer.data;
    } catch (error) {
      // Refused before sending (the budget) or stopped by the caller: the batch throws.
      if (error instanceof BudgetExceededError || error instanceof AbortError || !(error instanceof SportsOddsError)) throw error;
      if (error instanceof APIError) credits += error.meta.credits.cost ?? 0;
      for (const index of indexes) {
        const bet = bets[index] as ClvBatchBet;
        outcomes[index] =
          error instanceof NotFoundError ? { status: 'no_event', bet, message: error.serviceMessage } : { status: 'failed', bet, error };
      }
      continue;
    }
    for (const index of indexes) {
      const bet = bets[index] as ClvBatchBet;
      const match = closingLineValue(received[index] as ClvBet, rows);
      outcomes[index] =
        match.kind === 'value' ? { status: 'ok', bet, value: match.value } : { status: 'no_closing_line', bet, message: match.message };
    }
  }
  return { results: outcomes, meta: { bets: bets.length, events: byEvent.size, requests: byEvent.size, credits } };
}

/** A book's CLV, sent when first awaited; `estimate()` prices it before anything is sent. */
export class ClvBatch implements PromiseLike<ClvBook> {
  readonly #bets: readonly ClvBatchBet[];
  readonly #run: () => Promise<ClvBook>;
  #started: Promise<ClvBook> | undefined;

  constructor(bets: readonly ClvBatchBet[], start: () => Promise<ClvBook>) {
    this.#bets = bets;
    this.#run = start;
  }

  /**
   * What the batch reserves and costs, before anything is sent.
   *
   * @example
   * clvMany(odds, bets).estimate(); // { bets: 140, requests: 35, perRequest: 25, reserved: 875, expected: 35 }
   */
  estimate(): ClvEstimate {
    const requests = eventsOf(this.#bets).length;
    const bets = Array.isArray(this.#bets) ? this.#bets.length : 0;
    return { bets, requests, perRequest: CLOSING_ENVELOPE, reserved: requests * CLOSING_ENVELOPE, expected: requests };
  }

  // biome-ignore lint/suspicious/noThenProperty: the batch is awaited; it starts on the first `then`
  then<R1 = ClvBook, R2 = never>(
    onfulfilled?: ((value: ClvBook) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    this.#started ??= this.#run();
    return this.#started.then(onfulfilled, onrejected);
  }

  /** `then` with only a rejection handler. */
  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<ClvBook | R> {
    return this.then(undefined, onrejected);
  }
}

/**
 * The closing-line value of a book of bets through `odds`, sent when awaited: one closing-lines request per distinct
 * event (through the client's budget, pacing, coalescing, and its cache with `maxAge`), each bet computed from its
 * event's rows exactly as `odds.analytics.clv` answers it. Results in the bets' order, each with its value or why it
 * has none (`no_closing_line`, `no_event`, or `failed` with its event's error); it throws only for a bad bet or
 * option, a budget refusal, or an abort.
 *
 * @example
 * const book = clvMany(odds, bets, { maxAge: 3_600_000 });
 * console.log(book.estimate()); // { bets: 140, requests: 35, perRequest: 25, reserved: 875, expected: 35 }
 * const { results, meta } = await book;
 */
export function clvMany(odds: SportsOdds, bets: readonly ClvBatchBet[], options: ClvBatchOptions = {}): ClvBatch {
  const checked = checkRequestOptions(options, 'clvMany()');
  return new ClvBatch(bets, () => run(odds, bets, checked));
}
