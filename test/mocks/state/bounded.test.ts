import { describe, expect, it } from 'vitest';
import { BoundedLog, BoundedMap } from '../../../mocks/service/state/bounded';
import { CHALLENGE_TTL_MS, ChallengeStore } from '../../../mocks/service/state/challenges';
import { CHECKOUT_COOKIE_TTL_MS, CheckoutStore, type CheckoutSession } from '../../../mocks/service/state/checkouts';
import { FAILURE_DETAIL_BOUNDS, HealthLog, type HealthEntry } from '../../../mocks/service/state/health-log';
import { KeyStore, REVOKED_KEYS_KEPT } from '../../../mocks/service/state/keys';
import { CHARGE_BOUNDS, isExhausted, Meter, utcDayStart } from '../../../mocks/service/state/meter';
import { Outbox, OUTBOX_TTL_MS } from '../../../mocks/service/state/outbox';
import { CACHE_BOUNDS, ResponseCache } from '../../../mocks/service/state/response-cache';
import { RotationStore } from '../../../mocks/service/state/rotations';
import { DEFAULT_STORE_BOUNDS } from '../../../mocks/service/state/store-bounds';
import { StoreFullError } from '../../../mocks/service/state/store-full';
import { TOKEN_TTL_MS, TokenStore } from '../../../mocks/service/state/tokens';

/** Everything kept per request or per caller is bounded by age and count (issue 10, item 7; docs/mock-server.md). */

const T0 = Date.parse('2026-11-21T15:00:00Z');
const DAY = 86_400_000;

describe('BoundedLog', () => {
  it('keeps the newest entries within the count, in order, across many wraps of its ring', () => {
    const log = new BoundedLog<{ at: number; n: number }>({ maxAgeMs: Number.MAX_SAFE_INTEGER, maxCount: 5 }, (e) => e.at);
    for (let n = 0; n < 23; n++) log.push({ at: n, n }, n);
    expect(log.length).toBe(5);
    expect(log.toArray().map((e) => e.n)).toEqual([18, 19, 20, 21, 22]);
  });

  it('drops entries past the age bound, on push and on trim', () => {
    const log = new BoundedLog<{ at: number }>({ maxAgeMs: 10, maxCount: 100 }, (e) => e.at);
    for (const at of [0, 5, 9, 12]) log.push({ at }, at);
    expect(log.toArray().map((e) => e.at)).toEqual([5, 9, 12]);
    log.trim(19);
    expect(log.toArray().map((e) => e.at)).toEqual([9, 12]);
    log.trim(100);
    expect(log.length).toBe(0);
    log.push({ at: 100 }, 100);
    expect(log.toArray()).toEqual([{ at: 100 }]);
  });
});

describe('BoundedMap', () => {
  it('expires entries and evicts the oldest past the count; a set key becomes the newest', () => {
    const map = new BoundedMap<string, number>({ maxAgeMs: 100, maxCount: 3 });
    map.set('a', 1, 0);
    map.set('b', 2, 10);
    map.set('c', 3, 20);
    map.set('a', 4, 30); // refreshed: now the newest
    map.set('d', 5, 40);
    expect(map.get('b', 40)).toBeUndefined();
    expect(map.get('a', 40)).toBe(4);
    expect(map.size).toBe(3);
    expect(map.get('c', 120)).toBeUndefined();
    expect(map.values(135)).toEqual([5]);
  });

  it('holds at most its byte bound as sizeOf counts it, the oldest going first, and never an entry larger than the bound', () => {
    const map = new BoundedMap<string, string>({ maxAgeMs: 1_000, maxCount: 100, maxBytes: 10 }, (_key, value) => value.length);
    map.set('a', 'xxxx', 0);
    map.set('b', 'xxxx', 1);
    expect(map.bytes).toBe(8);
    map.set('c', 'xxxx', 2); // 12 bytes: the oldest goes
    expect([map.get('a', 2), map.get('b', 2), map.get('c', 2)]).toEqual([undefined, 'xxxx', 'xxxx']);
    expect(map.bytes).toBe(8);
    map.set('b', 'x', 3); // replaced: its old bytes no longer count
    expect(map.bytes).toBe(5);
    map.set('huge', 'x'.repeat(11), 4);
    expect(map.get('huge', 4)).toBeUndefined();
    expect(map.bytes).toBe(5);
    expect(map.get('c', 1_002)).toBeUndefined(); // expired: its bytes leave with it
    expect(map.bytes).toBe(1);
  });
});

describe('the ledger (Meter)', () => {
  it('keeps charged and credits per day exact while the detailed charges stay within their bounds', () => {
    const meter = new Meter(30, 1e12, 1e12, T0);
    const n = CHARGE_BOUNDS.maxCount + 2_345;
    for (let i = 0; i < n; i++) {
      const r = meter.reserve(3, T0);
      if (isExhausted(r)) throw new Error('unexpected');
      meter.settle(r, { requestId: `req_${i}`, routeId: 'events.odds', keyId: 'key', cost: 2, at: T0 });
    }
    expect(meter.charged).toBe(2 * n);
    expect(meter.creditsOn(utcDayStart(T0))).toBe(2 * n);
    expect(meter.view('period', T0).used).toBe(2 * n);
    expect(meter.charges.length).toBe(CHARGE_BOUNDS.maxCount);
    expect(meter.charges.toArray().at(-1)?.requestId).toBe(`req_${n - 1}`);
  });

  it('drops detailed charges older than 90 days, keeping the total', () => {
    const meter = new Meter(30, 1e12, 1e12, T0);
    const settle = (at: number) => {
      const r = meter.reserve(1, at);
      if (!isExhausted(r)) meter.settle(r, { requestId: 'r', routeId: 'x', keyId: 'k', cost: 1, at });
    };
    settle(T0);
    settle(T0 + 91 * DAY);
    expect(meter.charges.length).toBe(1);
    expect(meter.charged).toBe(2);
    expect(meter.creditsOn(utcDayStart(T0))).toBe(0);
  });
});

describe('request health (HealthLog)', () => {
  const entry = (i: number, status: number, at = T0): HealthEntry => ({
    requestId: `req_${String(i).padStart(32, '0')}`,
    accountId: 'acct',
    keyId: 'key',
    endpoint: '/v1/events/{event_id}/odds',
    status,
    ...(status >= 400 ? { errorCode: 'not_found' } : {}),
    chargedCredits: status === 404 ? 1 : 0,
    metered: true,
    latencyMs: 2,
    occurredAt: at,
  });

  it('counts every request exactly in its day tallies, keeps only failures in detail, and at most the bound of them', () => {
    const log = new HealthLog();
    const failures = FAILURE_DETAIL_BOUNDS.maxCount + 500;
    for (let i = 0; i < failures; i++) log.record(entry(i, 404));
    for (let i = 0; i < 3_000; i++) log.record(entry(failures + i, 200));
    const [today] = log.days('acct', 0);
    expect(today).toMatchObject({
      requests: failures + 3_000,
      successful: 3_000,
      failed: failures,
      chargedFailures: failures,
      chargedFailureCredits: failures,
      totalLatencyMs: 2 * (failures + 3_000),
    });
    expect([...today!.issues.values()]).toEqual([expect.objectContaining({ failures, chargedCredits: failures })]);
    expect(log.failures('acct', 0).length).toBe(FAILURE_DETAIL_BOUNDS.maxCount);
  });

  it('keeps day tallies for 90 days and failure details for 31', () => {
    const log = new HealthLog();
    log.record(entry(1, 404, T0));
    log.record(entry(2, 404, T0 + 32 * DAY));
    expect(log.failures('acct', 0).length).toBe(1);
    expect(log.days('acct', 0).length).toBe(2);
    log.record(entry(3, 200, T0 + 95 * DAY));
    expect(log.days('acct', 0).map((d) => d.day)).toEqual([utcDayStart(T0 + 32 * DAY), utcDayStart(T0 + 95 * DAY)]);
  });
});

describe('stores of per-caller secrets', () => {
  it('challenges: at most the bound are held, for five minutes each; one more is refused until the oldest expires', async () => {
    const store = new ChallengeStore(50);
    for (let i = 0; i < 50; i++) await store.issue('account_recovery', 'h', T0 + i);
    const refused = await store.issue('account_recovery', 'h', T0 + 60_000).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StoreFullError);
    expect(refused).toMatchObject({ status: 503, code: 'temporarily_unavailable', store: 'challenges', options: { retryAfter: 240 } });
    expect(store.size).toBe(50);
    await store.issue('account_recovery', 'h', T0 + CHALLENGE_TTL_MS);
    expect(store.size).toBe(50); // the first expired: its room taken
  });

  it('the response cache holds at most its bound of answers, one hour each', () => {
    const cache = new ResponseCache();
    for (let i = 0; i < CACHE_BOUNDS.maxCount + 50; i++) cache.set(`catalog.leagues?${i}`, { text: '[]', rows: 0, truncated: false }, T0);
    expect(cache.size).toBe(CACHE_BOUNDS.maxCount);
    expect(cache.get('catalog.leagues?0', T0)).toBeUndefined();
    expect(cache.get(`catalog.leagues?${CACHE_BOUNDS.maxCount + 49}`, T0 + CACHE_BOUNDS.maxAgeMs)).toBeUndefined();
  });

  it('rotations, tokens, checkout cookies and the outbox each refuse one more at their bounds, dropping none before its time', () => {
    const rotations = new RotationStore(10);
    for (let i = 0; i < 10; i++) rotations.add(`n${i}`, { oldKeyId: 'k', expiresAt: T0 }, T0);
    expect(() => rotations.add('n10', { oldKeyId: 'k', expiresAt: T0 }, T0)).toThrow(StoreFullError);
    expect(rotations.size).toBe(10);
    expect(rotations.get('n0', T0)).toBeDefined();

    const tokens = new TokenStore(2);
    const token = { kind: 'recovery' as const, accountId: 'a', email: 'e', generation: 1, expiresAt: T0, usedAt: null };
    tokens.add('t', token, T0);
    tokens.add('u', token, T0);
    expect(() => tokens.add('v', token, T0)).toThrow(StoreFullError);
    expect(tokens.get('t', T0 + TOKEN_TTL_MS - 1)).toBe(token);
    expect(tokens.get('t', T0 + TOKEN_TTL_MS)).toBeUndefined();
    tokens.add('v', token, T0 + TOKEN_TTL_MS);

    const checkouts = new CheckoutStore(10, 10);
    const session = { id: 'cs', claim: { usedAt: null } } as unknown as CheckoutSession;
    for (let i = 0; i < 10; i++) checkouts.bindCookie(`c${i}`, session, T0);
    expect(() => checkouts.bindCookie('c10', session, T0)).toThrow(StoreFullError);
    expect(checkouts.cookies).toBe(10);
    checkouts.bindCookie('c10', session, T0 + CHECKOUT_COOKIE_TTL_MS);
    expect(checkouts.cookies).toBe(1);

    const outbox = new Outbox(10);
    for (let i = 0; i < 10; i++) outbox.send({ to: `${i}@x`, kind: 'recovery', link: 'l', sent_at: new Date(T0).toISOString() }, T0);
    expect(() => outbox.send({ to: 'x@x', kind: 'recovery', link: 'l', sent_at: new Date(T0).toISOString() }, T0)).toThrow(StoreFullError);
    expect(outbox.messages(T0).length).toBe(10);
    expect(outbox.messages(T0 + OUTBOX_TTL_MS + 1)).toEqual([]);
  });

  it('keys: an account keeps its most recently revoked keys, never one still inside its rotation replay window', async () => {
    const keys = new KeyStore();
    const revoke = async (at: number) => {
      const { record } = await keys.create({ accountId: 'a', name: 'k', scopes: ['data:read'], now: at });
      keys.revoke(record, at);
      return record;
    };
    const first = await revoke(T0);
    for (let i = 1; i < REVOKED_KEYS_KEPT + 20; i++) await revoke(T0 + i);
    // All revoked within 15 minutes: none dropped yet.
    expect(keys.ofAccount('a').length).toBe(REVOKED_KEYS_KEPT + 20);
    await revoke(T0 + 16 * 60_000);
    expect(keys.ofAccount('a').length).toBe(REVOKED_KEYS_KEPT);
    expect(keys.get(first.id)).toBeUndefined();
    expect(keys.findByHash(first.hash)).toBeUndefined();
  });

  it(`keys: at most the bound in all (${DEFAULT_STORE_BOUNDS.keys} by default); a full store drops revoked keys past their window, longest revoked first, else refuses`, async () => {
    const keys = new KeyStore(5);
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await keys.create({ accountId: `a${i}`, name: 'k', scopes: ['data:read'], now: T0 })).record);
    await expect(keys.create({ accountId: 'b', name: 'k', scopes: ['data:read'], now: T0 })).rejects.toThrow(StoreFullError);
    keys.revoke(made[3]!, T0);
    keys.revoke(made[1]!, T0 + 1);
    // Revoked, but inside their replay window: kept, and the store still refuses.
    await expect(keys.create({ accountId: 'b', name: 'k', scopes: ['data:read'], now: T0 + 60_000 })).rejects.toThrow(StoreFullError);
    const later = T0 + 15 * 60_000 + 1;
    await keys.create({ accountId: 'b', name: 'k', scopes: ['data:read'], now: later });
    expect(keys.get(made[3]!.id)).toBeUndefined();
    expect(keys.get(made[1]!.id)).toBe(made[1]);
    expect(keys.size).toBe(5);
  });
});
