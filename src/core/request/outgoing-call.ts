import type { RouteDef } from '../../schemas/route';
import { Answer, AnswerHead, buildMeta, errorFromAnswer } from '../answer';
import { TimeoutError } from '../errors';
import { withHeaders } from '../options';
import { abortable, throwIfAborted } from '../runtime';
import { reusable, runnerOf } from '../reuse';
import type { Admission, CallSpan, ClientContext, RawAnswer, RequestInfo, RequestOptions, ResponseMeta, ReusableCall } from '../types';
import { runHooks } from './hooks';
import { KEY_RECOVERED, keyOf, MAX_KEY_RECOVERIES, recovered } from './key';
import { type RetryPolicy, withRetry } from './retry';
import type { CallPlan, CallUrl, Received } from './types';

/**
 * A call planned once, before its first attempt (its URL, headers, envelope, timeouts, deadline and retries), and sent: each
 * attempt's steps in order are `#attempt`'s, read top to bottom (`#admit`: pace and admission -> `#transmit`: key, deadline, hooks,
 * transport -> `#conclude`: settlement, reports, then the answer, its error, or a resend with a rotated key), and `send` retries
 * them as the policy allows.
 *
 * @example
 * const url = { full: `${baseUrl}/v1/catalog/sports`, path: '/v1/catalog/sports', query: '' };
 * const answer = await new OutgoingCall(ctx, { route, url, input: {}, options: {}, span: undefined }).serve();
 */
export class OutgoingCall implements ReusableCall {
  // The fields the constructor sets are declared only (no class field of their own: fewer bytes in a first load, same object).
  declare readonly ctx: ClientContext;
  declare readonly route: RouteDef;
  /** The URL sent (never with the key), and its path and query apart (what the cache keys on). */
  declare readonly url: CallUrl;
  declare readonly options: RequestOptions;
  /** The call's span, when tracing. */
  declare readonly span: CallSpan | undefined;

  /** The call's query as given (a scan's page, a live page and other non-GETs are never reused: `reusable`). */
  declare readonly query: Record<string, unknown> | undefined;
  /** A GET that may be served by the reuse (docs/caching.md). */
  declare readonly reusable: boolean;
  /** The client's headers, the call's over them, the route's over both. */
  readonly #headers: Readonly<Record<string, string>>;
  /** The JSON body, or undefined for a route that takes none. */
  readonly #body: unknown;
  /** What the coordinator reserves for each attempt: a data route's envelope of credits, else undefined. */
  readonly #envelope: number | undefined;
  /** Each attempt's timeout, in ms. */
  readonly #timeout: number;
  /** The deadline of the whole call, on the client's clock. */
  readonly #deadlineAt: number;
  readonly #maxRetries: number;
  readonly #signal: AbortSignal | undefined;

  constructor(ctx: ClientContext, { route, url, input, options, span }: CallPlan) {
    this.ctx = ctx;
    this.route = route;
    this.url = url;
    this.options = options;
    this.span = span;
    const o = ctx.options;
    const query = input.query as Record<string, unknown> | undefined;
    this.query = query;
    this.reusable = reusable(route, query, options);
    this.#headers = withHeaders(withHeaders(o.headers, options.headers), input.headers);
    this.#body = input.body;
    this.#envelope = route.metering?.envelope(query ?? {});
    this.#timeout = options.timeout ?? o.timeout;
    this.#deadlineAt = o.now() + (options.totalTimeout ?? o.totalTimeout);
    this.#maxRetries = options.maxRetries ?? o.maxRetries;
    this.#signal = options.signal;
  }

  /**
   * The call served: by the reuse (docs/caching.md: an identical call in flight, the cache, else sent), loaded by the first call
   * that may be reused; any other call sent with its retries.
   */
  serve(): Promise<RawAnswer> {
    const { ctx, options } = this;
    if (!this.reusable && options.maxAge === undefined && options.cache === undefined) return this.send();
    // The answer's type is given: inferred, it is one of the two branches' types, picked by the order in which the compiler met them.
    return runnerOf(ctx).then((runner): Promise<RawAnswer> => (runner === undefined ? this.send() : runner.serve(ctx, this)));
  }

  /** The metadata of an answer the reuse kept (one attempt, sent at `sentAt`). */
  metaOf(headers: Headers, status: number, sentAt: number): ResponseMeta {
    return buildMeta(headers, status, 1, sentAt);
  }

  /**
   * Sends the call, retried as its policy allows (docs/service.md, "Errors"): within its limits, each retry told to the span, the log
   * and the `beforeRetry` hooks. The last error rejects.
   */
  send(): Promise<Answer> {
    const { route, span } = this;
    const o = this.ctx.options;
    return withRetry(
      (attempt) => this.#attempt(attempt),
      // Read only after a first attempt failed.
      (): RetryPolicy => ({
        maxRetries: this.#maxRetries,
        maxRetryAfter: o.maxRetryAfter,
        deadlineAt: this.#deadlineAt,
        sleep: o.sleep,
        now: o.now,
        random: o.random,
        signal: this.#signal,
        onRetry: async (error, attempt, delayMs) => {
          span?.retrying(error, attempt, delayMs);
          o.logger.info(`retrying ${route.id} in ${delayMs} ms after attempt ${attempt}: ${error.message}`);
          await runHooks(o.hooks.beforeRetry, { routeId: route.id, attempt, delayMs, error });
        },
      }),
    );
  }

  /**
   * The steps of one attempt, in order; sent again at once with the new key when a rotation replaced its key (not a retry, and a
   * few times at most).
   */
  async #attempt(attempt: number): Promise<Answer> {
    for (let recoveries = 0; ; recoveries++) {
      throwIfAborted(this.#signal);
      const admission = await this.#admit(attempt);
      const received = await this.#transmit(attempt, admission);
      const answer = await this.#conclude(received, admission, recoveries < MAX_KEY_RECOVERIES);
      if (answer !== KEY_RECOVERED) return answer;
    }
  }

  /** Waits for the client's pace, then for the coordinator's admission (the budget's reservation, the pacing slot). */
  async #admit(attempt: number): Promise<Admission> {
    const { ctx } = this;
    const o = ctx.options;
    const { pace } = ctx;
    const waitFrom = o.now();
    const ready = pace?.ready();
    if (ready !== undefined) await abortable(ready, this.#signal);
    const admission = await ctx.coordinator.admit({
      envelope: this.#envelope,
      budget: o.budget,
      serviceNow: ctx.clock.now,
      rate: pace?.current,
      signal: this.#signal,
    });
    this.span?.admitted(attempt, waitFrom, this.#envelope);
    return admission;
  }

  /**
   * The admitted attempt sent: its key, the deadline's check, the `beforeRequest` hooks, the transport (through the span when
   * tracing: it records the URL, counts sends, and is active during the send), the service's clock observed and the answer's head
   * read. When anything fails first, the admission is settled unanswered and the error rejects.
   */
  async #transmit(attempt: number, admission: Admission): Promise<Received> {
    const { ctx, route, span } = this;
    const o = ctx.options;
    const url = this.url.full;
    const timeout = this.#timeout;
    const { beforeRequest, afterResponse } = o.hooks;
    try {
      const apiKey = route.auth.kind === 'bearer' ? await keyOf(ctx) : undefined;
      const remaining = this.#deadlineAt - o.now();
      if (remaining <= 0) throw new TimeoutError(`${route.method} ${url}: the call's total deadline passed`, { deadline: true });
      const info: RequestInfo | undefined =
        beforeRequest || afterResponse ? { routeId: route.id, method: route.method, url, attempt } : undefined;
      if (beforeRequest && info) await runHooks(beforeRequest, info);
      if (o.logger.enabled('debug')) o.logger.debug(`${route.method} ${url} (attempt ${attempt})`);
      const sentAt = o.now();
      const raw = await (span ?? ctx.transport).send({
        method: route.method,
        url,
        apiKey,
        headers: this.#headers,
        json: this.#body,
        timeoutMs: Math.min(timeout, remaining),
        deadlineBound: remaining < timeout,
        signal: this.#signal,
      });
      const receivedAt = o.now();
      ctx.clock.observe(raw.headers, receivedAt);
      // An error answer's HTTP-date Retry-After counts from the service's clock.
      const head = new AnswerHead(raw.headers, raw.status, attempt, raw.status >= 400 ? ctx.clock.toService(receivedAt) : receivedAt);
      return { raw, head, apiKey, info, afterResponse, sentAt, receivedAt };
    } catch (error) {
      await this.#settle(admission, undefined, o.now());
      throw error;
    }
  }

  /**
   * The received attempt settled with the coordinator and told (`onCredits`, the span, the log, the `afterResponse` hooks); then
   * what it came to: its answer (2xx), a resend with the key that replaced a refused one, or the error of its status.
   */
  async #conclude(received: Received, admission: Admission, mayRecover: boolean): Promise<Answer | typeof KEY_RECOVERED> {
    const { ctx, route, span } = this;
    const o = ctx.options;
    const url = this.url.full;
    const { raw, head, apiKey, info, afterResponse, sentAt, receivedAt } = received;
    const { status } = raw;
    if ((await this.#settle(admission, head, receivedAt)) && o.onCredits) o.onCredits(ctx.coordinator.credits(), head.meta);
    span?.answered(head.meta);
    if (o.logger.enabled('debug')) o.logger.debug(`${status} ${route.method} ${url}`, { requestId: head.meta.requestId, cost: head.cost });
    if (afterResponse && info) await runHooks(afterResponse, { ...info, status, meta: head.meta, durationMs: receivedAt - sentAt });
    if (status >= 200 && status <= 299) return new Answer(raw.response, raw.text, head, sentAt);
    if (status === 401 && mayRecover && apiKey !== undefined && (await recovered(ctx, apiKey, this.#signal))) return KEY_RECOVERED;
    throw errorFromAnswer(status, raw.text, head.meta, ctx.clock.toService(receivedAt), status === 404 ? this.#notFoundHint() : undefined);
  }

  /** What a 404 adds to the service's message: the request, and for a base URL ending in `/v1` (every route starts with it) the root to give. */
  #notFoundHint(): string {
    const { baseUrl } = this.ctx.options;
    const request = `${this.route.method} ${this.url.full}`;
    if (!/\/v1$/i.test(baseUrl)) return request;
    return `${request}: the baseUrl ends in /v1, but every route starts with /v1; give the service's root, ${baseUrl.slice(0, -3)}`;
  }

  /** Settles an admission; an unreachable store is logged, not thrown: the answer is in hand (maybe paid), and the reservation lapses with its lease. */
  async #settle(admission: Admission, answer: AnswerHead | undefined, receivedAt: number): Promise<boolean> {
    const { ctx } = this;
    try {
      return await ctx.coordinator.settle(admission, answer, receivedAt);
    } catch (error) {
      ctx.options.logger.warn(`could not record the attempt with the coordinator: ${String(error)}`);
      return false;
    }
  }
}
