import type { APIPromise } from './core/api-promise';
import { CreditLedger } from './core/budget';
import { registerClient, type ClientInternals } from './core/internals';
import { resolveApiKey, resolveOptions } from './core/options';
import { Pacer } from './core/pacer';
import { callRoute } from './core/request';
import { KeyRotator, MemoryRotationStore } from './core/rotation';
import { ServiceClock } from './core/service-clock';
import { Transport } from './core/transport';
import type { ClientContext, ClientOptions, ClientOverrides, CreditSnapshot, PaceGate, RequestOptions, ResponseOf, RouteInput } from './core/types';
import { AccountResource } from './resources/account';
import { Analytics } from './resources/analytics';
import { Catalog } from './resources/catalog';
import { Events } from './resources/events';
import { Keys } from './resources/keys';
import { Outrights } from './resources/outrights';
import { Props } from './resources/props';
import type { RouteCaller } from './resources/resource';
import type { RouteId } from './schemas/routes';

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

  readonly #internals: ClientInternals;

  constructor(options: ClientOptions = {}) {
    const parent = (options as { [PARENT]?: ClientInternals })[PARENT];
    let internals: ClientInternals;
    if (parent === undefined) {
      const resolved = resolveOptions(options);
      const key = { source: resolveApiKey(options) };
      if (typeof key.source === 'string') resolved.logger.addSecret(key.source);
      const ctx: ClientContext = {
        options: resolved,
        key,
        transport: new Transport(resolved.fetch),
        ledger: new CreditLedger(resolved.budget),
        pacer: undefined,
        clock: new ServiceClock(resolved.now),
      };
      const rps = resolved.rateLimit?.requestsPerSecond;
      if (rps !== undefined) {
        ctx.pacer = new Pacer(rps === 'account' ? (gate) => planRate({ ...ctx, pacer: gate }) : rps, resolved.now, resolved.sleep);
      }
      const rotator = new KeyRotator({ ctx, store: options.rotationStore ?? new MemoryRotationStore(), onKeyRotated: options.onKeyRotated });
      internals = { ctx, rotator };
    } else {
      // Shared with the parent: the key (and its rotations), the ledger and budget, the pacer, the service clock.
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
    this.catalog = new Catalog(this);
    this.events = new Events(this);
    this.props = new Props(this);
    this.outrights = new Outrights(this);
    this.analytics = new Analytics(this);
    this.account = new AccountResource(this);
    this.keys = new Keys(this);
  }

  /**
   * A client with other call options (timeouts, retries, headers, validation, logging, hooks) that
   * shares this one's key and its rotations, credit ledger and budget, pacer and service clock: a
   * view of the same account, so the budget and the rate limit still hold across both.
   *
   * @example
   * const patient = odds.withOptions({ timeout: 120_000, maxRetries: 6 });
   * const history = await patient.events.odds(42, { full_history: true });
   */
  withOptions(overrides: ClientOverrides): SportsOdds {
    return new SportsOdds({ ...overrides, [PARENT]: this.#internals } as ClientOptions);
  }

  /**
   * Credits spent by this client and the last known remaining credits of both windows.
   *
   * @example
   * console.log(odds.credits.spent, odds.credits.daily.remaining, odds.credits.daily.reset);
   */
  get credits(): CreditSnapshot {
    return this.#internals.ctx.ledger.snapshot();
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

/**
 * The plan's requests per second from the account record, its request sent through `gate` (the
 * pacer's own slots, so the first second never carries more than the rate it finds).
 */
async function planRate(ctx: ClientContext & { pacer: PaceGate }): Promise<number | undefined> {
  try {
    const account = await callRoute(ctx, 'account.get');
    return account.plan.rate_limit_rps > 0 ? account.plan.rate_limit_rps : undefined;
  } catch (error) {
    ctx.options.logger.warn(`rateLimit 'account': could not read the plan's rate, so calls are not paced: ${String(error)}`);
    return undefined;
  }
}
