import {
  NoQuery,
  randomToken,
  routes,
  type ClosingLine,
  type Event,
  type RouteId,
  type SpecialMarket,
  type Sport,
} from '../../../src/schemas';
import type { MockService } from '../../../mocks';
import type { TrafficSession } from './session';

/** What the prelude found in the seeded data and set up in the accounts, for every operation's traffic to use. */
export interface Found {
  sportId: number;
  leagueId: number;
  /** Every sport with outrights. */
  outrightSports: number[];
  upcomingEvent: number;
  pastEvent: number;
  /** The past event's full-game spread line, without an alternative line. */
  spreadLine: number;
  propId: number;
  /** A key of the demo account the prelude revoked. */
  revokedKeyId: string;
  /** The checkout cookie of a session whose credentials were claimed. */
  cookie: string;
  /** A data:read key and an account:manage key of the demo account. */
  reader: string;
  manager: string;
  /** A trial-plan account (2 requests a second) whose bursts draw the 429s. */
  burster: string;
}

const MIN = 60_000;

/** The token of a link the mock mailed (`...#token=...`). */
export async function linkToken(mock: MockService, kind: 'recovery' | 'verification', to: string): Promise<string> {
  const links = (await mock.outbox()).filter((m) => m.kind === kind && m.to === to);
  const last = links[links.length - 1];
  const token = last && new URLSearchParams(new URL(last.link).hash.slice(1)).get('token');
  if (!token) throw new Error(`traffic: no ${kind} link was mailed to ${to}`);
  return token;
}

/** Makes an account eligible for lost-key recovery: a data:read key, then its primary key revoked with itself. */
export async function eligibleForRecovery(s: TrafficSession, email: string): Promise<void> {
  const { apiKey } = await s.mock.createAccount({ email, recoveryEmailVerified: true });
  await s.mock.createKey(email, { name: 'reader', scopes: ['data:read'] });
  const primary = s.mock
    .accounts()
    .find((a) => a.email === email)!
    .keys.find((k) => k.scopes.includes('account:manage'))!;
  await s.send('keys.revoke', { key: apiKey, params: { id: primary.id } }, 200);
}

/** A new customer's checkout, paid: its tokens, and the `so_checkout` cookie its intent set. */
async function paidCheckout(s: TrafficSession, email: string): Promise<{ cookie: string; claimToken: string }> {
  const checkout = await s.mock.startCheckout({ email });
  const intent = await s.send('checkout.intent', { body: { resume_token: checkout.resume_token } }, 200);
  const cookie = /so_checkout=([^;]+)/.exec(intent.headers['set-cookie'] ?? '')?.[1];
  if (cookie === undefined) throw new Error('traffic: the checkout intent set no so_checkout cookie');
  await s.send('checkout.claim', { body: { claim_token: checkout.claim_token } }, 202);
  await s.mock.completeCheckout(checkout.session_id);
  return { cookie, claimToken: checkout.claim_token };
}

/** The headers of a request from the checkout's own page, carrying its cookie. */
export const firstParty = (mock: MockService, cookie: string) => ({
  Cookie: `so_checkout=${cookie}`,
  Origin: new URL(mock.baseUrl).origin,
  'Sec-Fetch-Site': 'same-origin',
});

/**
 * What every operation's traffic starts from, run once before the mock's state is saved: the seeded data's sport, league and
 * events, and the keys, accounts and claimed checkout the refusals use. Nothing of it is recorded.
 */
export async function prelude(s: TrafficSession): Promise<Found> {
  const { mock } = s;
  const sports = (await s.send('catalog.sports', {}, 200).then((a) => a.json())) as Sport[];
  const sportId = 29;
  const leagues = (await s.send('catalog.leagues', { query: { sport_id: sportId } }, 200).then((a) => a.json())) as { league_id: number }[];
  const upcoming = (await s.send('events.list', { query: { sport_id: sportId, limit: 2 } }, 200).then((a) => a.json())) as Event[];
  const past = (await s
    .send('events.list', { query: { sport_id: sportId, starts_from: '2026-11-01T00:00:00Z', starts_to: '2026-11-02', limit: 1 } }, 200)
    .then((a) => a.json())) as Event[];
  const pastEvent = past[0]!.event_id!;
  const closing = (await s.send('events.closingLines', { params: { event_id: pastEvent } }, 200).then((a) => a.json())) as ClosingLine[];
  const props = (await s.send('events.props', { params: { event_id: pastEvent } }, 200).then((a) => a.json())) as SpecialMarket[];
  const spread = closing.find((r) => r.market === 'spread' && r.period === 0 && r.alt_line_id === null)!;

  const revoked = await mock.createKey(mock.demoEmail, { name: 'revoked', scopes: ['data:read'] });
  mock.revokeKey(revoked.id);
  const reader = (await mock.createKey(mock.demoEmail, { name: 'reader', scopes: ['data:read'] })).apiKey;
  const manager = (await mock.createKey(mock.demoEmail, { name: 'manager', scopes: ['account:manage'] })).apiKey;
  const claimed = await paidCheckout(s, 'claimed@example.com');
  await s.send('checkout.claim', { body: {}, headers: firstParty(mock, claimed.cookie) }, 200);
  const burster = await mock.createAccount({ email: 'burst@example.com', plan: 'trial' });
  return {
    sportId,
    leagueId: leagues[0]!.league_id,
    outrightSports: sports.filter((x) => x.has_outrights === true).map((x) => x.sport_id!),
    upcomingEvent: upcoming[0]!.event_id!,
    pastEvent,
    spreadLine: spread.line!,
    propId: props[0]!.special_id!,
    revokedKeyId: revoked.id,
    cookie: claimed.cookie,
    reader,
    manager,
    burster: burster.apiKey,
  };
}

/** The successful requests of one operation, with every parameter it takes somewhere among them. */
type Successes = (s: TrafficSession, found: Found) => Promise<unknown>;

/**
 * Each operation's successful requests. A route about one event that takes no query needs no entry (`successesOf` sends it
 * for the past event), so a route added to the table is in the traffic, and so in the document, without an edit here.
 */
const SUCCESSES: Partial<Record<RouteId, Successes>> = {
  'catalog.sports': (s) => s.send('catalog.sports', {}, 200),
  'catalog.leagues': (s, f) => s.send('catalog.leagues', { query: { sport_id: f.sportId } }, 200),
  'catalog.periods': (s, f) => s.send('catalog.periods', { query: { sport_id: f.sportId } }, 200),
  'events.list': async (s, f) => {
    await s.send('events.list', { query: { sport_id: f.sportId, limit: 2 } }, 200);
    const window = { starts_from: '2026-11-21T18:00:00Z', starts_to: '2026-11-22', limit: 2 };
    await s.send('events.list', { query: { sport_id: f.sportId, league_id: f.leagueId, ...window } }, 200);
    await s.send('events.list', { query: { event_id: f.upcomingEvent } }, 200);
    await s.send('events.list', { query: { parent_id: f.upcomingEvent } }, 200);
    await s.send('events.list', { query: { sport_id: f.sportId, since: '2026-11-20T00:00:00Z', limit: 2 } }, 200);
    const live = await s.send('events.list', { query: { live: 1, limit: 2 } }, 200);
    const cursor = live.headers['x-next-cursor'];
    if (cursor === undefined) throw new Error('traffic: the live listing gave no X-Next-Cursor');
    await s.send('events.list', { query: { live: 1, limit: 2, cursor } }, 200);
    await s.send(
      'events.list',
      { query: { sport_id: f.sportId, starts_from: '2026-11-01T00:00:00Z', starts_to: '2026-11-02', limit: 1 } },
      200,
    );
  },
  'events.odds': async (s, f) => {
    await s.send('events.odds', { params: { event_id: f.upcomingEvent }, query: { main_lines_only: 1 } }, 200);
    await s.send('events.odds', { params: { event_id: f.upcomingEvent }, query: { full_history: 1 } }, 200);
    await s.send('events.odds', { params: { event_id: f.upcomingEvent }, query: { since: '2026-11-21T00:00:00Z' } }, 200);
  },
  'props.odds': async (s, f) => {
    await s.send('props.odds', { params: { prop_id: f.propId } }, 200);
    await s.send('props.odds', { params: { prop_id: f.propId }, query: { full_history: 1 } }, 200);
  },
  // Every sport with outrights: the example is the shortest answer that is not empty.
  'outrights.list': async (s, f) => {
    for (const sport of f.outrightSports) await s.send('outrights.list', { query: { sport_id: sport } }, 200);
    await s.send('outrights.list', {}, 200);
  },
  'analytics.clv': async (s, f) => {
    const moneyline = { event_id: f.pastEvent, market: 'moneyline', period: 0, side: 'home', odds: 2.1, stake: 10 };
    await s.send('analytics.clv', { query: moneyline }, 200);
    await s.send(
      'analytics.clv',
      { query: { event_id: f.pastEvent, market: 'spread', side: 'home', line: f.spreadLine, odds: 1.95 } },
      200,
    );
  },
  'account.get': (s) => s.send('account.get', {}, 200),
  'account.usage': (s) => s.send('account.usage', { query: { days: 7 } }, 200),
  'account.requestHealth': (s) => s.send('account.requestHealth', { query: { days: 7 } }, 200),
  'keys.list': (s) => s.send('keys.list', {}, 200),
  'keys.create': (s) => s.send('keys.create', { body: { name: 'reporting', scopes: ['data:read'] } }, 201),
  'keys.revoke': async (s) => {
    const created = await s.mock.createKey(s.mock.demoEmail, { name: 'reporting', scopes: ['data:read'] });
    await s.send('keys.revoke', { params: { id: created.id } }, 200);
  },
  'keys.rotate': async (s, f) => {
    const rotating = (await s.mock.createKey(s.mock.demoEmail, { name: 'rotating', scopes: ['account:manage'] })).apiKey;
    const rotationNonce = randomToken('rot_');
    await s.send('keys.rotate', { key: rotating, headers: { 'Idempotency-Key': rotationNonce } }, 200);
    // The nonce of a rotation, with another key, within its 15 minutes.
    await s.send('keys.rotate', { key: f.manager, headers: { 'Idempotency-Key': rotationNonce } }, 409);
  },
  'recoveryEmail.resend': async (s) => {
    const pending = await s.mock.createAccount({ email: 'pending@example.com', recoveryEmailVerified: false });
    await s.send('recoveryEmail.resend', { key: pending.apiKey, body: {} }, 202);
  },
  'recoveryEmail.verify': async (s) => {
    const pending = await s.mock.createAccount({ email: 'pending@example.com', recoveryEmailVerified: false });
    await s.send('recoveryEmail.resend', { key: pending.apiKey, body: {} }, 202);
    await s.send('recoveryEmail.verify', { body: { verification_token: await linkToken(s.mock, 'verification', pending.email) } }, 200);
  },
  'checkout.intent': async (s) => {
    const { cookie } = await paidCheckout(s, 'new-customer@example.com');
    await s.send('checkout.intent', { body: {}, headers: firstParty(s.mock, cookie) }, 200);
  },
  'checkout.claim': async (s) => {
    const { cookie } = await paidCheckout(s, 'new-customer@example.com');
    await s.send('checkout.claim', { body: {}, headers: firstParty(s.mock, cookie) }, 200);
  },
  'recovery.request': async (s) => {
    await eligibleForRecovery(s, 'lost-key@example.com');
    await s.send('recovery.request', { body: { email: 'lost-key@example.com', challenge_token: await s.mock.issueChallenge() } }, 202);
  },
  'recovery.claim': async (s) => {
    await eligibleForRecovery(s, 'lost-key@example.com');
    await s.send('recovery.request', { body: { email: 'lost-key@example.com', challenge_token: await s.mock.issueChallenge() } }, 202);
    const recovery = await linkToken(s.mock, 'recovery', 'lost-key@example.com');
    await s.send('recovery.claim', { body: { recovery_token: recovery } }, 200);
    // Past the replay window the same link is used up.
    s.mock.clock.advance(11 * MIN);
    await s.send('recovery.claim', { body: { recovery_token: recovery } }, 409);
  },
};

const aboutOneEvent = (id: RouteId) => routes[id].query === NoQuery && routes[id].path.startsWith('/v1/events/{event_id}/');

/** The successful requests of an operation: its entry of `SUCCESSES`, or, about one event with no query, the past event's. */
export function successesOf(id: RouteId): Successes {
  const own = SUCCESSES[id];
  if (own) return own;
  if (aboutOneEvent(id)) return (s, f) => s.send(id, { params: { event_id: f.pastEvent } }, 200);
  throw new Error(`traffic: ${id} has no successful requests: write them in SUCCESSES of scripts/openapi/traffic/successes.ts`);
}
