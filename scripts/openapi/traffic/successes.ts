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

/** What the successful traffic found in the seeded data, for the refusals to use. */
export interface Found {
  sportId: number;
  upcomingEvent: number;
  pastEvent: number;
  propId: number;
  /** A key of the demo account the traffic revoked. */
  revokedKeyId: string;
  /** The checkout cookie of a claimed session. */
  cookie: string;
  /** A data:read key and an account:manage key of the demo account. */
  reader: string;
  manager: string;
}

const MIN = 60_000;
const routeIds = Object.keys(routes) as RouteId[];

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

/** The data routes, with every parameter each takes. */
async function data(s: TrafficSession): Promise<Pick<Found, 'sportId' | 'upcomingEvent' | 'pastEvent' | 'propId'>> {
  const sports = (await s.send('catalog.sports', {}, 200).then((a) => a.json())) as Sport[];
  const sportId = 29;
  const leagues = (await s.send('catalog.leagues', { query: { sport_id: sportId } }, 200).then((a) => a.json())) as { league_id: number }[];
  await s.send('catalog.periods', { query: { sport_id: sportId } }, 200);

  const upcoming = (await s.send('events.list', { query: { sport_id: sportId, limit: 2 } }, 200).then((a) => a.json())) as Event[];
  const upcomingEvent = upcoming[0]!.event_id!;
  await s.send(
    'events.list',
    {
      query: {
        sport_id: sportId,
        league_id: leagues[0]!.league_id,
        starts_from: '2026-11-21T18:00:00Z',
        starts_to: '2026-11-22',
        limit: 2,
      },
    },
    200,
  );
  await s.send('events.list', { query: { event_id: upcomingEvent } }, 200);
  await s.send('events.list', { query: { parent_id: upcomingEvent } }, 200);
  await s.send('events.list', { query: { sport_id: sportId, since: '2026-11-20T00:00:00Z', limit: 2 } }, 200);
  const live = await s.send('events.list', { query: { live: 1, limit: 2 } }, 200);
  const cursor = live.headers['x-next-cursor'];
  if (cursor === undefined) throw new Error('traffic: the live listing gave no X-Next-Cursor');
  await s.send('events.list', { query: { live: 1, limit: 2, cursor } }, 200);

  const past = (await s
    .send('events.list', { query: { sport_id: sportId, starts_from: '2026-11-01T00:00:00Z', starts_to: '2026-11-02', limit: 1 } }, 200)
    .then((a) => a.json())) as Event[];
  const pastEvent = past[0]!.event_id!;
  await s.send('events.odds', { params: { event_id: upcomingEvent }, query: { main_lines_only: 1 } }, 200);
  await s.send('events.odds', { params: { event_id: upcomingEvent }, query: { full_history: 1 } }, 200);
  await s.send('events.odds', { params: { event_id: upcomingEvent }, query: { since: '2026-11-21T00:00:00Z' } }, 200);
  // Every route about one event that takes no query, in the table's order: a route added to the
  // table is in the traffic, and so in the document, without an edit here.
  const aboutPastEvent = new Map<RouteId, unknown>();
  for (const id of routeIds.filter((r) => routes[r].query === NoQuery && routes[r].path.startsWith('/v1/events/{event_id}/')))
    aboutPastEvent.set(id, (await s.send(id, { params: { event_id: pastEvent } }, 200)).json());
  const closing = aboutPastEvent.get('events.closingLines') as ClosingLine[];
  const props = aboutPastEvent.get('events.props') as SpecialMarket[];
  const propId = props[0]!.special_id!;
  await s.send('props.odds', { params: { prop_id: propId } }, 200);
  await s.send('props.odds', { params: { prop_id: propId }, query: { full_history: 1 } }, 200);

  // Every sport with outrights: the example is the shortest answer that is not empty.
  for (const sport of sports.filter((x) => x.has_outrights === true))
    await s.send('outrights.list', { query: { sport_id: sport.sport_id! } }, 200);
  await s.send('outrights.list', {}, 200);

  await s.send(
    'analytics.clv',
    { query: { event_id: pastEvent, market: 'moneyline', period: 0, side: 'home', odds: 2.1, stake: 10 } },
    200,
  );
  const spread = closing.find((r) => r.market === 'spread' && r.period === 0 && r.alt_line_id === null)!;
  await s.send('analytics.clv', { query: { event_id: pastEvent, market: 'spread', side: 'home', line: spread.line!, odds: 1.95 } }, 200);
  return { sportId, upcomingEvent, pastEvent, propId };
}

/** The account, key and credential routes, each flow to its success. */
async function account(s: TrafficSession): Promise<Pick<Found, 'revokedKeyId' | 'cookie' | 'reader' | 'manager'>> {
  const { mock } = s;
  await s.send('account.get', {}, 200);
  await s.send('account.usage', { query: { days: 7 } }, 200);
  await s.send('account.requestHealth', { query: { days: 7 } }, 200);
  await s.send('keys.list', {}, 200);
  const created = (await s.send('keys.create', { body: { name: 'reporting', scopes: ['data:read'] } }, 201).then((a) => a.json())) as {
    id: string;
  };
  await s.send('keys.revoke', { params: { id: created.id } }, 200);
  const reader = (await mock.createKey(mock.demoEmail, { name: 'reader', scopes: ['data:read'] })).apiKey;
  const manager = (await mock.createKey(mock.demoEmail, { name: 'manager', scopes: ['account:manage'] })).apiKey;
  const rotating = (await mock.createKey(mock.demoEmail, { name: 'rotating', scopes: ['account:manage'] })).apiKey;
  const rotationNonce = randomToken('rot_');
  await s.send('keys.rotate', { key: rotating, headers: { 'Idempotency-Key': rotationNonce } }, 200);
  // The nonce of a rotation, with another key, within its 15 minutes.
  await s.send('keys.rotate', { key: manager, headers: { 'Idempotency-Key': rotationNonce } }, 409);

  const pending = await mock.createAccount({ email: 'pending@example.com', recoveryEmailVerified: false });
  await s.send('recoveryEmail.resend', { key: pending.apiKey, body: {} }, 202);
  await s.send('recoveryEmail.verify', { body: { verification_token: await linkToken(mock, 'verification', pending.email) } }, 200);

  const checkout = await mock.startCheckout({ email: 'new-customer@example.com' });
  const intent = await s.send('checkout.intent', { body: { resume_token: checkout.resume_token } }, 200);
  const cookie = /so_checkout=([^;]+)/.exec(intent.headers['set-cookie'] ?? '')?.[1];
  if (cookie === undefined) throw new Error('traffic: the checkout intent set no so_checkout cookie');
  await s.send('checkout.claim', { body: { claim_token: checkout.claim_token } }, 202);
  await mock.completeCheckout(checkout.session_id);
  const firstParty = { Cookie: `so_checkout=${cookie}`, Origin: new URL(mock.baseUrl).origin, 'Sec-Fetch-Site': 'same-origin' };
  await s.send('checkout.intent', { body: {}, headers: firstParty }, 200);
  await s.send('checkout.claim', { body: {}, headers: firstParty }, 200);

  await eligibleForRecovery(s, 'lost-key@example.com');
  await s.send('recovery.request', { body: { email: 'lost-key@example.com', challenge_token: await mock.issueChallenge() } }, 202);
  const recovery = await linkToken(mock, 'recovery', 'lost-key@example.com');
  await s.send('recovery.claim', { body: { recovery_token: recovery } }, 200);
  // Past the replay window the same link is used up.
  mock.clock.advance(11 * MIN);
  await s.send('recovery.claim', { body: { recovery_token: recovery } }, 409);
  return { revokedKeyId: created.id, cookie, reader, manager };
}

/** Every operation answered with success, with every parameter it takes somewhere among them. */
export async function successes(s: TrafficSession): Promise<Found> {
  return { ...(await data(s)), ...(await account(s)) };
}
