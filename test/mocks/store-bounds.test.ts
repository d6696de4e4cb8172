import { afterEach, describe, expect, it } from 'vitest';
import { createMockService, StoreFullError, type MockService, type MockServiceOptions } from '../../mocks';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { contextOf } from '../../mocks/service/internal';
import { FAILURE_DETAIL_BOUNDS } from '../../mocks/service/state/health-log';
import { CHARGE_BOUNDS } from '../../mocks/service/state/meter';
import { DEFAULT_STORE_BOUNDS } from '../../mocks/service/state/store-bounds';
import { NOW } from '../helpers/mock-server';

/**
 * Every store the mock holds is bounded (docs/mock-server.md, "What the mock keeps, and for how long"), each bound driven
 * through the real mock: a store of credentials or records refuses one more (`503 temporarily_unavailable`,
 * a `StoreFullError` in process) and drops nothing; a log drops its oldest. Small bounds come from
 * `createMockService({ bounds })`; the per-account and byte bounds are the defaults themselves.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const UNLIMITED = { slug: 'big', name: 'Big', periodCredits: 1e12, periodDays: 30, dailyCredits: 1e12, rateLimitRps: 1e9 };

function newMock(options: MockServiceOptions = {}): MockService {
  const mock = createMockService({ now: NOW, plans: { big: UNLIMITED }, demoAccount: { plan: 'big' }, ...options });
  mock.clock.freeze(NOW);
  return mock;
}

interface Answer {
  status: number;
  headers: Headers;
  body: { error?: { code: string; message: string } } & Record<string, unknown>;
}

/** One request to the mock itself (no interception), with `key` as the bearer (none when null). */
async function send(
  mock: MockService,
  path: string,
  init: { key?: string | null; method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const { key = mock.apiKey, method = init.body === undefined ? 'GET' : 'POST', body, headers = {} } = init;
  const response = await mock.fetch(`${mock.baseUrl}${path}`, {
    method,
    headers: {
      ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? {} : JSON.parse(text) };
}

/** A full store's refusal on the wire: 503 with the service's code and a message naming the bound. */
function expectFull(answer: Answer, bound: string, retryAfter?: number): void {
  expect(answer.status).toBe(503);
  expect(answer.body.error?.code).toBe('temporarily_unavailable');
  expect(answer.body.error?.message).toContain(`(bounds.${bound})`);
  expect(answer.headers.get('Retry-After')).toBe(retryAfter === undefined ? null : String(retryAfter));
}

/** The same refusal in process: a rejected promise of a `StoreFullError` naming the store. */
async function expectRefused(call: Promise<unknown>, store: string): Promise<void> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreFullError);
  expect(error).toMatchObject({ name: 'StoreFullError', store, status: 503, code: 'temporarily_unavailable' });
}

const nonce = () => `rot_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')}`;
const resend = (mock: MockService, key: string) => send(mock, '/v1/account/recovery-email/verification/resend', { key, body: {} });

describe('createMockService({ bounds }): checked where it enters', () => {
  it.each([
    [{ acounts: 5 }, RangeError, 'bounds has no option "acounts" (did you mean accounts?); its options are accounts, keys,'],
    [{ zzz: 5 }, RangeError, 'bounds has no option "zzz"; its options are'],
    [{ accounts: 0 }, RangeError, 'bounds.accounts must be a positive integer of entries, got 0'],
    [{ accounts: -3 }, RangeError, 'got -3'],
    [{ accounts: 2.5 }, RangeError, 'got 2.5'],
    [{ accounts: Number.NaN }, RangeError, 'got NaN'],
    [{ accounts: Number.POSITIVE_INFINITY }, RangeError, 'got Infinity'],
    [{ accounts: '5' }, RangeError, 'bounds.accounts must be a positive integer of entries, got "5"'],
    [{ accounts: null }, RangeError, 'got null'],
    [5, RangeError, 'bounds must be an object, got 5'],
    [[1], RangeError, 'bounds must be an object, got an array'],
  ])('refuses %j', (bounds, kind, message) => {
    expect(() => createMockService({ bounds } as never)).toThrow(kind);
    expect(() => createMockService({ bounds } as never)).toThrow(message);
  });

  it('takes the defaults for the names left out, and leaves a bound given as undefined at its default', () => {
    const mock = createMockService({ bounds: { accounts: 7, keys: undefined } as never });
    expect(contextOf(mock).options.bounds).toEqual({ ...DEFAULT_STORE_BOUNDS, accounts: 7 });
  });
});

describe('stores that never drop an entry to make room: one more is refused, and nothing changes', () => {
  it('accounts: the demo account counts; past the bound an account is refused in process, and a checkout claim stays claimable', async () => {
    const mock = newMock({ bounds: { accounts: 3 } });
    await mock.createAccount({ email: 'one@example.test' });
    await mock.createAccount({ email: 'two@example.test' });
    await expectRefused(mock.createAccount({ email: 'three@example.test' }), 'accounts');
    expect(mock.accounts().map((a) => a.email)).toEqual([mock.demoEmail, 'one@example.test', 'two@example.test']);

    const { session_id, claim_token } = await mock.startCheckout({ email: 'buyer@example.test' });
    await mock.completeCheckout(session_id);
    for (let attempt = 0; attempt < 2; attempt++) {
      // Refused each time, never `409 token_used`: the claim was not spent.
      expectFull(await send(mock, '/v1/checkout/claims', { key: null, body: { claim_token } }), 'accounts');
    }
    expect(mock.accounts()).toHaveLength(3);
  });

  it('keys: active keys and revoked ones inside their replay window are kept; a full store refuses a key, a rotation leaves the old key active', async () => {
    const mock = newMock({ bounds: { keys: 3 } });
    const second = await mock.createKey(mock.demoEmail, { name: 'second' });
    await mock.createKey(mock.demoEmail, { name: 'third' });
    await expectRefused(mock.createKey(mock.demoEmail, { name: 'fourth' }), 'keys');
    expectFull(await send(mock, '/v1/account/keys', { body: { name: 'fourth' } }), 'keys');
    expectFull(await send(mock, '/v1/account/keys/rotate', { method: 'POST', headers: { 'Idempotency-Key': nonce() } }), 'keys');
    expect((await send(mock, '/v1/account')).status).toBe(200); // the rotation refused: the old key still works

    // A revoked key is kept while its rotation could be replayed: the store stays full.
    mock.revokeKey(second.id);
    await expectRefused(mock.createKey(mock.demoEmail, { name: 'fourth' }), 'keys');
    mock.clock.advance(15 * MIN + 1);
    await mock.createKey(mock.demoEmail, { name: 'fourth' }); // the revoked key, past its window, made room
    const names = mock.accounts()[0]!.keys.map((k) => k.name);
    expect(names).toEqual(['Primary key', 'third', 'fourth']);
  });

  it('tokens: a verification link past the bound is not sent, the resend is refused with when room comes back', async () => {
    const mock = newMock({ bounds: { tokens: 2 } });
    const keys = [];
    for (let i = 0; i < 3; i++) keys.push((await mock.createAccount({ email: `u${i}@example.test` })).apiKey);
    expect((await resend(mock, keys[0]!)).status).toBe(202);
    expect((await resend(mock, keys[1]!)).status).toBe(202);
    expectFull(await resend(mock, keys[2]!), 'tokens', 48 * 3_600);
    expect((await mock.outbox()).map((m) => m.to)).toEqual(['u0@example.test', 'u1@example.test']);
    // The refused resend did not start its 10-minute interval: it sends once the oldest token expires.
    mock.clock.advance(48 * HOUR);
    expect((await resend(mock, keys[2]!)).status).toBe(202);
    expect((await mock.outbox()).map((m) => m.to)).toEqual(['u2@example.test']);
  });

  it('outbox: mail is never dropped; past the bound a recovery request is refused for any address, before its challenge is spent', async () => {
    const mock = newMock({ bounds: { outbox: 2 } });
    const keys = [];
    for (let i = 0; i < 3; i++) keys.push((await mock.createAccount({ email: `u${i}@example.test` })).apiKey);
    await resend(mock, keys[0]!);
    mock.clock.advance(HOUR);
    await resend(mock, keys[1]!);
    // Mail leaves a millisecond after its 24 hours.
    expectFull(await resend(mock, keys[2]!), 'outbox', 23 * 3_600 + 1);
    const recovery = { email: 'nobody@example.test', challenge_token: await mock.issueChallenge() };
    expectFull(await send(mock, '/v1/recovery/requests', { key: null, body: recovery }), 'outbox', 23 * 3_600 + 1);
    expect(contextOf(mock).state.challenges.size).toBe(1); // refused before its challenge was spent
    expect((await mock.outbox()).map((m) => m.to)).toEqual(['u0@example.test', 'u1@example.test']);
    mock.clock.advance(23 * HOUR + 1);
    // The oldest message expired: room for one.
    const fresh = { email: 'nobody@example.test', challenge_token: await mock.issueChallenge() };
    expect((await send(mock, '/v1/recovery/requests', { key: null, body: fresh })).status).toBe(202);
    // Until the queued request is resolved (it sends nothing: no such account), its link is counted as coming.
    await mock.outbox();
    expect((await resend(mock, keys[2]!)).status).toBe(202);
    expect((await mock.outbox()).map((m) => m.to)).toEqual(['u1@example.test', 'u2@example.test']);
  });

  it('challenges: refused past the bound until one is spent or expires', async () => {
    const mock = newMock({ bounds: { challenges: 2 } });
    const first = await mock.issueChallenge();
    await mock.issueChallenge();
    await expectRefused(mock.issueChallenge(), 'challenges');
    expect(contextOf(mock).state.challenges.size).toBe(2);
    const spent = await send(mock, '/v1/recovery/requests', { key: null, body: { email: 'nobody@example.test', challenge_token: first } });
    expect(spent.status).toBe(202);
    await mock.issueChallenge();
    await expectRefused(mock.issueChallenge(), 'challenges');
    mock.clock.advance(5 * MIN);
    await mock.issueChallenge();
  });

  it('checkout sessions and cookies: refused past their bounds', async () => {
    const mock = newMock({ bounds: { checkouts: 2, checkoutCookies: 1 } });
    const { resume_token } = await mock.startCheckout({ email: 'a@example.test' });
    await mock.startCheckout({ email: 'b@example.test' });
    await expectRefused(mock.startCheckout({ email: 'c@example.test' }), 'checkouts');
    const intent = await send(mock, '/v1/checkout/intents', { key: null, body: { resume_token } });
    expect(intent.status).toBe(200);
    expect(intent.headers.get('Set-Cookie')).toMatch(/^so_checkout=/);
    const again = await send(mock, '/v1/checkout/intents', { key: null, body: { resume_token } });
    expectFull(again, 'checkoutCookies', 24 * 3_600);
    expect(again.headers.get('Set-Cookie')).toBeNull();
  });

  it('rotations: kept for their replay window; past the bound a rotation is refused and the old key stays active', async () => {
    const mock = newMock({ bounds: { rotations: 2 } });
    const rotate = (key: string, id: string) =>
      send(mock, '/v1/account/keys/rotate', { key, method: 'POST', headers: { 'Idempotency-Key': id } });
    const firstNonce = nonce();
    const first = await rotate(mock.apiKey, firstNonce);
    expect(first.status).toBe(200);
    const second = await rotate(first.body['api_key'] as string, nonce());
    const current = second.body['api_key'] as string;
    expectFull(await rotate(current, nonce()), 'rotations', 15 * 60);
    expect((await send(mock, '/v1/account', { key: current })).status).toBe(200);
    // The first rotation's replay still answers the same key: its record was not dropped for room.
    expect((await rotate(mock.apiKey, firstNonce)).body['api_key']).toBe(first.body['api_key']);
  });
});

describe('what a test arms: one past the bound is refused', () => {
  it('added events: at most 64 MiB of them, as counted when added; removing one makes room', async () => {
    const mock = newMock();
    /** About 30 MiB: 99 props of 99 contestants, ten prices each. */
    const heavy = (event_id: number) => ({
      event_id,
      sport_id: 29,
      runner_home: 'Harbor City',
      runner_away: 'Northfield',
      minute: -120,
      props: Array.from({ length: 99 }, (_, p) => ({
        name: `Prop ${p}`,
        contestants: Array.from({ length: 99 }, (_, c) => ({
          name: `Contestant ${c}`,
          prices: Array.from({ length: 10 }, (_, k) => ({ at: -600 + k, odds: 2 + k / 10 })),
        })),
      })),
    });
    mock.data.addEvent(heavy(101));
    mock.data.addEvent(heavy(102));
    expect(() => mock.data.addEvent(heavy(103))).toThrow('more than the 64 MiB a mock keeps of them');
    expect(mock.data.added().map((e) => e.event_id)).toEqual([101, 102]);
    expect(contextOf(mock).data.added.bytes).toBeLessThanOrEqual(64 * 1024 * 1024);
    mock.data.addEvent(heavy(102)); // replacing one counts it once
    expect(mock.data.removeEvent(101)).toBe(true);
    mock.data.addEvent(heavy(103));
    expect(mock.data.added().map((e) => e.event_id)).toEqual([102, 103]);
  }, 60_000);

  it('added events: at most 1,000 of them', () => {
    const mock = newMock();
    const spec = (event_id: number) => ({ event_id, sport_id: 29, runner_home: 'Harbor City', runner_away: 'Northfield', minute: -120 });
    for (let id = 1; id <= 1_000; id++) mock.data.addEvent(spec(id));
    expect(() => mock.data.addEvent(spec(1_001))).toThrow('a mock holds at most 1000 added events');
    mock.data.addEvent(spec(1_000)); // replacing one is not one more
    expect(mock.data.added()).toHaveLength(1_000);
  });
});

describe('logs: the oldest entries go', () => {
  it('the activity record keeps the newest answers within its count', async () => {
    const mock = newMock({ bounds: { requests: 5 } });
    const ids = [];
    for (let i = 0; i < 8; i++) ids.push((await send(mock, '/v1/catalog/sports')).headers.get('X-Request-Id'));
    expect(mock.requests().map((e) => e.request_id)).toEqual(ids.slice(3));
  });

  it('the activity record keeps at most 4 MiB: answers to long URLs count their length', async () => {
    const mock = newMock();
    const long = `/v1/catalog/sports?padding=${'x'.repeat(8_000)}`;
    let last: string | null = null;
    for (let i = 0; i < 600; i++) last = (await send(mock, long)).headers.get('X-Request-Id');
    const kept = mock.requests();
    expect(kept.length).toBeGreaterThan(300);
    expect(kept.length).toBeLessThan(600); // within the count of 1,000: the bytes bound it
    expect(kept.at(-1)?.request_id).toBe(last);
    expect(contextOf(mock).state.activity.bytes).toBeLessThanOrEqual(4 * 1024 * 1024);
  });

  it('ledger charges and failure details: the oldest of all accounts go past the bound in all, totals stay exact', async () => {
    const mock = newMock({ bounds: { charges: 5, failures: 5 } });
    const other = await mock.createAccount({ email: 'other@example.test', plan: 'big' });
    for (let i = 0; i < 4; i++) expect((await send(mock, '/v1/events/1/odds')).status).toBe(404); // charged 1 each
    for (let i = 0; i < 4; i++) await send(mock, '/v1/events/1/odds', { key: other.apiKey });
    const [demo, second] = mock.ledger();
    expect([demo?.charges.length, second?.charges.length]).toEqual([1, 4]);
    expect([demo?.charged, second?.charged]).toEqual([4, 4]);
    const { health, accounts } = contextOf(mock).state;
    const failures = (email: string) => health.failures(accounts.findByEmail(email)!.id, 0).length;
    expect([failures(mock.demoEmail), failures('other@example.test')]).toEqual([1, 4]);
  });

  it(`ledger charges and failure details: at most ${CHARGE_BOUNDS.maxCount} and ${FAILURE_DETAIL_BOUNDS.maxCount} of one account`, async () => {
    const mock = newMock();
    const perAccount = CHARGE_BOUNDS.maxCount;
    expect(FAILURE_DETAIL_BOUNDS.maxCount).toBe(perAccount);
    for (let i = 0; i < perAccount + 10; i++) await send(mock, '/v1/events/1/odds');
    const [demo] = mock.ledger();
    expect(demo?.charges.length).toBe(perAccount);
    expect(demo?.charged).toBe(perAccount + 10);
    const { health, accounts } = contextOf(mock).state;
    expect(health.failures(accounts.findByEmail(mock.demoEmail)!.id, 0).length).toBe(perAccount);
  }, 60_000);

  it('guidance messages: the oldest of all accounts go past the bound in all; a field past its length is refused', async () => {
    const mock = newMock({ bounds: { guidance: 3 } });
    await mock.createAccount({ email: 'other@example.test' });
    const add = (email: string, n: number) => mock.addGuidance({ email, title: `Notice ${n}`, body: `Guidance message number ${n}.` });
    const first = await add(mock.demoEmail, 1);
    await add(mock.demoEmail, 2);
    await add('other@example.test', 3);
    await add('other@example.test', 4);
    const report = await send(mock, '/v1/account/request-health');
    expect((report.body['guidance_messages'] as { id: string }[]).map((m) => m.id)).not.toContain(first.id);
    expect(report.body['guidance_messages']).toHaveLength(1);
    const long = { email: mock.demoEmail, title: 'Notice', body: 'A guidance message.', endpoint: `/v1/${'x'.repeat(300)}` };
    await expect(mock.addGuidance(long)).rejects.toThrow('guidance endpoint: at most 256 characters, not 304');
    await expect(mock.addGuidance({ ...long, endpoint: undefined, error_code: 'x'.repeat(65) })).rejects.toThrow(
      'guidance error_code: at most 64 characters, not 65',
    );
  });
});

describe('the standalone server', () => {
  const servers: MockServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  const start = async (options: Parameters<typeof startMockServer>[0] = {}) => {
    const server = await startMockServer({ port: 0, now: NOW, ...options });
    servers.push(server);
    return server;
  };

  it('answers a full store of the control plane and the challenge widget with the envelope, 503', async () => {
    const server = await start({ bounds: { accounts: 1, challenges: 1 } });
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify(body),
      });
    const account = await post('/__admin/accounts', { email: 'one@example.test' });
    expect(account.status).toBe(503);
    expect(((await account.json()) as Answer['body']).error).toMatchObject({ code: 'temporarily_unavailable' });
    expect((await post('/__challenge', {})).status).toBe(200);
    const challenge = await post('/__challenge', {});
    expect(challenge.status).toBe(503);
    expect(((await challenge.json()) as Answer['body']).error?.message).toContain('(bounds.challenges)');
  });

  it("arms at most 8 MiB of the control plane's static answers (twice their JSON), one past it refused with 400", async () => {
    const server = await start();
    const sports = Array.from({ length: 400 }, (_, i) => ({
      sport_id: i + 1,
      name: `Sport number ${i + 1} of a long list`,
      has_history: true,
      has_live: true,
      has_props: false,
      has_outrights: false,
    }));
    const body = JSON.stringify({ route: 'catalog.sports', answer: sports });
    expect(body.length).toBeGreaterThan(50_000);
    const arm = () => fetch(`${server.url}/__admin/overrides`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    let armed = 0;
    let refused: Response | undefined;
    while (refused === undefined && armed < 200) {
      const answer = await arm();
      if (answer.status === 201) armed++;
      else refused = answer;
    }
    expect(armed).toBe(Math.floor((8 * 1024 * 1024) / (2 * JSON.stringify(sports).length)));
    expect(refused?.status).toBe(400);
    expect(((await refused!.json()) as Answer['body']).error?.message).toContain('at most 8 MiB together');
  });

  it('keeps at most 1,000 requests and 2 MiB in its request log: long request lines count their length', async () => {
    const server = await start();
    for (let i = 0; i < 1_005; i++) await (await fetch(`${server.url}/nothing-here?n=${i}`)).arrayBuffer();
    expect(server.requests).toHaveLength(1_000);
    expect(server.requests[0]?.url).toBe('/nothing-here?n=5');
    const long = `/nothing-here?padding=${'x'.repeat(15_000)}`;
    for (let i = 0; i < 200; i++) await (await fetch(`${server.url}${long}`)).arrayBuffer();
    await (await fetch(`${server.url}/nothing-here?last=1`)).arrayBuffer();
    const logged = server.requests;
    expect(logged.length).toBeGreaterThan(100);
    expect(logged.length).toBeLessThan(201); // within the count of 1,000: the bytes bound it
    expect(logged.at(-1)?.url).toBe('/nothing-here?last=1');
  });
});

describe('caches: the least recently used or oldest go, recomputed the same', () => {
  it('the response cache holds at most 1,000 answers; kept answers and timelines 8 MiB; fixtures 8,192; timelines, outcomes 128 and marks 32 events', async () => {
    const mock = newMock();
    for (let sport = 1; sport <= 1_010; sport++) await send(mock, `/v1/catalog/leagues?sport_id=${sport}`);
    const { state, data } = contextOf(mock);
    expect(state.cache.size).toBe(1_000);

    // Settled events of the days before now: their full histories are kept answers, their timelines generated.
    const settled: number[] = [];
    for (let days = 2; settled.length < 60 && days < 20; days++) {
      const day = new Date(Date.parse(NOW) - days * 86_400_000).toISOString().slice(0, 10);
      const events = (await send(mock, `/v1/events?sport_id=29&starts_from=${day}T00:00:00Z&starts_to=${day}&limit=500`))
        .body as unknown as {
        event_id: number;
        live_status: number;
      }[];
      settled.push(...events.filter((e) => e.live_status === 2).map((e) => e.event_id));
    }
    let historyBytes = 0;
    for (const id of settled.slice(0, 60)) {
      const answer = await mock.fetch(`${mock.baseUrl}/v1/events/${id}/odds?full_history=1`, {
        headers: { Authorization: `Bearer ${mock.apiKey}` },
      });
      historyBytes += (await answer.text()).length;
    }
    // Day listings of every sport over a month read more fixtures than the fixture cache holds.
    let listed = 0;
    for (let days = -20; days < 14; days++) {
      const day = new Date(Date.parse(NOW) + days * 86_400_000).toISOString().slice(0, 10);
      const answer = await send(mock, `/v1/events?starts_from=${day}T00:00:00Z&starts_to=${day}&limit=500`);
      listed += (answer.body as unknown as unknown[]).length;
    }
    expect(listed).toBeGreaterThan(2 * 8_192);
    expect(historyBytes).toBeGreaterThan(2 * 8 * 1024 * 1024); // twice what either bound holds
    expect(state.stable.bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(state.stable.size).toBeLessThan(60);
    expect(data.cached().timelines).toBeLessThan(60); // the bytes bound them
    expect(data.cached().fixtures).toBe(8_192);

    // Opening lines and props of 300 events: line marks, timelines and pre-match outcomes of each.
    const upcoming = (await send(mock, '/v1/events?sport_id=29&limit=300')).body as unknown as { event_id: number }[];
    expect(upcoming).toHaveLength(300);
    let priced = 0;
    for (const { event_id } of upcoming) {
      await send(mock, `/v1/events/${event_id}/lines/opening`);
      const props = (await send(mock, `/v1/events/${event_id}/props`)).body as unknown as { special_id: number }[];
      if (props.length > 0 && (await send(mock, `/v1/props/${props[0]!.special_id}/odds`)).status === 200) priced++;
    }
    expect(priced).toBeGreaterThan(128);
    const cached = data.cached();
    expect(cached.marks).toBe(32);
    expect(cached.timelines).toBe(128);
    expect(cached.outcomes).toBe(128);
  }, 120_000);
});
