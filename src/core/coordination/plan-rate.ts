import type { ClientContext, InternalLogger, Now, RateCoordination, RequestOptions } from '../types';

/** The first wait before looking up the rate again after a failure; it doubles up to the cap. */
const RETRY_BASE_MS = 1_000;
const RETRY_CAP_MS = 60_000;
/** How often a client that cannot read the account asks the coordinator whether another client shared the rate. */
const SHARED_RECHECK_MS = 60_000;

/** What `PlanRate` reads the rate from. */
export interface PlanRateDeps {
  /** The plan's `rate_limit_rps` from `GET /v1/account` (a call paced like any other). */
  read(): Promise<number>;
  /** The rate as other clients of the coordinator shared it. */
  shared: RateCoordination;
  now: Now;
  logger: InternalLogger;
  /** The rate to pace at while the plan's is unknown (`LOWEST_PLAN_RPS`). */
  lowest: number;
  /** Whether a failed lookup says this key may not read the account (`401`, `403`), rather than a passing failure. */
  refused(error: unknown): error is { code: string };
}

const isRate = (rps: number | undefined): rps is number => rps !== undefined && Number.isInteger(rps) && rps > 0;

/**
 * The plan's rate for `requestsPerSecond: 'account'`, learned in the background from the coordinator, else the account (then shared);
 * until known, calls are paced at the lowest plan's rate. Passing failures retry with backoff (1 s doubling to 60 s); a key that may
 * not read the account (`401`, `403`) keeps the lowest rate, says so once, and asks the coordinator every minute.
 *
 * @example
 * const rate = new PlanRate({ read: async () => (await odds.account.get()).plan.rate_limit_rps, shared, now: Date.now, logger });
 * rate.current(); // 2 at first; the plan's rate once learned
 */
export class PlanRate {
  #known: number | undefined;
  #lookup: Promise<void> | undefined;
  #nextAt = Number.NEGATIVE_INFINITY;
  #failures = 0;
  #mayRead = true;

  constructor(private readonly deps: PlanRateDeps) {}

  /** The rate to pace the next call at; starts a lookup in the background when one is due. */
  current(): number {
    if (this.#known !== undefined) return this.#known;
    // Another client of the coordinator shared it (a shared store reports it with its other replies).
    const shared = this.deps.shared.known;
    if (isRate(shared)) return (this.#known = shared);
    if (this.#lookup === undefined && this.deps.now() >= this.#nextAt) void this.lookup();
    return this.deps.lowest;
  }

  /** Looks the rate up now (or joins the lookup in progress); resolves when it ended, learned or not. */
  lookup(): Promise<void> {
    this.#lookup ??= this.#look().finally(() => {
      this.#lookup = undefined;
    });
    return this.#lookup;
  }

  async #look(): Promise<void> {
    const { deps } = this;
    try {
      const shared = await deps.shared.get();
      if (isRate(shared)) {
        this.#known = shared;
        return;
      }
      if (!this.#mayRead) {
        this.#nextAt = deps.now() + SHARED_RECHECK_MS;
        return;
      }
      const rps = await deps.read();
      if (!isRate(rps)) {
        this.#mayRead = false;
        this.#nextAt = deps.now() + SHARED_RECHECK_MS;
        deps.logger.warn(
          `rateLimit 'account': the account reports a rate of ${rps} per second; calls are paced at ${deps.lowest} per second, the lowest plan's rate`,
        );
        return;
      }
      this.#known = rps;
      await deps.shared
        .share(rps)
        .catch((error: unknown) => deps.logger.warn(`rateLimit 'account': could not share the plan's rate: ${String(error)}`));
    } catch (error) {
      if (deps.refused(error)) {
        this.#mayRead = false;
        this.#nextAt = deps.now() + SHARED_RECHECK_MS;
        deps.logger.warn(
          `rateLimit 'account': this key cannot read the account (${error.code}), so calls are paced at ${deps.lowest} per second, ` +
            `the lowest plan's rate, until a client of the same coordinator shares the plan's rate; pass it as a number ` +
            `(rateLimit: { requestsPerSecond: 20 }) to pace at it`,
        );
        return;
      }
      this.#failures += 1;
      const delay = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (this.#failures - 1));
      this.#nextAt = deps.now() + delay;
      deps.logger.info(
        `rateLimit 'account': could not read the plan's rate (${String(error)}); pacing at ${deps.lowest} per second, trying again in ${delay} ms`,
      );
    }
  }
}

/** A class of error answers, by what the lookup reads of them. */
type ErrorAnswerClass = abstract new (...args: never[]) => { readonly status: number; readonly code: string };

/** What the lookup of `requestsPerSecond: 'account'` uses of its client, given by it (this module is a leaf loaded on demand). */
export interface AccountRateTools {
  /** The request path's `callRoute`. */
  callRoute(
    ctx: ClientContext,
    routeId: 'account.get',
    input: Record<string, never>,
    options: RequestOptions,
  ): PromiseLike<{ plan: { rate_limit_rps: number } }>;
  /** The class of the service's error answers (a `401` or `403` says the key may not read the account). */
  APIError: ErrorAnswerClass;
  /** `LOWEST_PLAN_RPS`. */
  lowest: number;
}

/**
 * The pace of `rateLimit: { requestsPerSecond: 'account' }`, once its first lookup has run: the lookup's own calls are paced at the
 * lowest plan's rate, or at a rate shared meanwhile, so they never wait on the lookup.
 *
 * @example
 * const rate = await lookUpAccountRate(ctx, { callRoute, APIError, lowest: LOWEST_PLAN_RPS });
 */
export async function lookUpAccountRate(ctx: ClientContext, tools: AccountRateTools): Promise<PlanRate> {
  const { callRoute, APIError, lowest } = tools;
  const shared = ctx.coordinator.rate;
  const lookupCtx: ClientContext = { ...ctx, pace: { ready: () => undefined, current: () => shared.known ?? lowest } };
  const planRate = new PlanRate({
    // Never shared with a user's own account.get in flight: that call waits for this lookup, so sharing would wait for itself.
    read: async () => (await callRoute(lookupCtx, 'account.get', {}, { maxRetries: 0, coalesce: false })).plan.rate_limit_rps,
    shared,
    now: ctx.options.now,
    logger: ctx.options.logger,
    lowest,
    refused: (error): error is { code: string } => error instanceof APIError && (error.status === 401 || error.status === 403),
  });
  await planRate.lookup();
  return planRate;
}
