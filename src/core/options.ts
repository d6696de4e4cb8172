import { SDK_VERSION_HEADER } from '../schemas/headers';
import { VERSION } from '../version';
import { SportsOddsError } from './errors/base';
import { createLogger, isLogLevel } from './logger';
import { checkMaxRetries } from './retry';
import { realSleep } from './runtime';
import type { ApiKeySource, ClientOptions, HeadersOption, ResolvedOptions } from './types';

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
function checkBaseUrl(baseUrl: string, allowInsecureHttp: boolean): string {
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

const positive = (name: string, value: number | undefined, fallback: number, allowZero = false): number => {
  const v = value ?? fallback;
  if (!Number.isFinite(v) || v < 0 || (!allowZero && v === 0)) {
    throw new SportsOddsError(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${String(value)}`);
  }
  return v;
};

/**
 * `base` with `extra` applied over it: names lower-cased, a `null` or `undefined` value removes
 * the header. The key never travels in a header option (it would escape the logger's masking).
 *
 * @example
 * withHeaders({ accept: 'application/json' }, { 'X-Trace': 'abc' }); // { accept: ..., 'x-trace': 'abc' }
 */
export function withHeaders(base: Readonly<Record<string, string>>, extra: HeadersOption | undefined): Readonly<Record<string, string>> {
  if (extra === undefined) return base;
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
    const given = options.baseUrl ?? readEnv('SPORTS_ODDS_BASE_URL');
    if (given === undefined || given === '') {
      throw new SportsOddsError('no base URL: pass new SportsOdds({ baseUrl }) or set the SPORTS_ODDS_BASE_URL environment variable');
    }
    baseUrl = checkBaseUrl(given, options.allowInsecureHttp ?? false);
  }
  // A derived client's logger writes where its parent's does, at its level, and masks the same secrets.
  const envLevel = readEnv('SPORTS_ODDS_LOG');
  const level = options.logLevel ?? base?.logger.level ?? (isLogLevel(envLevel) ? envLevel : 'warn');
  const logger = createLogger(options.logger ?? base?.logger.target ?? console, level, base?.logger);
  // The same rule as a call's own maxRetries: a non-negative integer, or Infinity (retry until the deadline).
  const maxRetries = checkMaxRetries(options.maxRetries ?? base?.maxRetries ?? DEFAULTS.maxRetries);
  const rps = options.rateLimit?.requestsPerSecond;
  if (rps !== 'account') positive('rateLimit.requestsPerSecond', rps, 1);
  return {
    baseUrl,
    timeout: positive('timeout', options.timeout, base?.timeout ?? DEFAULTS.timeout),
    totalTimeout: positive('totalTimeout', options.totalTimeout, base?.totalTimeout ?? DEFAULTS.totalTimeout),
    maxRetries,
    maxRetryAfter: positive('maxRetryAfter', options.maxRetryAfter, base?.maxRetryAfter ?? DEFAULTS.maxRetryAfter, true),
    fetch: options.fetch ?? base?.fetch,
    headers: withHeaders(base?.headers ?? SDK_HEADERS, options.defaultHeaders),
    validate: options.validate ?? base?.validate ?? true,
    logger,
    hooks: options.hooks ?? base?.hooks ?? {},
    onCredits: options.onCredits ?? base?.onCredits,
    budget: options.budget ?? base?.budget ?? {},
    rateLimit: options.rateLimit ?? base?.rateLimit,
    sleep: options.sleep ?? base?.sleep ?? realSleep,
    now: options.now ?? base?.now ?? Date.now,
    random: options.random ?? base?.random ?? Math.random,
  };
}
