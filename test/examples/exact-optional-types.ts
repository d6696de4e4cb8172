/**
 * A downstream file compiled under `exactOptionalPropertyTypes` (npm run typecheck, test/examples/downstream-tests.tsconfig.json):
 * every optional option takes `undefined` where its default applies, as a value read from the environment or a config file is
 * (`process.env.SPORTS_ODDS_API_KEY` is `string | undefined`). Never run: it only has to compile.
 */
import {
  memoryCoordinator,
  SportsOdds,
  SportsOddsCredentials,
  type ClientOptions,
  type RequestOptions,
  type RouteInput,
} from 'sports-odds-data';
import { createMcpServer } from 'sports-odds-data/mcp';
import { createFixtures, createMockService } from 'sports-odds-data/mocks';
import { startMockServer } from 'sports-odds-data/mocks/node';
import { FileRotationStore } from 'sports-odds-data/node';
import { redisCoordinator, type RedisScriptClient } from 'sports-odds-data/redis';

const env = process.env;
/** A number option from the environment: undefined when unset, as a config file leaves an option out. */
const numberFrom = (name: string): number | undefined => (env[name] === undefined ? undefined : Number(env[name]));
const flagFrom = (name: string): boolean | undefined => (env[name] === undefined ? undefined : env[name] === '1');
const nothing = undefined;

export function clientOptions(): ClientOptions {
  return {
    apiKey: env.SPORTS_ODDS_API_KEY,
    baseUrl: env.SPORTS_ODDS_BASE_URL,
    timeout: numberFrom('TIMEOUT'),
    totalTimeout: numberFrom('TOTAL_TIMEOUT'),
    maxRetries: numberFrom('MAX_RETRIES'),
    maxRetryAfter: numberFrom('MAX_RETRY_AFTER'),
    fetch: nothing,
    defaultHeaders: nothing,
    validate: flagFrom('VALIDATE'),
    logger: nothing,
    logLevel: nothing,
    hooks: { beforeRequest: nothing, afterResponse: nothing, beforeRetry: nothing },
    onCredits: nothing,
    budget: { maxCredits: numberFrom('MAX_CREDITS'), dailyFloor: numberFrom('DAILY_FLOOR'), periodFloor: nothing },
    coordinator: nothing,
    cache: { maxAge: { 'events.odds': numberFrom('ODDS_MAX_AGE'), 'catalog.sports': nothing }, maxBytes: numberFrom('CACHE_BYTES') },
    coalesce: flagFrom('COALESCE'),
    rotationStore: env.ROTATION_FILE === undefined ? undefined : new FileRotationStore(env.ROTATION_FILE),
    onKeyRotated: nothing,
    tracing: { tracerProvider: nothing, tracer: nothing },
    allowInsecureHttp: flagFrom('INSECURE'),
    sleep: nothing,
    now: nothing,
  };
}

export async function calls(): Promise<void> {
  const odds = new SportsOdds({ apiKey: process.env.SPORTS_ODDS_API_KEY, baseUrl: process.env.SPORTS_ODDS_BASE_URL });
  const patient = odds.withOptions({ timeout: numberFrom('TIMEOUT'), maxRetries: numberFrom('MAX_RETRIES'), logLevel: nothing });
  const signal: AbortSignal | undefined = undefined;
  const call: RequestOptions = { signal, timeout: numberFrom('TIMEOUT'), maxAge: nothing, cache: nothing, coalesce: nothing };
  await patient.catalog.sports(call);
  await odds.events.list({ sport_id: numberFrom('SPORT'), starts_from: new Date(), starts_to: env.UNTIL, limit: nothing });
  const input: RouteInput<'events.odds'> = { params: { event_id: 42 }, query: { since: nothing }, headers: nothing };
  await odds.request('events.odds', input);
  odds.events.scan({ starts_from: new Date(), starts_to: '2026-11-30' }, { maxCredits: numberFrom('MAX'), pageSize: nothing });
  odds.events.oddsHistory(42, { since: nothing, main_lines_only: flagFrom('MAIN') }, { maxCredits: nothing });
  odds.events.poll({ sport_id: nothing }, { intervalMs: numberFrom('INTERVAL'), since: nothing, signal });
  await odds.keys.rotate({ signal, timeout: nothing });
  new SportsOddsCredentials({ baseUrl: env.PUBLIC_ORIGIN, timeout: nothing });
  new SportsOdds({ coordinator: memoryCoordinator({ now: nothing, sleep: nothing }) });
}

export async function mocks(redis: RedisScriptClient): Promise<void> {
  const mock = createMockService({
    baseUrl: env.MOCK_BASE_URL,
    seed: env.SEED,
    now: env.MOCK_NOW,
    plans: nothing,
    demoAccount: { email: env.DEMO_EMAIL, plan: nothing, status: nothing, apiKey: env.DEMO_KEY },
    publicOrigin: nothing,
    liveScanLimit: numberFrom('LIVE_LIMIT'),
    billingPortal: flagFrom('BILLING'),
  });
  mock.faults.inject({
    route: 'events.odds',
    status: numberFrom('STATUS') ?? 503,
    count: nothing,
    retryAfter: nothing,
    latencyMs: nothing,
  });
  mock.use('catalog.sports', () => [], { once: flagFrom('ONCE'), times: nothing, params: nothing });
  await mock.createAccount({ email: 'new@example.com', plan: env.PLAN, status: nothing, recoveryEmailVerified: nothing, apiKey: nothing });
  await mock.createKey('new@example.com', { name: env.KEY_NAME, scopes: nothing });
  await mock.startCheckout({ email: 'buyer@example.com', plan: env.PLAN });
  mock.clock.freeze(nothing);
  createFixtures({ seed: env.SEED, now: nothing });
  const server = await startMockServer({
    port: numberFrom('PORT'),
    host: env.HOST,
    now: env.MOCK_NOW,
    latencyMs: nothing,
    admin: nothing,
    corsOrigins: nothing,
    clientTimeouts: { headersMs: numberFrom('HEADERS_MS'), requestMs: nothing, keepAliveMs: nothing },
  });
  await server.close();
  redisCoordinator({ redis, namespace: 'acct-1', secret: env.ROTATION_SECRET, prefix: nothing, answers: { waitMs: numberFrom('WAIT') } });
  createMcpServer({
    client: clientOptions(),
    maxCredits: 100,
    toolsets: { account: flagFrom('ACCOUNT') },
    readOnly: nothing,
    sessionId: nothing,
  });
}
