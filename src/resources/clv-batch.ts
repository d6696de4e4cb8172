import type { RequestOptions } from '../core/types';
import type { SportsOddsError } from '../core/errors';
import type { ClosingLineValue } from '../schemas/analytics';
import type { QueryOf } from '../schemas/route-types';
import { dataRoutes } from '../schemas/data-routes';

/**
 * The CLV of a book of bets from one closing-lines request per distinct event (`odds.analytics.clvMany`): the batch,
 * its estimate, and what it answers per bet. Its run loads on demand (`clv-batch-run.ts`).
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

/** The distinct event ids of `bets`, in the order they first appear; anything but an array of objects is the run's to refuse. */
export function eventsOf(bets: readonly ClvBatchBet[]): number[] {
  if (!Array.isArray(bets)) return [];
  return [...new Set(bets.map((bet) => (typeof bet === 'object' && bet !== null ? bet.event_id : undefined)))].filter(
    (id): id is number => typeof id === 'number',
  );
}

/**
 * The CLV of a book of bets, sent when first awaited: one closing-lines request per distinct event (through the
 * budget, pacing, coalescing, and the cache with `maxAge`), each bet's value computed from its event's closing rows
 * by the CLV route's own computation. `estimate()` prices it before anything is sent.
 */
export class ClvBatch implements PromiseLike<ClvBook> {
  readonly #bets: readonly ClvBatchBet[];
  readonly #run: () => Promise<ClvBook>;
  #started: Promise<ClvBook> | undefined;

  constructor(bets: readonly ClvBatchBet[], run: () => Promise<ClvBook>) {
    this.#bets = bets;
    this.#run = run;
  }

  /**
   * What the batch reserves and costs, before anything is sent.
   *
   * @example
   * odds.analytics.clvMany(bets).estimate(); // { bets: 140, requests: 35, perRequest: 25, reserved: 875, expected: 35 }
   */
  estimate(): ClvEstimate {
    const requests = eventsOf(this.#bets).length;
    return {
      bets: Array.isArray(this.#bets) ? this.#bets.length : 0,
      requests,
      perRequest: CLOSING_ENVELOPE,
      reserved: requests * CLOSING_ENVELOPE,
      expected: requests,
    };
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
