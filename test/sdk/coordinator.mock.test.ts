// Several clients of one account sharing a coordinator (here the in-memory one; the Redis one runs
// the same scenarios across processes in test/fleet): pacing, budget, credits and key rotation hold
// for the account, not for each client.
import { describe, expect, it, onTestFinished } from 'vitest';
import type { MockService } from '../../mocks';
import {
  BudgetExceededError,
  memoryCoordinator,
  type ClientOptions,
  type Coordinator,
  type KeyRotatedInfo,
  type KeyRotationSuccess,
  type ResponseInfo,
} from '../../src';
import { newRotationNonce } from '../../src/core/rotation/record';
import { newGate, until } from '../helpers/gate';
import { rejection } from './fake-fetch';
import { chargesOf, sdkFor, useMockServer } from './mock-setup';

const newMock = useMockServer();

/** A coordinator on the mock's virtual clock, as the clients' own waits are. */
const sharedOn = (mock: MockService): Coordinator =>
  memoryCoordinator({ now: () => mock.clock.now(), sleep: async (ms) => mock.clock.advance(ms) });

/** The most requests the mock saw in one second of its clock. */
function busiestSecond(sentAt: number[]): number {
  const perSecond = new Map<number, number>();
  for (const at of sentAt) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
  return Math.max(0, ...perSecond.values());
}

/** A client that records what it sent and every answer's status; each call is sent (no reuse of answers: pacing is what is judged). */
function client(mock: MockService, options: ClientOptions) {
  const sentAt: number[] = [];
  const answers: ResponseInfo[] = [];
  const { odds, seen } = sdkFor(mock, {
    maxRetries: 0,
    cache: false,
    coalesce: false,
    ...options,
    hooks: { beforeRequest: [() => void sentAt.push(mock.clock.now())], afterResponse: [(info) => void answers.push(info)] },
  });
  return { odds, seen, sentAt, answers };
}

/** The key prefixes of the demo account's active keys. */
const activePrefixes = (mock: MockService) =>
  mock
    .accounts()[0]
    ?.keys.filter((k) => k.status === 'active')
    .map((k) => k.prefix);

/** A pending rotation's record of `oldKey`, started now, with a fresh nonce. */
const pendingRecord = (mock: MockService, oldKey: string, baseUrl = mock.baseUrl) => ({
  version: 1 as const,
  baseUrl,
  nonce: newRotationNonce(),
  oldKey,
  startedAt: new Date(mock.clock.now()).toISOString(),
});

/**
 * A rotation of the demo key as a process that died leaves it: its record saved in the shared store, the request sent
 * and committed by the service, the answer lost (the connection dropped after the commit).
 */
async function committedWithoutAnswer(mock: MockService, coordinator: Coordinator) {
  const pending = pendingRecord(mock, mock.apiKey);
  await coordinator.keys.store.save(pending);
  mock.faults.inject({ route: 'keys.rotate', drop: 'after_commit' });
  await expect(
    fetch(`${mock.baseUrl}/v1/account/keys/rotate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${pending.oldKey}`, 'Idempotency-Key': pending.nonce },
    }),
  ).rejects.toThrow();
  return pending;
}

/** A logger that keeps the lines of one level (as the SDK writes them, prefixed `sports-odds: `). */
function recordingLogger(level: 'info' | 'warn') {
  const lines: string[] = [];
  const keep = (line: string) => void lines.push(line);
  const ignore = () => {};
  const logger = { debug: ignore, error: ignore, info: level === 'info' ? keep : ignore, warn: level === 'warn' ? keep : ignore };
  return { lines, options: { logger, logLevel: level } };
}

describe('clients sharing a coordinator', () => {
  it("pace together: never more than the plan's rate in any second of the service's clock, no 429", async () => {
    const mock = newMock();
    const account = await mock.createAccount({ email: 'two@example.test', plan: 'trial' });
    const coordinator = sharedOn(mock);
    const a = client(mock, { apiKey: account.apiKey, coordinator, rateLimit: { requestsPerSecond: 2 } });
    const b = client(mock, { apiKey: account.apiKey, coordinator, rateLimit: { requestsPerSecond: 2 } });
    await Promise.all([
      ...Array.from({ length: 6 }, () => a.odds.catalog.leagues({ sport_id: 1 })),
      ...Array.from({ length: 6 }, () => b.odds.catalog.leagues({ sport_id: 1 })),
    ]);
    expect([...a.answers, ...b.answers].map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(busiestSecond([...a.sentAt, ...b.sentAt])).toBe(2);
  });

  it('are each paced alone without one (the same calls draw 429 rate_limited)', async () => {
    const mock = newMock();
    const account = await mock.createAccount({ email: 'apart@example.test', plan: 'trial' });
    // Each client keeps time of its own (its pacer's waits move only its own clock), as two processes do: each keeps to
    // 2 a second alone, so the same second of the service's clock sees both, over the plan's 2.
    const apart = () => {
      let at = mock.clock.now();
      return { now: () => at, sleep: async (ms: number) => void (at += ms) };
    };
    const a = client(mock, { apiKey: account.apiKey, rateLimit: { requestsPerSecond: 2 }, ...apart() });
    const b = client(mock, { apiKey: account.apiKey, rateLimit: { requestsPerSecond: 2 }, ...apart() });
    const results = await Promise.allSettled([
      ...Array.from({ length: 3 }, () => a.odds.catalog.leagues({ sport_id: 1 })),
      ...Array.from({ length: 3 }, () => b.odds.catalog.leagues({ sport_id: 1 })),
    ]);
    expect(results.some((r) => r.status === 'rejected' && (r.reason as Error).name === 'RateLimitError')).toBe(true);
  });

  it('share one budget: maxCredits holds for all of them together, and each sees the spend of all', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    // A listing reserves ceil(500 / 20) = 25 credits and costs 1.
    const a = client(mock, { coordinator, budget: { maxCredits: 60 } });
    const b = client(mock, { coordinator, budget: { maxCredits: 60 } });
    await a.odds.catalog.leagues({ sport_id: 1 });
    await b.odds.catalog.leagues({ sport_id: 1 });
    expect(a.odds.credits).toMatchObject({ spent: 2, meteredCalls: 2, reserved: 0 });
    expect(b.odds.credits.spent).toBe(2);
    // 60 - 2 spent = 58: two calls in flight (50 reserved) fit, a third would not.
    const gate = newGate();
    mock.faults.inject({ route: 'catalog.leagues', count: 2, hold: gate.opened });
    const inFlight = [a.odds.catalog.leagues({ sport_id: 1 }), b.odds.catalog.leagues({ sport_id: 1 })];
    await expect.poll(() => a.odds.credits.reserved).toBe(50);
    const refused = await rejection<BudgetExceededError>(b.odds.catalog.leagues({ sport_id: 1 }));
    expect(refused).toBeInstanceOf(BudgetExceededError);
    expect(refused).toMatchObject({ limit: 'maxCredits', envelope: 25, available: 8 });
    gate.open();
    await Promise.all(inFlight);
    expect(await b.odds.readCredits()).toMatchObject({ spent: 4, reserved: 0 });
    expect(chargesOf(mock).charged).toBe(4);
  });

  it('judge a floor on the windows the latest answer of any of them reported', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const a = client(mock, { coordinator });
    const b = client(mock, { coordinator, budget: { dailyFloor: 100_000 - 20 } });
    await a.odds.catalog.leagues({ sport_id: 1 });
    // b never called: it judges the floor on a's report (99,999 left of the day's 100,000), where a
    // listing's 25 credits do not fit above the floor (19 do).
    expect(b.odds.credits.daily.remaining).toBe(99_999);
    await expect(b.odds.catalog.leagues({ sport_id: 1 })).rejects.toMatchObject({ name: 'BudgetExceededError', limit: 'dailyFloor' });
  });
});

describe('a rotation made by one client of a coordinator', () => {
  it('is followed by the others on their next call, with no failed call and no refused request', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const adopted: KeyRotatedInfo[] = [];
    const a = client(mock, { coordinator });
    const b = client(mock, { coordinator, onKeyRotated: (_rotation, info) => void adopted.push(info) });
    await b.odds.catalog.sports();
    const rotation = await a.odds.keys.rotate();
    await b.odds.catalog.sports();
    await a.odds.catalog.sports();
    expect(b.answers.map((r) => r.status)).toEqual([200, 200]);
    expect(adopted).toEqual([{ resumed: false, clientUpdated: true, adopted: true }]);
    // Nothing was refused: the account's request health holds no failure.
    expect((await a.odds.account.requestHealth({ days: 1 })).summary.failed_requests).toBe(0);
    expect(activePrefixes(mock)).toEqual([rotation.api_key.slice(0, 13)]);
  });

  it('is told once to a client whose concurrent calls all meet the revoked key', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const a = client(mock, { coordinator });
    const told: KeyRotatedInfo[] = [];
    const gate = newGate();
    let held = 0;
    const { odds: b } = sdkFor(mock, {
      coordinator,
      maxRetries: 0,
      // Four calls of their own, each meeting the revoked key (identical calls would otherwise share one).
      coalesce: false,
      onKeyRotated: (_rotation, info) => void told.push(info),
      // Each call has its key (the old one) and waits here until the rotation is done.
      hooks: { beforeRequest: [async () => (held++ < 4 ? gate.opened : undefined)] },
    });
    await a.odds.catalog.sports();
    const calls = Array.from({ length: 4 }, () => b.catalog.sports());
    await until(() => held === 4);
    await a.odds.keys.rotate();
    gate.open();
    // Every call met the 401 of the revoked key, adopted the new key and was sent again.
    expect((await Promise.all(calls)).every((sports) => Array.isArray(sports))).toBe(true);
    expect(told).toEqual([{ resumed: false, clientUpdated: true, adopted: true }]);
  });

  it('switches a client created later with the old key before its first call', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const a = client(mock, { coordinator });
    await a.odds.keys.rotate();
    const late = client(mock, { coordinator, apiKey: mock.apiKey });
    expect(await late.odds.catalog.sports()).toHaveLength(44);
    expect(late.answers.map((r) => r.status)).toEqual([200]);
  });

  it('is shared by a concurrent rotate() of another client: one rotation, the same answer for both', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const a = client(mock, { coordinator });
    const b = client(mock, { coordinator });
    const [ra, rb] = await Promise.all([a.odds.keys.rotate(), b.odds.keys.rotate()]);
    expect(rb).toEqual(ra);
    expect([...a.answers, ...b.answers].filter((r) => r.routeId === 'keys.rotate')).toHaveLength(1);
    expect(mock.accounts()[0]?.keys.filter((k) => k.status === 'active')).toHaveLength(1);
  });

  it('left pending by a client that died after the service committed it is resumed by the next client refused for that key', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const pending = await committedWithoutAnswer(mock, coordinator);
    const rotated: [KeyRotationSuccess, KeyRotatedInfo][] = [];
    const { options: logging, lines } = recordingLogger('info');
    const b = client(mock, {
      coordinator,
      ...logging,
      onKeyRotated: (rotation, info) => void rotated.push([rotation, info]),
    });
    expect(await b.odds.catalog.sports()).toHaveLength(44);
    // Its first attempt was refused (the old key is revoked); it finished the rotation with the same nonce and sent again.
    expect(b.answers.map((r) => [r.routeId, r.status])).toEqual([
      ['catalog.sports', 401],
      ['keys.rotate', 200],
      ['catalog.sports', 200],
    ]);
    expect(rotated).toHaveLength(1);
    expect(rotated[0]?.[1]).toEqual({ resumed: true, clientUpdated: true, adopted: false });
    expect(await coordinator.keys.store.load()).toBeUndefined();
    expect(await coordinator.keys.rotationOf(pending.oldKey)).toBeDefined();
    expect(lines).toContain(
      `sports-odds: the key was refused while a rotation of it is pending: resuming the rotation of ${pending.startedAt}`,
    );
    // The rotation lock was let go: the next rotation of the coordinator goes ahead.
    await client(mock, { coordinator }).odds.keys.rotate();
    expect(rotated).toHaveLength(1);
  });

  it("gives up the resumption of a pending rotation when the refused call's signal aborts: the call's 401 stands", async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const pending = await committedWithoutAnswer(mock, coordinator);
    const held = newGate();
    onTestFinished(() => held.open());
    mock.faults.inject({ route: 'keys.rotate', hold: held.opened });
    const { options: logging, lines: warnings } = recordingLogger('warn');
    const b = client(mock, { coordinator, ...logging });
    const stop = new AbortController();
    const call = rejection(b.odds.catalog.sports({ signal: stop.signal }));
    // The resumption's request is on its way (the mock holds it once it arrives) when the call is aborted.
    await until(() => b.sentAt.length === 2);
    stop.abort(new Error('the user left'));
    expect(await call).toMatchObject({ name: 'AuthenticationError', status: 401 });
    expect(warnings).toEqual([
      `sports-odds: could not finish the pending key rotation of ${pending.startedAt}: AbortError: the call was aborted`,
    ]);
    expect(b.answers.map((r) => [r.routeId, r.status])).toEqual([['catalog.sports', 401]]);
    // The rotation may have been committed: its record stays for the next refusal or rotate() to finish.
    expect(await coordinator.keys.store.load()).toEqual(pending);
  });

  it('is followed to the newest key through a chain of rotations, and said in the log', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const a = client(mock, { coordinator });
    await a.odds.keys.rotate();
    const newest = await a.odds.keys.rotate();
    const { options: logging, lines } = recordingLogger('info');
    const late = client(mock, { coordinator, apiKey: mock.apiKey, ...logging });
    expect(await late.odds.catalog.sports()).toHaveLength(44);
    expect(late.answers.map((r) => r.status)).toEqual([200]);
    expect(lines).toContain('sports-odds: switched to the key of a rotation made by another client of the coordinator');
    // The client calls with the newest key: the second one is the only active key.
    expect(activePrefixes(mock)).toEqual([newest.api_key.slice(0, 13)]);
  });

  it('is adopted by a client refused while the rotation was still in flight: it looks again once the lock is free', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const b = client(mock, { coordinator });
    await b.odds.catalog.sports();
    // The service has rotated the key, but the rotating client has not published it yet: its answer is held in a hook.
    const held = newGate();
    let answered = false;
    const { odds: a } = sdkFor(mock, {
      coordinator,
      hooks: {
        afterResponse: [
          async ({ routeId }) => {
            if (routeId !== 'keys.rotate') return;
            answered = true;
            await held.opened;
          },
        ],
      },
    });
    const rotating = a.keys.rotate();
    await until(() => answered);
    const refused = b.odds.catalog.sports();
    await until(() => b.answers.length === 2);
    expect(await coordinator.keys.rotationOf(mock.apiKey)).toBeUndefined();
    held.open();
    const rotation = await rotating;
    expect(await refused).toHaveLength(44);
    expect(b.answers.map((r) => r.status)).toEqual([200, 401, 200]);
    expect(activePrefixes(mock)).toEqual([rotation.api_key.slice(0, 13)]);
  });

  it('follows a chain longer than 16 rotations in steps of 16: one refused call, then the newest key', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const a = client(mock, { coordinator });
    let newest = '';
    for (let i = 0; i < 17; i++) newest = (await a.odds.keys.rotate()).api_key;
    const late = client(mock, { coordinator, apiKey: mock.apiKey });
    expect(await late.odds.catalog.sports()).toHaveLength(44);
    // The first look reaches the 16th key, which the 17th rotation revoked; the second look starts from it.
    expect(late.answers.map((r) => r.status)).toEqual([401, 200]);
    // Only the newest key is active, so the call that passed was sent with it.
    expect(activePrefixes(mock)).toEqual([newest.slice(0, 13)]);
  });

  it('does not say it switched a client again when a late call of its older key meets a newer rotation', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const { options: logging, lines } = recordingLogger('info');
    // The client's first call has its key (the first) and is held before it is sent.
    const held = newGate();
    let holding = false;
    const { odds: x } = sdkFor(mock, {
      coordinator,
      ...logging,
      hooks: {
        beforeRequest: [
          async ({ routeId }) => {
            if (routeId !== 'catalog.sports' || holding) return;
            holding = true;
            await held.opened;
          },
        ],
      },
    });
    const late = x.catalog.sports();
    await until(() => holding);
    const a = client(mock, { coordinator });
    await a.odds.keys.rotate();
    // The client switches to the second key on its next call; then the second is rotated too.
    await x.catalog.leagues({ sport_id: 29 });
    await a.odds.keys.rotate();
    held.open();
    expect(await late).toHaveLength(44);
    const switched = lines.filter((line) => line.startsWith('sports-odds: switched to the key'));
    // Once to the second key, once to the third: the refused first key's chain did not switch the client (it was on the second).
    expect(switched).toHaveLength(2);
  });

  it('does not say it switched a client that calls with another key', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const created = await client(mock, { coordinator }).odds.keys.create({ name: 'other', scopes: ['data:read', 'account:manage'] });
    const { options: logging, lines } = recordingLogger('info');
    const other = client(mock, { coordinator, apiKey: created.api_key, ...logging });
    await client(mock, { coordinator }).odds.keys.rotate();
    await other.odds.catalog.sports();
    await other.odds.keys.rotate();
    expect(lines.filter((line) => line.startsWith('sports-odds: switched to the key'))).toEqual([]);
  });

  it("keeps the adopted key when the adopting client's onKeyRotated fails, and warns of it", async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const { options: logging, lines: warnings } = recordingLogger('warn');
    const b = client(mock, {
      coordinator,
      ...logging,
      onKeyRotated: () => {
        throw new Error('the vault is down');
      },
    });
    await b.odds.catalog.sports();
    await client(mock, { coordinator }).odds.keys.rotate();
    expect(await b.odds.catalog.sports()).toHaveLength(44);
    expect(await b.odds.catalog.sports()).toHaveLength(44);
    expect(b.answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(warnings).toEqual(['sports-odds: onKeyRotated failed for a rotation adopted from another client: Error: the vault is down']);
  });

  it('gives the concurrent rotate() that waited the same answer, headers and all', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const a = client(mock, { coordinator });
    const b = client(mock, { coordinator });
    const [ra, rb] = await Promise.all([a.odds.keys.rotate().withMeta(), b.odds.keys.rotate().withMeta()]);
    expect(rb.meta.status).toBe(200);
    expect(rb.meta.requestId).toMatch(/^req_/);
    expect(rb.meta.requestId).toBe(ra.meta.requestId);
    expect(rb.response.status).toBe(200);
    expect(rb.response.headers.get('x-request-id')).toBe(ra.meta.requestId);
  });

  it("leaves a pending rotation of another key, or of another service, alone: the refused key's 401 stands", async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const owner = client(mock, { coordinator });
    const created = await owner.odds.keys.create({ name: 'doomed' });
    await owner.odds.keys.revoke(created);
    const { options: logging, lines: warnings } = recordingLogger('warn');
    const doomed = client(mock, { coordinator, apiKey: created.api_key, ...logging });
    for (const pending of [pendingRecord(mock, mock.apiKey), pendingRecord(mock, created.api_key, 'https://elsewhere.example')]) {
      await coordinator.keys.store.save(pending);
      await expect(doomed.odds.catalog.sports()).rejects.toMatchObject({ name: 'AuthenticationError', status: 401 });
      expect(await coordinator.keys.store.load()).toEqual(pending);
    }
    expect(doomed.answers.map((r) => [r.routeId, r.status])).toEqual([
      ['catalog.sports', 401],
      ['catalog.sports', 401],
    ]);
    // Neither was taken up: no resumption was tried, so none failed.
    expect(warnings).toEqual([]);
    expect(mock.accounts()[0]?.keys.filter((k) => k.status === 'active')).toHaveLength(1);
  });

  it("warns when the pending rotation of a refused key cannot be finished, and the call's 401 stands", async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const owner = client(mock, { coordinator });
    const created = await owner.odds.keys.create({ name: 'doomed', scopes: ['data:read', 'account:manage'] });
    await owner.odds.keys.revoke(created);
    // A record of this key whose rotation the service never committed: the revoked key cannot rotate now.
    const pending = pendingRecord(mock, created.api_key);
    await coordinator.keys.store.save(pending);
    const { options: logging, lines: warnings } = recordingLogger('warn');
    const doomed = client(mock, { coordinator, apiKey: created.api_key, ...logging });
    await expect(doomed.odds.catalog.sports()).rejects.toMatchObject({ name: 'AuthenticationError', status: 401 });
    expect(doomed.answers.map((r) => [r.routeId, r.status])).toEqual([
      ['catalog.sports', 401],
      ['keys.rotate', 401],
    ]);
    expect(warnings).toHaveLength(1);
    const said = `sports-odds: could not finish the pending key rotation of ${pending.startedAt}: AuthenticationError: `;
    expect(warnings[0]?.slice(0, said.length)).toBe(said);
    // The refusal was definitive: the record is cleared, and the lock let go.
    expect(await coordinator.keys.store.load()).toBeUndefined();
    await owner.odds.keys.rotate();
    expect(mock.accounts()[0]?.keys.filter((k) => k.status === 'active')).toHaveLength(1);
  });

  it('leaves a key revoked by other means refused: the 401 stands', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const created = await client(mock, { coordinator }).odds.keys.create({ name: 'doomed' });
    const doomed = client(mock, { coordinator, apiKey: created.api_key });
    await client(mock, { coordinator }).odds.keys.revoke(created);
    await expect(doomed.odds.catalog.sports()).rejects.toMatchObject({ name: 'AuthenticationError', status: 401 });
    expect(doomed.answers.map((r) => r.status)).toEqual([401]);
  });
});

describe("'account' pacing", () => {
  it('draws no 429 from 60 concurrent calls of a key that cannot read the account: paced at the lowest plan rate', async () => {
    const mock = newMock();
    const key = await mock.createKey(mock.demoEmail, { name: 'backfill', scopes: ['data:read'] });
    const c = client(mock, { apiKey: key.apiKey, logLevel: 'off', rateLimit: { requestsPerSecond: 'account' } });
    const start = mock.clock.now();
    const results = await Promise.allSettled(Array.from({ length: 60 }, () => c.odds.catalog.leagues({ sport_id: 1 })));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(c.answers.filter((r) => r.status === 429)).toEqual([]);
    expect(c.answers.filter((r) => r.routeId === 'account.get').map((r) => r.status)).toEqual([403]);
    expect(busiestSecond(c.sentAt)).toBe(2);
    expect(mock.clock.now() - start).toBeGreaterThanOrEqual(30_000);
  });

  it('takes the rate another client of the coordinator shared, without reading the account', async () => {
    const mock = newMock();
    const coordinator = sharedOn(mock);
    const manager = client(mock, { coordinator, rateLimit: { requestsPerSecond: 'account' } });
    await manager.odds.catalog.sports();
    const key = await mock.createKey(mock.demoEmail, { name: 'reader', scopes: ['data:read'] });
    const reader = client(mock, { coordinator, apiKey: key.apiKey, rateLimit: { requestsPerSecond: 'account' } });
    const start = mock.clock.now();
    await Promise.all(Array.from({ length: 20 }, () => reader.odds.catalog.leagues({ sport_id: 1 })));
    expect(reader.answers.map((r) => r.routeId)).not.toContain('account.get');
    // The pro plan's 20 per second (its 20 calls within two seconds), not the lowest plan's 2 (ten seconds).
    expect(busiestSecond([...manager.sentAt, ...reader.sentAt])).toBeLessThanOrEqual(20);
    expect(mock.clock.now() - start).toBeLessThan(2_000);
  });

  it('looks again after a lookup that failed for a passing reason, pacing at the lowest rate meanwhile', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'account.get', status: 503, count: 2 });
    const c = client(mock, { rateLimit: { requestsPerSecond: 'account' } });
    await Promise.all(Array.from({ length: 8 }, () => c.odds.catalog.leagues({ sport_id: 1 })));
    const lookups = () => c.answers.filter((r) => r.routeId === 'account.get').map((r) => r.status);
    expect(lookups()).toEqual([503, 503, 200].slice(0, lookups().length));
    expect(busiestSecond(c.sentAt)).toBeLessThanOrEqual(2);
    // Once the lookup answered, calls go at the plan's rate.
    while (!lookups().includes(200)) await c.odds.catalog.leagues({ sport_id: 1 });
    const start = mock.clock.now();
    await Promise.all(Array.from({ length: 20 }, () => c.odds.catalog.leagues({ sport_id: 1 })));
    expect(busiestSecond(c.sentAt)).toBeLessThanOrEqual(20);
    expect(mock.clock.now() - start).toBeLessThan(2_000);
    expect(c.answers.filter((r) => r.status === 429)).toEqual([]);
  });
});
