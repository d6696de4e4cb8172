import { type CreditHeaders, parseCreditHeaders, parseIntHeader, parseResponseHeaders } from '../../schemas/headers';
import type { CreditSource, FetchedAnswer, ResponseMeta } from '../types';

/**
 * The metadata of an answer: the headers of docs/service.md's "Response headers", its status and the attempts the call took.
 *
 * @example
 * const meta = buildMeta(response.headers, 200, 1, Date.now());
 * meta.credits.cost; // charged credits, when metered
 */
export function buildMeta(headers: Headers, status: number, attempts: number, now: number): ResponseMeta {
  return { ...parseResponseHeaders(headers, now), status, attempts };
}

/**
 * The head of one answer, its metadata parsed when first read (most answers are only asked their cost, and parsing every header
 * would cost more than the rest of the bookkeeping). `now` is when it arrived (service clock for an error, whose `Retry-After` may be a date).
 *
 * @example
 * const head = new AnswerHead(response.headers, 200, 1, Date.now());
 * head.cost; // X-Credits-Cost alone
 * head.meta.credits.dailyRemaining; // everything, parsed once
 */
export class AnswerHead implements CreditSource {
  #meta: ResponseMeta | undefined;
  #credits: CreditHeaders | undefined;

  constructor(
    readonly headers: Headers,
    readonly status: number,
    readonly attempts: number,
    private readonly now: number,
  ) {}

  get meta(): ResponseMeta {
    if (this.#meta === undefined) {
      this.#meta = buildMeta(this.headers, this.status, this.attempts, this.now);
      // One object for the credits, whichever was read first.
      if (this.#credits !== undefined) this.#meta.credits = this.#credits;
    }
    return this.#meta;
  }

  get cost(): number | undefined {
    return this.#meta === undefined ? parseIntHeader(this.headers.get('x-credits-cost')) : this.#meta.credits.cost;
  }

  /** The credit headers alone (what the ledger reads), or the metadata's when it was parsed already. */
  get credits(): CreditHeaders {
    if (this.#meta !== undefined) return this.#meta.credits;
    this.#credits ??= parseCreditHeaders(this.headers);
    return this.#credits;
  }
}

/**
 * An answer read in full, whose metadata is parsed when first asked for.
 *
 * @example
 * const answer = new Answer(response, text, head, sentAt);
 * answer.meta.requestId;
 */
export class Answer implements FetchedAnswer {
  constructor(
    readonly response: Response,
    readonly text: string,
    readonly head: AnswerHead,
    /** When its attempt was sent, on the client's clock. */
    readonly sentAt: number,
  ) {}

  get meta(): ResponseMeta {
    return this.head.meta;
  }

  get cost(): number | undefined {
    return this.head.cost;
  }
}
