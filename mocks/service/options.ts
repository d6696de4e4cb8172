import { ACCOUNT_STATUSES, API_KEY_PATTERN, type AccountStatus } from '../../src/schemas';
import { optionNames } from '../../src/schemas/refusal-words';
import type { ResolvedOptions } from './contract';
import { instantMs } from './clock';
import { checkEmail, checkHttpUrl, checkInteger, checkNames, checkOneOf, checkText, refuse } from './input-checks';
import { DEFAULT_PLANS, type PlanConfig } from './state/plans';
import { storeBoundsOf, type StoreBounds } from './state/store-bounds';

/** Options of `createMockService`. Each may be left out or `undefined` for its default. */
export interface MockServiceOptions {
  /** Where the service answers: an absolute http(s) URL. Default `https://api.sports-odds.test`. */
  baseUrl?: string | undefined;
  /** Seed of the virtual dataset. Default `sports-odds`. */
  seed?: string | number | undefined;
  /**
   * The mock's "now", from which its clock runs at real speed: RFC 3339 with its offset (`2026-11-21T12:00:00Z`), a `Date` or epoch
   * milliseconds. Default: the real time.
   */
  now?: Date | string | number | undefined;
  /** Plans, merged over the default catalog (trial, starter, pro). */
  plans?: Record<string, PlanConfig> | undefined;
  /** The demo account created at start: its plaintext key is `mock.apiKey` (both scopes). */
  demoAccount?: DemoAccount | undefined;
  /** Public origin of the first-party pages (cookie-authenticated checks). Default: the base URL's origin. */
  publicOrigin?: string | undefined;
  /** Most candidates one live scan covers before it ends truncated: a positive integer. Default 5,000. */
  liveScanLimit?: number | undefined;
  /** Register `POST /v1/account/billing-portal` (not registered in the private beta). Default false. */
  billingPortal?: boolean | undefined;
  /**
   * The most entries some stores hold (docs/mock-server.md, "What the mock keeps, and for how long"), each a whole number, 1 or
   * more: lower to see a full store's refusal in a test, raise for a long-running shared mock. A store of
   * credentials or records past its bound refuses one more (`503 temporarily_unavailable`); a log drops its oldest.
   *
   * @example
   * createMockService({ bounds: { accounts: 10 } }); // the eleventh account is refused
   */
  bounds?: Partial<StoreBounds> | undefined;
  /**
   * A state document to start from (`mock.snapshot()`, the standalone server's `GET /__admin/state`, its `--state` file, parsed
   * JSON): the mock starts in that state, its clock at the document's instant (docs/testing.md, "Snapshots and forks").
   * A document of another version or seed is refused (`RangeError`).
   */
  state?: unknown;
  /**
   * Draw every id, key, token and secret from the seed and a counter rather than from Web Crypto (docs/testing.md, "Replays that
   * repeat"): with a fixed `now` and a frozen clock, the same requests get byte-identical answers in every run. Predictable by
   * design: for tests only. Default false.
   */
  deterministic?: boolean | undefined;
}

/** The demo account of `createMockService({ demoAccount })`. */
export interface DemoAccount {
  /** Default `demo@sports-odds.test`. */
  email?: string | undefined;
  /** A plan of the catalog. Default `pro`. */
  plan?: string | undefined;
  /** Default `active`. */
  status?: AccountStatus | undefined;
  /** A fixed plaintext key (`svc_live_` and 32 letters and digits). Default: a random one (a deterministic mock's: the seed's). */
  apiKey?: string | undefined;
}

const DEFAULT_BASE_URL = 'https://api.sports-odds.test';
export const DEFAULT_DEMO_EMAIL = 'demo@sports-odds.test';

/** The names of `MockServiceOptions` but its base URL (the standalone server's is its own), each checked by `checkServiceOptions`. */
export const SERVED_OPTIONS = optionNames<Omit<MockServiceOptions, 'baseUrl'>>()([
  'seed',
  'now',
  'plans',
  'demoAccount',
  'publicOrigin',
  'liveScanLimit',
  'billingPortal',
  'bounds',
  'state',
  'deterministic',
]);

/** The names of `MockServiceOptions`. */
const SERVICE_OPTIONS = optionNames<MockServiceOptions>()(['baseUrl', ...SERVED_OPTIONS]);

const PLAN_FIELDS = optionNames<PlanConfig>()(['slug', 'name', 'periodCredits', 'periodDays', 'dailyCredits', 'rateLimitRps']);
const DEMO_FIELDS = optionNames<DemoAccount>()(['email', 'plan', 'status', 'apiKey']);

/** A plan of `plans`, every field given and valid. */
function checkPlan(name: string, value: unknown): PlanConfig {
  const plan = checkNames<PlanConfig>(name, value, PLAN_FIELDS);
  for (const field of PLAN_FIELDS) if (plan[field] === undefined) refuse(`${name}.${field}`, undefined, 'given');
  checkText(`${name}.slug`, plan.slug);
  checkText(`${name}.name`, plan.name);
  checkInteger(`${name}.periodCredits`, plan.periodCredits, { min: 0, unit: 'credits' });
  checkInteger(`${name}.periodDays`, plan.periodDays, { min: 1, unit: 'days' });
  checkInteger(`${name}.dailyCredits`, plan.dailyCredits, { min: 0, unit: 'credits' });
  checkInteger(`${name}.rateLimitRps`, plan.rateLimitRps, { min: 1, unit: 'requests per second' });
  return plan;
}

/**
 * The options of `owner` (`createMockService()`, `startMockServer()`), checked: names and values, the start instant, the plans and
 * the demo account (a refusal is a `RangeError` naming the option).
 *
 * @example
 * checkServiceOptions({ now: '1' }, 'createMockService()'); // throws: now must be an RFC 3339 date-time with its offset ..., got "1"
 */
export function checkServiceOptions(options: MockServiceOptions, owner: string, known: readonly string[] = SERVICE_OPTIONS): void {
  const o = checkNames<MockServiceOptions>(owner, options, known);
  if (o.baseUrl !== undefined) checkHttpUrl('baseUrl', o.baseUrl);
  if (o.seed !== undefined && typeof o.seed !== 'string' && !Number.isFinite(o.seed)) refuse('seed', o.seed, 'a string or a finite number');
  if (o.now !== undefined) instantMs('now', o.now);
  const plans = { ...DEFAULT_PLANS };
  if (o.plans !== undefined) {
    for (const [slug, plan] of Object.entries(checkNames<Record<string, unknown>>('plans', o.plans, Object.keys(o.plans)))) {
      plans[slug] = checkPlan(`plans.${slug}`, plan);
    }
  }
  if (o.demoAccount !== undefined) {
    const demo = checkNames<DemoAccount>('demoAccount', o.demoAccount, DEMO_FIELDS);
    if (demo.email !== undefined) checkEmail('demoAccount.email', demo.email);
    if (demo.plan !== undefined) checkOneOf('demoAccount.plan', demo.plan, Object.keys(plans));
    if (demo.status !== undefined) checkOneOf('demoAccount.status', demo.status, ACCOUNT_STATUSES);
    if (demo.apiKey !== undefined && !(typeof demo.apiKey === 'string' && API_KEY_PATTERN.test(demo.apiKey)))
      refuse('demoAccount.apiKey', demo.apiKey, 'svc_live_ followed by 32 letters and digits', true);
  }
  if (o.publicOrigin !== undefined) checkHttpUrl('publicOrigin', o.publicOrigin);
  if (o.liveScanLimit !== undefined) checkInteger('liveScanLimit', o.liveScanLimit, { min: 1 });
  if (o.billingPortal !== undefined && typeof o.billingPortal !== 'boolean') refuse('billingPortal', o.billingPortal, 'true or false');
  if (o.deterministic !== undefined && typeof o.deterministic !== 'boolean') refuse('deterministic', o.deterministic, 'true or false');
  storeBoundsOf(o.bounds);
}

/** Options with their defaults applied, once `checkServiceOptions` has checked them. */
export function resolveOptions(options: MockServiceOptions): ResolvedOptions {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const url = new URL(baseUrl);
  const serviceOrigin = url.origin;
  return {
    baseUrl,
    serviceOrigin,
    basePath: url.pathname.replace(/\/+$/, ''),
    publicOrigin: options.publicOrigin ?? serviceOrigin,
    seed: options.seed ?? 'sports-odds',
    plans: { ...DEFAULT_PLANS, ...options.plans },
    liveScanLimit: options.liveScanLimit ?? 5000,
    billingPortal: options.billingPortal ?? false,
    bounds: storeBoundsOf(options.bounds),
    deterministic: options.deterministic ?? false,
  };
}
