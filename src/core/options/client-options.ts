import { checkedBaseUrl } from '../../schemas/base-url';
import { SDK_VERSION_HEADER } from '../../schemas/headers';
import { VERSION } from '../../version';
import { SportsOddsError } from '../errors';
import type {
  BudgetOptions,
  ApiKeySource,
  ClientOptions,
  ClientOverrides,
  HeadersOption,
  Hooks,
  RateLimitOptions,
  ResolvedOptions,
  RequestOptions,
} from '../types';
import {
  checkBoolean,
  checkCount,
  checkDuration,
  checkFunction,
  checkNumber,
  checkMethods,
  checkOptions,
  checkTable,
  given,
  type OptionCheck,
  refuse,
} from './input-checks';
import { createLogger, isLogLevel } from '../observability';
import { realSleep } from '../runtime';

const DEFAULTS = {
  timeout: 30_000,
  totalTimeout: 120_000,
  maxRetries: 3,
  maxRetryAfter: 60_000,
} as const;

const SDK_HEADERS: Readonly<Record<string, string>> = {
  accept: 'application/json',
  [SDK_VERSION_HEADER.toLowerCase()]: `sports-odds-data/${VERSION}`,
};

/** The environment of runtimes that have one (Node, Bun, Deno with compat), without importing Node. */
function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[name]?.trim() || undefined;
}

export { isLoopback } from '../../schemas/base-url';

/** Checks the base URL by the one rule of src/schemas/base-url.ts (absolute http(s), no key over plain http to a non-loopback host). */
function checkBaseUrl(baseUrl: string, allowInsecureHttp: boolean): string {
  const checked = checkedBaseUrl(baseUrl, allowInsecureHttp);
  if ('problem' in checked) throw new SportsOddsError(checked.problem);
  return checked.href;
}

/**
 * `base` with `extra` over it: names lower-cased, `null`/`undefined` removes; never `Authorization` (it would escape the logger's masking).
 *
 * @example
 * withHeaders({ accept: 'application/json' }, { 'X-Trace': 'abc' }); // { accept: ..., 'x-trace': 'abc' }
 */
export function withHeaders(base: Readonly<Record<string, string>>, extra: HeadersOption | undefined): Readonly<Record<string, string>> {
  if (extra === undefined) return base;
  if (extra === null || typeof extra !== 'object' || Array.isArray(extra)) refuse('headers', extra, 'an object of header names to strings');
  const out: Record<string, string> = { ...base };
  for (const [name, value] of Object.entries(extra)) {
    const key = name.toLowerCase();
    if (key === 'authorization') throw new SportsOddsError('the Authorization header comes from apiKey: do not set it as a header option');
    if (value === null || value === undefined) delete out[key];
    else if (typeof value !== 'string') throw new SportsOddsError(`header ${name} must be a string`);
    else out[key] = value;
  }
  return out;
}

/**
 * The API key from the options or the environment; throws a clear error when there is none.
 *
 * @example
 * const key = resolveApiKey({ apiKey: 'svc_live_...' });
 */
export function resolveApiKey(options: Pick<ClientOptions, 'apiKey'>): ApiKeySource {
  const apiKey = options.apiKey ?? readEnv('SPORTS_ODDS_API_KEY');
  if (apiKey === undefined || apiKey === '') {
    throw new SportsOddsError('no API key: pass new SportsOdds({ apiKey }) or set the SPORTS_ODDS_API_KEY environment variable');
  }
  return apiKey;
}

const BUDGET_OPTIONS = ['maxCredits', 'dailyFloor', 'periodFloor'] as const;
const HOOKS = ['beforeRequest', 'afterResponse', 'beforeRetry'] as const;

/**
 * A copy of a budget whose limits are non-negative integers of credits: `NaN` (which would turn a limit off), `Infinity` and misspelt limits are refused.
 *
 * @example
 * checkBudget({ maxCredits: 500 }); // { maxCredits: 500 }
 * checkBudget({ maxCredits: Number('20k') }); // throws: budget.maxCredits must be a non-negative integer of credits, got NaN
 */
export function checkBudget(value: unknown): BudgetOptions {
  const budget = checkOptions<BudgetOptions>('budget', value, BUDGET_OPTIONS);
  const out: BudgetOptions = {};
  for (const name of BUDGET_OPTIONS) {
    if (budget[name] !== undefined) out[name] = checkCount(`budget.${name}`, budget[name], { unit: 'credits' });
  }
  return out;
}

/** Client-side pacing: a positive number of requests per second, or `'account'`. */
const checkRateLimit = (value: unknown): RateLimitOptions => {
  const rps = checkOptions<RateLimitOptions>('rateLimit', value, ['requestsPerSecond']).requestsPerSecond;
  if (rps !== 'account' && typeof rps !== 'number') refuse('rateLimit.requestsPerSecond', rps, "a positive number or 'account'");
  return { requestsPerSecond: rps === 'account' ? rps : checkNumber('rateLimit.requestsPerSecond', rps, {}) };
};

const checkHooks = (name: string, value: unknown): Hooks => {
  const hooks = checkOptions<Record<string, unknown>>(name, value, HOOKS);
  for (const name of HOOKS) {
    const list = hooks[name];
    if (list !== undefined && !(Array.isArray(list) && list.every((hook) => typeof hook === 'function'))) {
      refuse(`hooks.${name}`, list, 'an array of functions');
    }
  }
  return value as Hooks;
};

/** A `maxAge`: a finite, non-negative number of ms. */
const checkMaxAge = (name: string, value: unknown): number => checkNumber(name, value, { zero: true, unit: 'ms' });

/** Only `false` turns a default off: `true` would say nothing. */
const checkFalse = (name: string, value: unknown): void => {
  if (value !== false) refuse(name, value, 'false (leave it out for the default)');
};

/**
 * The client's `cache` option, checked: `false`, or `{ maxAge, maxBytes }` (a copy) for the data routes it names; default bound 32 MiB.
 *
 * @example
 * checkCache({ maxAge: { 'events.odds': 2_000 } }, ['events.odds']); // { maxAge: { 'events.odds': 2000 }, maxBytes: 33554432 }
 * checkCache(false, []); // { maxAge: false, maxBytes: 33554432 }
 */
export function checkCache(value: unknown, dataRouteIds: readonly string[]): { maxAge: Record<string, number> | false; maxBytes: number } {
  if (value === false) return { maxAge: false, maxBytes: 2 ** 25 };
  if (value !== undefined && (value === null || typeof value !== 'object'))
    refuse('cache', value, 'false or an object ({ maxAge, maxBytes })');
  const { maxAge = {}, maxBytes = 2 ** 25 } = checkOptions<{ maxAge?: unknown; maxBytes?: unknown }>('cache', value ?? {}, [
    'maxAge',
    'maxBytes',
  ]);
  const ages = { ...checkOptions<Record<string, number>>('cache.maxAge', maxAge, dataRouteIds) };
  // A route left undefined keeps the route table's default.
  for (const id in ages) if (ages[id] !== undefined) checkMaxAge(`cache.maxAge['${id}']`, ages[id]);
  return { maxAge: ages, maxBytes: checkNumber('cache.maxBytes', maxBytes, { integer: true, unit: 'bytes' }) };
}

/**
 * Refuses a `maxRetries` that is not a non-negative integer (or `Infinity`): a call's own option is not checked with the client's.
 *
 * @example
 * checkMaxRetries(options.maxRetries ?? ctx.options.maxRetries);
 */
export function checkMaxRetries(maxRetries: unknown): number {
  return checkCount('maxRetries', maxRetries, { infinity: true });
}

const checkMaxRetryCount = (_: string, value: unknown) => checkMaxRetries(value);

/** A wait that may be zero (`maxRetryAfter`, a poll's `overlapMs`): a non-negative duration of one timer. */
export const checkWait = (name: string, value: unknown): number => checkDuration(name, value, true);

/*
 * The options of the client and of a call, each object with its table of checks: its names are the options there are (a name the
 * table lacks, or one it has that the type does not, is a compile error), each value checked where it enters; `0`: the value is
 * checked where it is read (a base URL, a budget or a cache, kept as a checked copy).
 */

/** The checks of what `odds.withOptions()` takes (`ClientOverrides`). */
export const OVERRIDE_CHECKS = {
  timeout: checkDuration,
  totalTimeout: checkDuration,
  maxRetries: checkMaxRetryCount,
  maxRetryAfter: checkWait,
  fetch: checkFunction,
  defaultHeaders: 0,
  validate: checkBoolean,
  logger: (name: string, value: unknown) => checkMethods(name, value, ['debug', 'info', 'warn', 'error']),
  logLevel: (name: string, value: unknown) => isLogLevel(value) || refuse(name, value, 'debug, info, warn, error or off'),
  hooks: checkHooks,
  onCredits: checkFunction,
} satisfies Record<keyof ClientOverrides, OptionCheck>;

/** The checks of what `new SportsOdds()` takes (`ClientOptions`). */
export const CLIENT_CHECKS = {
  apiKey: (name: string, key: unknown) =>
    typeof key === 'string' || typeof key === 'function' || refuse(name, key, 'a string or a function', true),
  baseUrl: 0,
  ...OVERRIDE_CHECKS,
  budget: 0,
  rateLimit: 0,
  coordinator: (name: string, value: unknown) => checkMethods(name, value, ['admit', 'settle', 'credits', 'readCredits']),
  cache: 0,
  coalesce: checkBoolean,
  rotationStore: (name: string, value: unknown) => checkMethods(name, value, ['load', 'save', 'clear']),
  onKeyRotated: checkFunction,
  tracing: (name: string, value: unknown) => value === false || checkOptions(name, value, ['tracerProvider', 'tracer']),
  allowInsecureHttp: checkBoolean,
  sleep: checkFunction,
  now: checkFunction,
  random: checkFunction,
} satisfies Record<keyof ClientOptions, OptionCheck>;

/** The checks of one call's options (`RequestOptions`). */
export const REQUEST_CHECKS = {
  signal: (name: string, value: unknown) => checkMethods(name, value, ['addEventListener']),
  timeout: checkDuration,
  totalTimeout: checkDuration,
  maxRetries: checkMaxRetryCount,
  validate: checkBoolean,
  headers: 0,
  maxAge: checkMaxAge,
  cache: checkFalse,
  coalesce: checkFalse,
} satisfies Record<keyof RequestOptions, OptionCheck>;

/**
 * The options of one call (of `owner`, whose options `checks` checks), checked before anything is sent.
 *
 * @example
 * checkRequestOptions({ timeout: 5_000 });
 * checkRequestOptions({ timout: 5 }, 'a call of catalog.sports'); // throws: a call of catalog.sports has no option "timout" (did you mean timeout?); ...
 */
export const checkRequestOptions = <T extends RequestOptions>(
  options: T,
  owner = 'the call',
  checks: Readonly<Record<string, OptionCheck>> = REQUEST_CHECKS,
): T => checkTable<T>(owner, options, checks);

/**
 * Applies defaults and the environment, or a parent's resolved options (`base`, for `withOptions`), to options checked by their
 * table (`CLIENT_CHECKS`); throws on a missing or wrong base URL, budget or rate limit.
 *
 * @example
 * const resolved = resolveOptions({ baseUrl: 'https://api.example.com' });
 */
export function resolveOptions(options: Omit<ClientOptions, 'apiKey'>, base?: ResolvedOptions): ResolvedOptions {
  let baseUrl = base?.baseUrl;
  if (baseUrl === undefined) {
    const url: unknown = options.baseUrl ?? readEnv('SPORTS_ODDS_BASE_URL');
    if (url === undefined || url === '') {
      throw new SportsOddsError('no base URL: pass new SportsOdds({ baseUrl }) or set the SPORTS_ODDS_BASE_URL environment variable');
    }
    if (typeof url !== 'string') return refuse('baseUrl', url, 'an absolute http(s) URL');
    baseUrl = checkBaseUrl(url, options.allowInsecureHttp ?? false);
  }
  // A derived client's logger writes where its parent's does, at its level, and masks the same secrets.
  const envLevel = readEnv('SPORTS_ODDS_LOG');
  const level = options.logLevel ?? base?.logger.level ?? (isLogLevel(envLevel) ? envLevel : 'warn');
  const logger = createLogger(options.logger ?? base?.logger.target ?? console, level, base?.logger);
  return {
    baseUrl,
    timeout: options.timeout ?? base?.timeout ?? DEFAULTS.timeout,
    totalTimeout: options.totalTimeout ?? base?.totalTimeout ?? DEFAULTS.totalTimeout,
    maxRetries: options.maxRetries ?? base?.maxRetries ?? DEFAULTS.maxRetries,
    maxRetryAfter: options.maxRetryAfter ?? base?.maxRetryAfter ?? DEFAULTS.maxRetryAfter,
    fetch: options.fetch ?? base?.fetch,
    headers: withHeaders(base?.headers ?? SDK_HEADERS, options.defaultHeaders),
    validate: options.validate ?? base?.validate ?? true,
    logger,
    hooks: options.hooks ?? base?.hooks ?? {},
    onCredits: options.onCredits ?? base?.onCredits,
    budget: given(options.budget, base?.budget ?? {}, checkBudget),
    rateLimit: given(options.rateLimit, base?.rateLimit, checkRateLimit),
    sleep: options.sleep ?? base?.sleep ?? realSleep,
    now: options.now ?? base?.now ?? Date.now,
    random: options.random ?? base?.random ?? Math.random,
  };
}
