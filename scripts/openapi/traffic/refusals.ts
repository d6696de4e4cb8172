import { errorStatusesOf } from '../../../src/schemas/route-errors';
import { randomToken, type RouteDef, type RouteId } from '../../../src/schemas';
import type { SendInit, TrafficSession } from './session';
import { eligibleForRecovery, firstParty, linkToken, type Found } from './successes';

/** How the traffic reaches the mock. */
export interface TrafficOptions {
  /**
   * Through a proxy that parses and re-serializes JSON bodies (Prism): no body the document allows
   * is over 64 KiB once compact, so such a proxy can never carry one the service answers 413.
   */
  reserializedBodies?: boolean;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
/** A well-formed key that no account holds. */
const UNKNOWN_KEY = `svc_live_${'Unknown'.padEnd(32, '0')}`;
/** Over the mock's 64 KiB body limit, 8,192-character URL limit and Node's 16 KiB header limit. */
const OVERSIZE = { body: 66 * 1024, url: 8300, header: 20 * 1024 };
const MEDIA_TYPE_NOT_JSON = 'application/merge-patch+json';

/** A request of the route that its schemas accept, to be refused for something else. */
function validRequest(route: RouteDef, found: Found): SendInit {
  const byRoute: Partial<Record<RouteId, SendInit>> = {
    'catalog.leagues': { query: { sport_id: found.sportId } },
    'catalog.periods': { query: { sport_id: found.sportId } },
    'events.list': { query: { sport_id: found.sportId, limit: 2 } },
    'props.odds': { params: { prop_id: found.propId } },
    'analytics.clv': { query: { event_id: found.pastEvent, market: 'moneyline', side: 'home', odds: 2.1 } },
    'keys.create': { body: { name: 'refused' } },
    'keys.revoke': { params: { id: found.revokedKeyId } },
    'keys.rotate': { headers: { 'Idempotency-Key': randomToken('rot_') } },
    'recoveryEmail.resend': { body: {} },
    'checkout.intent': { body: {} },
    'checkout.claim': { body: {} },
    'recovery.request': { body: { email: 'someone@example.com', challenge_token: randomToken('chl_') } },
    'recovery.claim': { body: { recovery_token: randomToken('rcv_') } },
    'recoveryEmail.verify': { body: { verification_token: randomToken('emv_') } },
  };
  return byRoute[route.id as RouteId] ?? (route.path.includes('{event_id}') ? { params: { event_id: found.pastEvent } } : {});
}

const withQuery = (init: SendInit, query: Record<string, string>): SendInit => ({ ...init, query: { ...init.query, ...query } });
const withHeaders = (init: SendInit, headers: Record<string, string>): SendInit => ({ ...init, headers: { ...init.headers, ...headers } });

/** An unknown token of a token route, well formed. */
const UNKNOWN_TOKEN: Partial<Record<RouteId, Record<string, string>>> = {
  'checkout.intent': { resume_token: randomToken('res_') },
  'checkout.claim': { claim_token: randomToken('clm_') },
};

type Refusal = (s: TrafficSession, route: RouteDef, init: SendInit, found: Found) => Promise<unknown>;

const id = (route: RouteDef) => route.id as RouteId;

/**
 * Answers the route's next request with an error of the service through `mock.use`, inside the whole
 * pipeline (never from a cache: a cached catalog answer does no data work that could fail).
 */
const failure = (status: number, retryAfter?: number) => (s: TrafficSession, route: RouteDef, init: SendInit) => {
  const code = errorStatusesOf(route).get(status)![0]!;
  s.mock.use(
    id(route),
    () => {
      throw s.mock.error(code, undefined, retryAfter === undefined ? {} : { retryAfter });
    },
    { once: true },
  );
  return s.send(id(route), init, status);
};

/** How each status is drawn from the mock, where one request does it for any route that can answer it. */
const REFUSALS: Partial<Record<number, Refusal>> = {
  400: async (s, route, init) => {
    const token = UNKNOWN_TOKEN[id(route)];
    if (token || route.invalidBodyCode === 'invalid_token') await s.send(id(route), token ? { ...init, body: token } : init, 400);
    return s.send(id(route), withQuery(init, { unknown_parameter: '1' }), 400);
  },
  401: (s, route, init) => s.send(id(route), { ...init, key: UNKNOWN_KEY }, 401),
  403: (s, route, init, found) => {
    if (route.auth.kind === 'bearer')
      return s.send(id(route), { ...init, key: route.auth.scope === 'data:read' ? found.manager : found.reader }, 403);
    if (route.auth.cookie) return s.send(id(route), withHeaders(init, { Cookie: `so_checkout=${found.cookie}` }), 403);
    return route.id === 'recovery.request' ? s.send(id(route), init, 403) : Promise.resolve();
  },
  404: (s, route, init) => {
    if (route.path.includes('{')) {
      const unknown = { event_id: 1, prop_id: 1, id: `key_${'0'.repeat(32)}` };
      return s.send(
        id(route),
        { ...init, params: Object.fromEntries(Object.keys(init.params ?? {}).map((k) => [k, unknown[k as keyof typeof unknown]])) },
        404,
      );
    }
    if (route.id === 'analytics.clv') return s.send(id(route), withQuery(init, { event_id: '1' }), 404);
    return failure(404)(s, route, init);
  },
  // JSON padded with whitespace past the limit.
  413: (s, route, init) =>
    s.send(id(route), { ...init, body: JSON.stringify(init.body).replace(/}$/, `${' '.repeat(OVERSIZE.body)}}`) }, 413),
  414: (s, route, init) => s.send(id(route), withQuery(init, { padding: 'x'.repeat(OVERSIZE.url) }), 414),
  415: (s, route, init) => s.send(id(route), withHeaders(init, { 'Content-Type': MEDIA_TYPE_NOT_JSON }), 415),
  431: (s, route, init) => s.send(id(route), withHeaders(init, { 'X-Padding': 'x'.repeat(OVERSIZE.header) }), 431),
  500: failure(500),
  502: failure(502),
  // A data route's 503 says when to come back.
  503: (s, route, init) => failure(503, route.metering ? 30 : undefined)(s, route, init),
};

/** Bursts tried before the traffic gives up on a 429. */
const BURSTS = 5;

/**
 * Over the trial plan's 2 requests per second: two refused requests, then the third in the same second. The mock's clock is
 * frozen, and a frozen clock's rate window counts real seconds (docs/service.md, "Rate limit"): a burst that a real second's
 * turn splits answers its third request 200, and is sent again from the next second, unrecorded.
 */
async function burst(s: TrafficSession, route: RouteDef, init: SendInit, key: string): Promise<void> {
  for (let tried = 1; ; tried++) {
    const recorded = s.exchanges.length;
    await s.send(id(route), withQuery({ ...init, key }, { unknown_parameter: '1' }), 400);
    await s.send(id(route), withQuery({ ...init, key, sameSecond: true }, { unknown_parameter: '1' }), 400);
    const third = await s.send(id(route), { ...init, key, sameSecond: true }, tried < BURSTS ? [429, 200] : 429);
    if (third.status === 429) return;
    s.exchanges.length = recorded;
  }
}

/** The refusals that take a flow of their own: used credentials, expired links, ineligible accounts, limits. */
const FLOWS: Partial<Record<RouteId, (s: TrafficSession, found: Found) => Promise<unknown>>> = {
  'keys.create': async (s) => {
    const full = await s.mock.createAccount({ email: 'five-keys@example.com' });
    for (let i = 2; i <= 5; i++) await s.mock.createKey(full.email, { name: `key ${i}` });
    await s.send('keys.create', { key: full.apiKey, body: { name: 'a sixth' } }, 409);
  },
  // Past the 10 minutes in which the same cookie replays its claim, the claimed credentials are used up.
  'checkout.claim': (s, found) => {
    s.mock.clock.advance(11 * MIN);
    return s.send('checkout.claim', { body: {}, headers: firstParty(s.mock, found.cookie) }, 409);
  },
  'recovery.claim': async (s) => {
    const { mock } = s;
    await eligibleForRecovery(s, 'held@example.com');
    await s.send('recovery.request', { body: { email: 'held@example.com', challenge_token: await mock.issueChallenge() } }, 202);
    const held = await linkToken(mock, 'recovery', 'held@example.com');
    await mock.createKey('held@example.com', { name: 'manager', scopes: ['account:manage'] });
    await s.send('recovery.claim', { body: { recovery_token: held } }, 403);

    await eligibleForRecovery(s, 'late@example.com');
    await s.send('recovery.request', { body: { email: 'late@example.com', challenge_token: await mock.issueChallenge() } }, 202);
    const late = await linkToken(mock, 'recovery', 'late@example.com');
    mock.clock.advance(31 * MIN);
    await s.send('recovery.claim', { body: { recovery_token: late } }, 410);
  },
  'recoveryEmail.verify': async (s) => {
    const { mock } = s;
    const stale = await mock.createAccount({ email: 'stale@example.com', recoveryEmailVerified: false });
    await s.send('recoveryEmail.resend', { key: stale.apiKey, body: {} }, 202);
    const link = await linkToken(mock, 'verification', stale.email);
    await s.send('recoveryEmail.verify', { body: { verification_token: link } }, 200);
    await s.send('recoveryEmail.verify', { body: { verification_token: link } }, 409);

    const unverified = await mock.createAccount({ email: 'unverified@example.com', recoveryEmailVerified: false });
    await s.send('recoveryEmail.resend', { key: unverified.apiKey, body: {} }, 202);
    const expiring = await linkToken(mock, 'verification', unverified.email);
    mock.clock.advance(25 * HOUR);
    await s.send('recoveryEmail.verify', { body: { verification_token: expiring } }, 410);
  },
  // An account's failures fill more than one page of its request health (50 failures a page), each in a second of its own
  // (the order of answers within one second is their random request ids').
  'account.requestHealth': async (s) => {
    const { apiKey } = await s.mock.createAccount({ email: 'failing@example.com', plan: 'pro' });
    for (let i = 0; i < 51; i++) await s.send('account.get', { key: apiKey, query: { unknown_parameter: '1' } }, 400);
    const report = (await s.send('account.requestHealth', { key: apiKey, query: { days: 2 } }, 200).then((a) => a.json())) as {
      next_cursor: string;
    };
    await s.send('account.requestHealth', { key: apiKey, query: { days: 2, cursor: report.next_cursor } }, 200);
  },
};

/**
 * Every error status the operation can answer (src/schemas/route-errors.ts), drawn from the mock: by a request it refuses, a
 * fault it injects, or a flow (a used or expired credential).
 */
export async function refusalsOf(s: TrafficSession, route: RouteDef, found: Found, options: TrafficOptions): Promise<void> {
  const init = validRequest(route, found);
  try {
    for (const status of errorStatusesOf(route).keys()) {
      if (status === 413 && options.reserializedBodies) continue;
      if (status === 429) await burst(s, route, init, found.burster);
      else await REFUSALS[status]?.(s, route, init, found);
    }
  } catch (error) {
    // A route whose query, body or headers are required is refused 400 for them before the refusal drawn.
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n(each refusal starts from a request the route's schemas accept: give ${route.id} one in validRequest, scripts/openapi/traffic/refusals.ts)`,
    );
  }
  await FLOWS[id(route)]?.(s, found);
}
