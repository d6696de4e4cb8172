import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockService, fixtures, type MockService } from '../../mocks';
import { contextOf } from '../../mocks/service/internal';
import type { RequestHealthReport } from '../../src/schemas';
import { newGate, until } from '../helpers/gate';
import { call, codeOf, NOW, useMockServer } from '../helpers/mock-server';

/**
 * The test-facing handles behave like MSW's (issue 23, item 3; docs/testing.md, "What takes effect
 * at once"): `mock.reset()` swaps the state before it returns and stays awaitable, so a `beforeEach`
 * that does not await it keeps what it sets next; every handle that changes state does so before it
 * returns, its promise only carrying what needs a hash (a new key) or a refusal.
 */

const newMock = useMockServer();
const demoOf = (mock: MockService) => mock.accounts().find((a) => a.email === mock.demoEmail)!;

describe('beforeEach(() => { mock.reset(); mock.use(...) }) without await', () => {
  let mock: MockService;
  beforeAll(() => {
    mock = newMock();
  });
  beforeEach(() => {
    // Not awaited, as a test written against MSW's synchronous resetHandlers() would do.
    void mock.reset();
    mock.clock.freeze(NOW);
    mock.use('events.odds', ({ params }) => [fixtures.oddsSnapshot({ event_id: params.event_id, line_id: 9, odds1: 2.5 })]);
  });

  // Each test leaves state behind (a charge, a fault, an added event) that the next one must not see.
  for (const round of [1, 2, 3]) {
    it(`answers the override registered after the reset, on a fresh ledger (round ${round})`, async () => {
      expect(mock.ledger()[0]!.charged).toBe(0);
      expect(mock.faults.list()).toEqual([]);
      expect(mock.data.added()).toEqual([]);
      const answer = await call(mock, '/v1/events/42/odds');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([expect.objectContaining({ event_id: 42, line_id: 9, odds1: 2.5 })]);
      expect(mock.ledger()[0]!.charged).toBe(1);
      mock.faults.inject({ route: 'catalog.sports', status: 500 });
      mock.data.addEvent({ sport_id: 29, runner_home: 'A', runner_away: 'B', minute: -60 });
    });
  }
});

describe('mock.reset()', () => {
  it('swaps everything before it returns, and returns a promise', async () => {
    const mock = newMock();
    await mock.createAccount({ email: 'other@example.com' });
    await mock.createKey(mock.demoEmail, { name: 'spare' });
    expect((await call(mock, '/v1/catalog/sports')).status).toBe(200);
    mock.faults.inject({ route: 'catalog.sports', status: 503 });
    mock.data.addEvent({ sport_id: 29, runner_home: 'A', runner_away: 'B', minute: -60 });
    mock.use('events.odds', () => []);
    const done = mock.reset();
    expect(mock.ledger()).toEqual([expect.objectContaining({ email: mock.demoEmail, charged: 0, charges: [], reserved: 0 })]);
    expect(mock.accounts().map((a) => [a.email, a.keys.length])).toEqual([[mock.demoEmail, 1]]);
    expect(mock.requests()).toEqual([]);
    expect(mock.faults.list()).toEqual([]);
    expect(mock.data.added()).toEqual([]);
    expect(done).toBeInstanceOf(Promise);
    await expect(done).resolves.toBeUndefined();
    const answer = await call(mock, '/v1/catalog/sports');
    expect([answer.status, answer.headers.get('X-Cache')]).toEqual([200, 'MISS']);
  });

  it('works right after the mock is made, before it is ready, and the demo key answers', async () => {
    const mock = createMockService({ now: NOW });
    void mock.reset();
    expect(mock.accounts().map((a) => a.email)).toEqual([mock.demoEmail]);
    const answer = await mock.fetch(`${mock.baseUrl}/v1/catalog/sports`, { headers: { Authorization: `Bearer ${mock.apiKey}` } });
    expect(answer.status).toBe(200);
  });

  it('leaves a request that was running in the state it started in: its charge and record never reach the new state', async () => {
    const mock = newMock();
    const gate = newGate();
    mock.faults.inject({ route: 'catalog.sports', hold: gate.opened });
    const held = call(mock, '/v1/catalog/sports');
    await until(() => mock.ledger()[0]!.reserved > 0);
    void mock.reset();
    gate.open();
    expect((await held).status).toBe(200);
    expect(mock.ledger()[0]).toMatchObject({ charged: 0, reserved: 0 });
    expect(mock.requests()).toEqual([]);
    expect((await call(mock, '/v1/catalog/sports')).headers.get('X-Cache')).toBe('MISS');
  });

  it('keeps a key whose hash was being made in the state the call was made in', async () => {
    const mock = newMock();
    await mock.ready;
    const created = mock.createKey(mock.demoEmail, { name: 'before the reset' });
    void mock.reset();
    const { apiKey } = await created;
    expect(demoOf(mock).keys.map((k) => k.name)).toEqual(['Primary key']);
    expect(codeOf(await call(mock, '/v1/catalog/sports', { key: apiKey }))).toBe('invalid_api_key');
  });
});

describe('every other handle changes state before it returns', () => {
  it('updateAccount: the next request sees the new status', async () => {
    const mock = newMock();
    void mock.updateAccount(mock.demoEmail, { status: 'suspended', plan: 'starter' });
    expect(demoOf(mock)).toMatchObject({ status: 'suspended', plan: 'starter' });
    expect(codeOf(await call(mock, '/v1/catalog/sports'))).toBe('account_suspended');
  });

  it('updateAccount: a refusal changes nothing and rejects the promise', async () => {
    const mock = newMock();
    const refused = mock.updateAccount(mock.demoEmail, { status: 'suspended', plan: 'no-such-plan' });
    expect(demoOf(mock).status).toBe('active');
    await expect(refused).rejects.toThrow(RangeError);
  });

  it('createAccount: the account is listed and metered at once; its key comes with the promise', async () => {
    const mock = newMock();
    const created = mock.createAccount({ email: 'new@example.com', plan: 'starter' });
    expect(mock.accounts().map((a) => a.email)).toContain('new@example.com');
    expect(mock.ledger().map((e) => e.email)).toContain('new@example.com');
    const { apiKey } = await created;
    expect((await call(mock, '/v1/catalog/sports', { key: apiKey })).status).toBe(200);
  });

  it('completeCheckout: the claim that follows gets the key', async () => {
    const mock = newMock();
    const { session_id, claim_token } = await mock.startCheckout({ email: 'buyer@example.com' });
    void mock.completeCheckout(session_id);
    const service = contextOf(mock);
    expect(service.state.checkouts.get(session_id, service.clock.now())?.status).toBe('complete');
    const claim = await call(mock, '/v1/checkout/claims', {
      key: null,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ claim_token }),
    });
    expect(claim.status).toBe(200);
  });

  it('addGuidance: the next report shows it', async () => {
    const mock = newMock();
    void mock.addGuidance({ email: mock.demoEmail, title: 'Maintenance tonight', body: 'Odds history is being rebuilt tonight.' });
    const service = contextOf(mock);
    const account = service.state.accounts.findByEmail(mock.demoEmail)!;
    expect(service.state.guidance.active(account.id, service.clock.now()).map((g) => g.title)).toEqual(['Maintenance tonight']);
    const report = await call<RequestHealthReport>(mock, '/v1/account/request-health?days=1');
    expect(report.body.guidance_messages.map((g) => g.title)).toEqual(['Maintenance tonight']);
  });
});
