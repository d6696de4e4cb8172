import { SDK_VERSION_HEADER } from '../schemas/headers';
import { VERSION } from '../version';
import { SportsOddsError } from './errors/base';
import type { BudgetOptions } from './coordination';
import {
  checkBoolean,
  checkCount,
  checkDuration,
  checkFunction,
  checkNumber,
  checkOneOf,
  checkOptions,
  given,
  refuse,
} from './input-checks';
import { createLogger, isLogLevel, LOG_LEVELS } from './logger';
import { checkMaxRetries } from './retry';
import { realSleep } from './runtime';
import type {
  ApiKeySource,
  ClientOptions,
  ClientOverrides,
  Fetch,
  HeadersOption,
  Hooks,
  Logger,
  Now,
  Random,
  RateLimitOptions,
  ResolvedOptions,
  RequestOptions,
  Sleep,
} from './types';

type OnCredits = NonNullable<ClientOptions['onCredits']>;

/** Default values of the options. */
const DEFAULTS = {
  timeout: 30_000,
  totalTimeout: 120_000,
  maxRetries: 3,
  maxRetryAfter: 60_000,
} as const;

/** The headers the SDK sends on every call, before `defaultHeaders`. */
const SDK_HEADERS: Readonly<Record<string, string>> = {
  accept: 'application/json',
  [SDK_VERSION_HEADER.toLowerCase()]: `sports-odds-data/${VERSION}`,
};

/** The environment of runtimes that have one (Node, Bun, Deno with compat), without importing Node. */
function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  // A blank variable is unset.
  return env?.[name]?.trim() || undefined;
}

const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);

/**
 * Checks the base URL: absolute http(s), and no key over plain http to a non-loopback host.
 *
 * @example
 * checkBaseUrl('http://127.0.0.1:8080', false); // 'http://127.0.0.1:8080'
 */
export function checkBaseUrl(baseUrl: string, allowInsecureHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new SportsOddsError(`baseUrl must be an absolute URL, got ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SportsOddsError(`baseUrl must use https:, got ${url.protocol}`);
  }
  if (url.protocol === 'http:' && !allowInsecureHttp && !isLoopback(url.hostname)) {
    throw new SportsOddsError(
      `refusing to send the API key over plain http:// to ${url.hostname}; use https://, a loopback host, or allowInsecureHttp: true`,
    );
  }
  // `href` keeps a bare `?` or `#` that `search` and `hash` report as empty; in a path they are escaped.
  if (/[?#]/.test(url.href)) throw new SportsOddsError('baseUrl must not carry a query or fragment');
  return url.href.replace(/\/+$/, '');
}

/**
 * `base` with `extra` applied over it: names lower-cased, a `null` or `undefined` value removes
 * the header. The key never travels in a header option (it would escape the logger's masking).
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

/** Every option of `new SportsOdds(...)`: a name outside it is refused (a misspelt option would be ignored in silence). */
const CLIENT_OPTIONS: Readonly<Record<keyof ClientOptions, true>> = {
  apiKey: true,
  baseUrl: true,
  timeout: true,
  totalTimeout: true,
  maxRetries: true,
  maxRetryAfter: true,
  fetch: true,
  defaultHeaders: true,
  validate: true,
  logger: true,
  logLevel: true,
  hooks: true,
  onCredits: true,
  budget: true,
  rateLimit: true,
  coordinator: true,
  rotationStore: true,
  onKeyRotated: true,
  tracing: true,
  cache: true,
  coalesce: true,
  allowInsecureHttp: true,
  sleep: true,
  now: true,
  random: true,
};

/** The options `withOptions()` may change. */
const OVERRIDES: Readonly<Record<keyof ClientOverrides, true>> = {
  timeout: true,
  totalTimeout: true,
  maxRetries: true,
  maxRetryAfter: true,
  fetch: true,
  defaultHeaders: true,
  validate: true,
  logger: true,
  logLevel: true,
  hooks: true,
  onCredits: true,
};

const BUDGET_OPTIONS: readonly (keyof BudgetOptions)[] = ['maxCredits', 'dailyFloor', 'periodFloor'];
const HOOKS: readonly (keyof Hooks)[] = ['beforeRequest', 'afterResponse', 'beforeRetry'];
const REQUEST_OPTIONS: Readonly<Record<keyof RequestOptions, true>> = {
  signal: true,
  timeout: true,
  totalTimeout: true,
  maxRetries: true,
  validate: true,
  headers: true,
  maxAge: true,
  cache: true,
  coalesce: true,
};

/** A `maxAge`: a finite, non-negative number of ms. */
const checkMaxAge = (name: string, value: unknown): number => checkNumber(name, value, { zero: true, unit: 'ms' });

/** Only `false` turns a default off: `true` would say nothing. */
const checkFalse = (name: string, value: unknown): void => {
  if (value !== false) refuse(name, value, 'false (leave it out for the default)');
};

/**
 * The client's `cache` option, checked: `false`, or `{ maxAge, maxBytes }` with a finite,
 * non-negative `maxAge` in ms for each data route it names (of `dataRouteIds`; a copy). Default bound: 32 MiB.
 *
 * @example
 * checkCache({ maxAge: { 'events.odds': 2_000 } }, ['events.odds']); // { maxAge: { 'events.odds': 2000 }, maxBytes: 33554432 }
 * checkCache(false, []); // { maxAge: false, maxBytes: 33554432 }
 */
export function checkCache(value: unknown, dataRouteIds: readonly string[]): { maxAge: Record<string, number> | false; maxBytes: number } {
  if (value === false) return { maxAge: false, maxBytes: 2 ** 25 };
  const { maxAge = {}, maxBytes = 2 ** 25 } = checkOptions<{ maxAge?: unknown; maxBytes?: unknown }>('cache', value ?? {}, [
    'maxAge',
    'maxBytes',
  ]);
  const ages = { ...checkOptions<Record<string, number>>('cache.maxAge', maxAge, dataRouteIds) };
  for (const id in ages) checkMaxAge(`cache.maxAge['${id}']`, ages[id]);
  return { maxAge: ages, maxBytes: checkNumber('cache.maxBytes', maxBytes, { integer: true, unit: 'bytes' }) };
}

/**
 * A budget whose every limit is a non-negative integer of credits (a copy: changing the object
 * given later changes nothing). `NaN` would turn the limit off, so it is refused, as is `Infinity`
 * (leave the limit out for none).
 *
 * @example
 * checkBudget({ maxCredits: 500 }); // { maxCredits: 500 }
 * checkBudget({ maxCredits: Number('20k') }); // throws: budget.maxCredits must be a non-negative integer of credits, got NaN
 */
export function checkBudget(value: unknown): BudgetOptions {
  const budget = checkOptions<Record<string, unknown>>('budget', value, BUDGET_OPTIONS);
  const out: BudgetOptions = {};
  for (const name of BUDGET_OPTIONS) {
    if (budget[name] !== undefined) out[name] = checkCount(`budget.${name}`, budget[name], { unit: 'credits' });
  }
  return out;
}

/**
 * Client-side pacing: a positive number of requests per second, or `'account'`.
 *
 * @example
 * checkRateLimit({ requestsPerSecond: 5 }); // { requestsPerSecond: 5 }
 */
function checkRateLimit(value: unknown): RateLimitOptions {
  const { requestsPerSecond } = checkOptions<Record<string, unknown>>('rateLimit', value, ['requestsPerSecond']);
  if (requestsPerSecond === 'account') return { requestsPerSecond };
  if (typeof requestsPerSecond !== 'number') refuse('rateLimit.requestsPerSecond', requestsPerSecond, "a positive number or 'account'");
  return { requestsPerSecond: checkNumber('rateLimit.requestsPerSecond', requestsPerSecond, {}) };
}

const checkLogger = (value: unknown): Logger => {
  const logger = value as Partial<Record<keyof Logger, unknown>> | null;
  const methods = ['debug', 'info', 'warn', 'error'] as const;
  if (logger === null || typeof logger !== 'object' || methods.some((m) => typeof logger[m] !== 'function')) {
    refuse('logger', value, 'an object with debug, info, warn and error methods (console fits)');
  }
  return value as Logger;
};

const checkHooks = (value: unknown): Hooks => {
  const hooks = checkOptions<Record<string, unknown>>('hooks', value, HOOKS);
  for (const name of HOOKS) {
    const list = hooks[name];
    if (list === undefined) continue;
    if (!Array.isArray(list)) refuse(`hooks.${name}`, list, 'an array of functions');
    for (const [i, hook] of (list as unknown[]).entries()) checkFunction(`hooks.${name}[${i}]`, hook);
  }
  return value as Hooks;
};

// An empty string is left to resolveApiKey, which says where a key comes from.
const checkApiKey = (value: unknown): ApiKeySource =>
  typeof value === 'function' || typeof value === 'string'
    ? (value as ApiKeySource)
    : refuse('apiKey', value, 'a string or a function returning one', true);

/** Refuses an object option without the methods it is called by. */
const withMethods = (name: string, value: unknown, methods: readonly string[]): void => {
  const o = value as Record<string, unknown> | null;
  if (o === null || typeof o !== 'object' || methods.some((m) => typeof o[m] !== 'function')) {
    refuse(name, value, `an object with ${methods.join(', ')} methods`);
  }
};

/**
 * Checks every option given to `new SportsOdds()` (or, with `overrides`, to `withOptions()`) that
 * `resolveOptions` does not read: names, and the objects and functions kept as given. Throws a
 * `SportsOddsError` naming the option, what was given and what is accepted.
 *
 * @example
 * checkClientOptions({ coordinator: 'redis' }); // throws: coordinator must be an object with admit, settle, ...
 */
export function checkClientOptions(options: unknown, overrides = false): void {
  const known = Object.keys(overrides ? OVERRIDES : CLIENT_OPTIONS);
  const o = checkOptions<ClientOptions>(overrides ? 'withOptions()' : 'options', options ?? {}, known);
  if (o.apiKey !== undefined) checkApiKey(o.apiKey);
  if (o.coordinator !== undefined) withMethods('coordinator', o.coordinator, ['admit', 'settle', 'credits', 'readCredits']);
  if (o.rotationStore !== undefined) withMethods('rotationStore', o.rotationStore, ['load', 'save', 'clear']);
  if (o.onKeyRotated !== undefined) checkFunction('onKeyRotated', o.onKeyRotated);
  if (o.coalesce !== undefined) checkBoolean('coalesce', o.coalesce);
  if (o.tracing !== undefined && o.tracing !== false && (o.tracing === null || typeof o.tracing !== 'object')) {
    refuse('tracing', o.tracing, 'false or an object ({ tracerProvider } or { tracer })');
  }
}

/**
 * The options of one call, checked before anything is sent: durations, `maxRetries`, `validate`,
 * `headers` and the `signal`.
 *
 * @example
 * checkRequestOptions({ timeout: 5_000 });
 */
export function checkRequestOptions(options: unknown): RequestOptions {
  const o = checkOptions<RequestOptions>('request options', options, Object.keys(REQUEST_OPTIONS));
  const signal = o.signal as Partial<AbortSignal> | undefined;
  if (
    signal !== undefined &&
    (signal === null || typeof signal !== 'object' || typeof signal.aborted !== 'boolean' || typeof signal.addEventListener !== 'function')
  ) {
    refuse('signal', signal, 'an AbortSignal');
  }
  if (o.timeout !== undefined) checkDuration('timeout', o.timeout);
  if (o.totalTimeout !== undefined) checkDuration('totalTimeout', o.totalTimeout);
  if (o.maxRetries !== undefined) checkMaxRetries(o.maxRetries);
  if (o.validate !== undefined) checkBoolean('validate', o.validate);
  if (o.maxAge !== undefined) checkMaxAge('maxAge', o.maxAge);
  if (o.cache !== undefined) checkFalse('cache', o.cache);
  if (o.coalesce !== undefined) checkFalse('coalesce', o.coalesce);
  return o;
}

/**
 * Applies defaults and the environment; throws a clear error when the base URL is missing or an
 * option is out of range. `base` is the resolved options of a parent client (`withOptions`).
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
    baseUrl = checkBaseUrl(
      url,
      given(options.allowInsecureHttp, false, (v) => checkBoolean('allowInsecureHttp', v)),
    );
  }
  // A derived client's logger writes where its parent's does, at its level, and masks the same secrets.
  const envLevel = readEnv('SPORTS_ODDS_LOG');
  const level =
    given(options.logLevel, undefined, (v) => checkOneOf('logLevel', v, LOG_LEVELS)) ??
    base?.logger.level ??
    (isLogLevel(envLevel) ? envLevel : 'warn');
  const target = given(options.logger, undefined, checkLogger) ?? base?.logger.target ?? console;
  const logger = createLogger(target, level, base?.logger);
  const fn = <F extends (...args: never[]) => unknown, D extends F | undefined>(
    name: 'fetch' | 'onCredits' | 'sleep' | 'now' | 'random',
    fallback: D,
  ) => given(options[name], fallback, (v) => checkFunction<F>(name, v));
  return {
    baseUrl,
    timeout: given(options.timeout, base?.timeout ?? DEFAULTS.timeout, (v) => checkDuration('timeout', v)),
    totalTimeout: given(options.totalTimeout, base?.totalTimeout ?? DEFAULTS.totalTimeout, (v) => checkDuration('totalTimeout', v)),
    // The same rule as a call's own maxRetries: a non-negative integer, or Infinity (retry until the deadline).
    maxRetries: checkMaxRetries(options.maxRetries ?? base?.maxRetries ?? DEFAULTS.maxRetries),
    maxRetryAfter: given(options.maxRetryAfter, base?.maxRetryAfter ?? DEFAULTS.maxRetryAfter, (v) =>
      checkDuration('maxRetryAfter', v, true),
    ),
    fetch: fn<Fetch, Fetch | undefined>('fetch', base?.fetch),
    headers: withHeaders(base?.headers ?? SDK_HEADERS, options.defaultHeaders),
    validate: given(options.validate, base?.validate ?? true, (v) => checkBoolean('validate', v)),
    logger,
    hooks: given(options.hooks, base?.hooks ?? {}, checkHooks),
    onCredits: fn<OnCredits, OnCredits | undefined>('onCredits', base?.onCredits),
    budget: given(options.budget, base?.budget ?? {}, checkBudget),
    rateLimit: given(options.rateLimit, base?.rateLimit, checkRateLimit),
    sleep: fn<Sleep, Sleep>('sleep', base?.sleep ?? realSleep),
    now: fn<Now, Now>('now', base?.now ?? Date.now),
    random: fn<Random, Random>('random', base?.random ?? Math.random),
  };
}
