import type { APIPromise } from './core/answer';
import { registerClient, type ClientInternals } from './core/internals';
import { callRoute, Transport } from './core/request';
import { checkTable, CLIENT_CHECKS, checkCache, OVERRIDE_CHECKS, resolveApiKey, resolveOptions } from './core/options';
import { newReuseState, CacheControl } from './core/reuse';
import { MemoryCoordinator, ServiceClock, type AccountRateTools, type PlanRate } from './core/coordination';
import { KeyRotator } from './core/rotation';
import { tracingOf } from './core/observability';
import { APIError } from './core/errors';
import { LOWEST_PLAN_RPS } from './schemas/limits';
import type {
  ClientContext,
  ClientOptions,
  ClientOverrides,
  CreditSnapshot,
  PaceSource,
  RequestOptions,
  ResponseOf,
  RouteInput,
} from './core/types';
import { AccountResource } from './resources/account';
import { Analytics } from './resources/analytics';
import { Catalog } from './resources/catalog';
import { Events } from './resources/events';
import { Keys } from './resources/keys';
import { Outrights } from './resources/outrights';
import { Props } from './resources/props';
import type { RouteCaller } from './resources/resource';
import { dataRoutes } from './schemas/data-routes';
import type { RouteId } from './schemas/routes';

/** The ids of the data routes, which `cache.maxAge` names. */
const dataRouteIds = (): string[] => Object.keys(dataRoutes);

/** Set on the options of a client made by `withOptions`: the parent whose state it shares. */
const PARENT = Symbol('parent');

/**
 * The client of the Sports Odds Data Service: one field per route group, every call typed,
 * metered (`.withMeta()`), retried where safe, and guarded by an optional local budget.
 *
 * @example
 * import { SportsOdds } from 'sports-odds-data';
 *
 * const odds = new SportsOdds({ apiKey: process.env['SPORTS_ODDS_API_KEY'], baseUrl: 'https://api.example.com' });
 * const sports = await odds.catalog.sports();
 * const { data, meta } = await odds.events.odds(42).withMeta();
 * console.log(sports.length, data.length, meta.credits.cost, odds.credits.spent);
 */
export class SportsOdds implements RouteCaller {
  /** Sports, leagues and period definitions. */
  readonly catalog: Catalog;
  /** Events, their odds, lines, results and props; live scans, whole-window scans, histories and polling. */
  readonly events: Events;
  /** Prices of one prop. */
  readonly props: Props;
  /** Outrights. */
  readonly outrights: Outrights;
  /** Closing-line-value analysis. */
  readonly analytics: Analytics;
  /** The account: record, usage, request health, recovery-email verification resend. */
  readonly account: AccountResource;
  /** API keys: inventory, creation, revocation and crash-safe rotation. */
  readonly keys: Keys;
  /** The base URL calls go to (without a trailing slash). */
  readonly baseUrl: string;
  /** The freshness cache and coalescing of this client's calls: `clear()` and `stats()` (docs/caching.md). */
  readonly cache: CacheControl;

  readonly #internals: ClientInternals;

  constructor(options: ClientOptions = {}) {
    const parent = (options as { [PARENT]?: ClientInternals } | undefined)?.[PARENT];
    // Every name and value but those resolveOptions reads (a derived client takes the call options only).
    if (parent === undefined) checkTable('new SportsOdds()', options, CLIENT_CHECKS);
    else checkTable('withOptions()', options, OVERRIDE_CHECKS);
    let internals: ClientInternals;
    if (parent === undefined) {
      const resolved = resolveOptions(options);
      const key = { source: resolveApiKey(options), generation: -1 };
      if (typeof key.source === 'string') resolved.logger.addSecret(key.source);
      const coordinator = options.coordinator ?? new MemoryCoordinator({ now: resolved.now, sleep: resolved.sleep });
      const ctx: ClientContext = {
        options: resolved,
        key,
        transport: new Transport(resolved.fetch),
        coordinator,
        pace: undefined,
        clock: new ServiceClock(resolved.now),
        trace: tracingOf(options.tracing, resolved.logger),
        reuse: newReuseState(checkCache(options.cache, dataRouteIds()), options.coalesce ?? true),
      };
      const rps = resolved.rateLimit?.requestsPerSecond;
      if (rps === 'account') ctx.pace = accountPace(ctx);
      else if (rps !== undefined) ctx.pace = { ready: () => undefined, current: () => rps };
      const rotator = new KeyRotator({ ctx, store: options.rotationStore ?? coordinator.keys.store, onKeyRotated: options.onKeyRotated });
      ctx.recoverKey = rotator;
      internals = { ctx, rotator };
    } else {
      // Shared with the parent: the key (and its rotations), the coordinator (ledger, budget, pacing), the service clock, tracing.
      const resolved = resolveOptions(options, parent.ctx.options);
      const ctx: ClientContext = {
        ...parent.ctx,
        options: resolved,
        transport: resolved.fetch === parent.ctx.options.fetch ? parent.ctx.transport : new Transport(resolved.fetch),
      };
      internals = { ctx, rotator: parent.rotator };
    }
    this.#internals = internals;
    registerClient(this, internals);
    this.baseUrl = internals.ctx.options.baseUrl;
    this.cache = new CacheControl(internals.ctx);
    this.catalog = new Catalog(this);
    this.events = new Events(this);
    this.props = new Props(this);
    this.outrights = new Outrights(this);
    this.analytics = new Analytics(this);
    this.account = new AccountResource(this);
    this.keys = new Keys(this);
  }

  /**
   * A client with other call options (timeouts, retries, headers, hooks...) that shares this one's key,
   * coordinator and service clock, so the budget and the rate limit hold across both.
   *
   * @example
   * const patient = odds.withOptions({ timeout: 120_000, maxRetries: 6 });
   * const history = await patient.events.odds(42, { full_history: true });
   */
  withOptions(overrides: ClientOverrides): SportsOdds {
    return new SportsOdds({ ...overrides, [PARENT]: this.#internals } as ClientOptions);
  }

  /**
   * Credits spent by this client (or its shared coordinator) and both windows' last known remaining (no I/O).
   *
   * @example
   * console.log(odds.credits.spent, odds.credits.daily.remaining, odds.credits.daily.reset);
   */
  get credits(): CreditSnapshot {
    return this.#internals.ctx.coordinator.credits();
  }

  /**
   * The credits read from the coordinator now (with a fleet's shared store, every process's spend).
   *
   * @example
   * const { spent, reserved, daily } = await odds.readCredits();
   */
  readCredits(): Promise<CreditSnapshot> {
    return this.#internals.ctx.coordinator.readCredits();
  }

  /**
   * Calls any route of the route table by id: the layer every resource method is built on.
   *
   * @example
   * const rows = await odds.request('events.odds', { params: { event_id: 42 }, query: { main_lines_only: true } });
   */
  request<Id extends RouteId>(routeId: Id, input?: RouteInput<Id>, options?: RequestOptions): APIPromise<ResponseOf<Id>> {
    return callRoute(this.#internals.ctx, routeId, input, options);
  }
}

/** What the lookup of the plan's rate (loaded with it) uses of the SDK. */
const ACCOUNT_RATE_TOOLS: AccountRateTools = { callRoute, APIError, lowest: LOWEST_PLAN_RPS };

/**
 * The pace of `rateLimit: { requestsPerSecond: 'account' }`: the first call looks the plan's rate up
 * at the lowest plan's rate while the others wait (no second exceeds the rate it finds); then the
 * learned or shared rate, else the lowest while later lookups run in the background.
 */
function accountPace(ctx: ClientContext): PaceSource {
  let rate: PlanRate | undefined;
  let first: Promise<void> | undefined;
  const start = async (): Promise<void> => {
    const { lookUpAccountRate } = await import('./core/coordination/plan-rate');
    rate = await lookUpAccountRate(ctx, ACCOUNT_RATE_TOOLS);
  };
  return {
    // A start that failed (its module could not load) is tried again by the next call.
    ready: () =>
      rate === undefined
        ? (first ??= start().catch((error: unknown) => {
            first = undefined;
            throw error;
          }))
        : undefined,
    current: () => rate?.current() ?? ctx.coordinator.rate.known ?? LOWEST_PLAN_RPS,
  };
}
