import type { BudgetLimit } from '../core/errors';
import type { BudgetOptions, CreditSnapshot } from '../core/types';
import { dataRoutes } from '../schemas/data-routes';
import type { WatchMode } from './watch-types';

/**
 * How a price watch fits its budget: the credits left under every limit, the mode whose envelope fits them, and the
 * wait between polls that the plan's rate and the credits left allow. Pure arithmetic on figures the watch reads.
 */

const odds = dataRoutes['events.odds'].metering;
/** What one request of each mode reserves (its envelope: docs/service.md, "Metering"). */
export const ENVELOPE: Readonly<Record<WatchMode, number>> = {
  incremental: odds.envelope({ full_history: true }),
  latest: odds.envelope({}),
};

/** The tightest limit on the next request: its name and the credits it leaves. */
export interface CreditsLeft {
  limit: BudgetLimit;
  available: number;
}

/**
 * The credits left under the watch's allowance, the client's budget (`maxCredits`, floors) and the service's windows
 * as last reported (a window past its reset, on the service's time `now`, is refilled): the tightest of them, or
 * undefined when none is known.
 *
 * @example
 * creditsLeft({ maxCredits: 100, spent: 0 }, { maxCredits: 1000 }, odds.credits, Date.now()); // { limit: 'scanMaxCredits', available: 100 }
 */
export function creditsLeft(
  watch: { maxCredits?: number | undefined; spent: number },
  budget: BudgetOptions,
  credits: CreditSnapshot,
  now: number,
): CreditsLeft | undefined {
  const limits: CreditsLeft[] = [];
  if (watch.maxCredits !== undefined) limits.push({ limit: 'scanMaxCredits', available: watch.maxCredits - watch.spent });
  if (budget.maxCredits !== undefined)
    limits.push({ limit: 'maxCredits', available: budget.maxCredits - credits.spent - credits.reserved });
  const window = (limit: 'dailyFloor' | 'periodFloor', remaining: number | undefined, reset: Date | undefined, floor = 0) => {
    // Past its reset a window's last report is stale: it has been refilled.
    if (remaining !== undefined && !(reset !== undefined && reset.getTime() <= now)) {
      limits.push({ limit, available: remaining - credits.reserved - floor });
    }
  };
  window('dailyFloor', credits.daily.remaining, credits.daily.reset, budget.dailyFloor);
  window('periodFloor', credits.period.remaining, credits.period.reset, budget.periodFloor);
  return limits.reduce<CreditsLeft | undefined>(
    (least, l) => (least === undefined || l.available < least.available ? l : least),
    undefined,
  );
}

/**
 * The mode of `auto`: incremental when its envelope fits the credits left (or nothing limits them), else latest; with why.
 *
 * @example
 * chooseMode({ limit: 'maxCredits', available: 100 }); // { mode: 'latest', reason: 'latest: the history envelope of 250 credits does not fit the 100 credits left (maxCredits)' }
 */
export function chooseMode(left: CreditsLeft | undefined): { mode: WatchMode; reason: string } {
  const history = ENVELOPE.incremental;
  if (left === undefined)
    return { mode: 'incremental', reason: `incremental: no limit on credits, so the history envelope of ${history} credits fits` };
  const figures = `${Math.max(0, left.available)} credits left (${left.limit})`;
  return left.available >= history
    ? { mode: 'incremental', reason: `incremental: the history envelope of ${history} credits fits the ${figures}` }
    : { mode: 'latest', reason: `latest: the history envelope of ${history} credits does not fit the ${figures}` };
}

/** What the wait before the next poll is made of. */
export interface IntervalInput {
  /** The least wait asked for, ms. */
  intervalMs: number;
  /** Requests of one poll (one per event). */
  requests: number;
  /** The plan's rate (requests a second) the client paces at, or the lowest plan's while unknown. */
  rps: number;
  /** Credits left, if limited. */
  available: number | undefined;
  /** Credits one poll costs, as the last poll did (or one credit a request before any). */
  perPoll: number;
  /** What each request reserves: a poll is sent only while the credits left cover it. */
  envelope: number;
  /** Time left before `until`, ms, if given. */
  remainingMs: number | undefined;
}

/**
 * The wait before the next poll: at least `intervalMs`; long enough for a poll's requests to keep to half the plan's
 * rate (the other half left to the application's other calls); and, with an end, long enough that the credits left pay
 * for polls till then.
 *
 * @example
 * intervalOf({ intervalMs: 10_000, requests: 4, rps: 2, available: 100, perPoll: 4, envelope: 25, remainingMs: 600_000 }); // 31_579: 19 polls in 10 minutes
 */
export function intervalOf(input: IntervalInput): number {
  const { intervalMs, requests, rps, available, perPoll, envelope, remainingMs } = input;
  const byRate = Math.ceil((2_000 * requests) / rps);
  let byCredits = 0;
  if (available !== undefined && remainingMs !== undefined && remainingMs > 0) {
    // The polls the credits pay for: the last needs its envelope free, each before it its cost.
    const polls = available < envelope ? 0 : Math.floor((available - envelope) / Math.max(1, perPoll)) + 1;
    byCredits = polls >= 1 ? Math.ceil(remainingMs / polls) : remainingMs;
  }
  return Math.max(intervalMs, byRate, byCredits);
}
