import type { APIPromise } from './core/api-promise';
import { CreditLedger, type CreditSnapshot } from './core/budget';
import { resolveOptions, type ClientOptions } from './core/options';
import { Pacer } from './core/pacer';
import { callRoute, type ClientContext } from './core/request';
import { KeyRotator, MemoryRotationStore } from './core/rotation';
import { Transport } from './core/transport';
import type { RequestOptions, ResponseOf, RouteInput } from './core/types';
import { AccountResource } from './resources/account';
import { Analytics } from './resources/analytics';
import { Catalog } from './resources/catalog';
import { Events } from './resources/events';
import { Keys } from './resources/keys';
import { Outrights } from './resources/outrights';
import { Props } from './resources/props';
import type { RouteCaller } from './resources/resource';
import type { RouteId } from './schemas/routes';

/**
 * The client of the Sports Odds Data Service: one field per route group, every call typed,
 * metered (`.withMeta()`), retried where safe, and guarded by an optional local budget.
 *
 * @example
 * import { SportsOdds } from 'sports-odds-data';
 *
 * const odds = new SportsOdds({ apiKey: process.env.SPORTS_ODDS_API_KEY, baseUrl: 'https://api.example.com' });
 * const sports = await odds.catalog.sports();
 * const { data, meta } = await odds.events.odds(42).withMeta();
 * console.log(data.length, meta.credits.cost, odds.credits.spent);
 */
export class SportsOdds implements RouteCaller {
  /** Sports, leagues and period definitions. */
  readonly catalog: Catalog;
  /** Events, their odds, lines, results and props; live scans and polling. */
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

  readonly #ctx: ClientContext;

  constructor(options: ClientOptions = {}) {
    const resolved = resolveOptions(options);
    this.baseUrl = resolved.baseUrl;
    const ctx: ClientContext = {
      options: resolved,
      transport: new Transport(resolved.fetch),
      ledger: new CreditLedger(resolved.budget),
      pacer: undefined,
    };
    const rps = resolved.rateLimit?.requestsPerSecond;
    if (rps !== undefined) {
      ctx.pacer = new Pacer(rps === 'account' ? () => planRate({ ...ctx, pacer: undefined }) : rps, resolved.now, resolved.sleep);
    }
    this.#ctx = ctx;
    const runtime = { now: resolved.now, sleep: resolved.sleep, logger: resolved.logger };
    this.catalog = new Catalog(this);
    this.events = new Events(this, runtime);
    this.props = new Props(this);
    this.outrights = new Outrights(this);
    this.analytics = new Analytics(this);
    this.account = new AccountResource(this);
    const store = options.rotationStore ?? new MemoryRotationStore();
    this.keys = new Keys(this, new KeyRotator({ ctx, store, onKeyRotated: options.onKeyRotated }));
  }

  /**
   * Credits spent by this client and the last known remaining credits of both windows.
   *
   * @example
   * console.log(odds.credits.spent, odds.credits.daily.remaining, odds.credits.daily.reset);
   */
  get credits(): CreditSnapshot {
    return this.#ctx.ledger.snapshot();
  }

  /**
   * Calls any route of the route table by id: the layer every resource method is built on.
   *
   * @example
   * const rows = await odds.request('events.odds', { params: { event_id: 42 }, query: { main_lines_only: true } });
   */
  request<Id extends RouteId>(routeId: Id, input?: RouteInput<Id>, options?: RequestOptions): APIPromise<ResponseOf<Id>> {
    return callRoute(this.#ctx, routeId, input, options);
  }
}

/** The plan's requests per second from the account record (unpaced, so it never waits on itself). */
async function planRate(ctx: ClientContext): Promise<number | undefined> {
  try {
    const account = await callRoute(ctx, 'account.get');
    return account.plan.rate_limit_rps > 0 ? account.plan.rate_limit_rps : undefined;
  } catch (error) {
    ctx.options.logger.warn(`rateLimit 'account': could not read the plan's rate, so calls are not paced: ${String(error)}`);
    return undefined;
  }
}
