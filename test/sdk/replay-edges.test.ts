import { describe, expect, it } from 'vitest';
import { type APIError, MemoryRotationStore, RotationPendingError, type PendingRotation } from '../../src';
import { newRotationNonce } from '../../src/core/rotation/record';
import { ROTATION_REPLAY_WINDOW_MS } from '../../src/schemas/limits';
import { sdkFor, useMockServer } from './mock-setup';
import { captureLogger, rejectionOf, spyFetch } from './wire-spy';

const newMock = useMockServer();

const rotations = (sent: { url: string }[]) => sent.filter((r) => r.url.endsWith('/v1/account/keys/rotate'));

describe("a rotation's replays: only the replay window bounds their waits", () => {
  it("waits out a Retry-After longer than the client's maxRetryAfter, within the window", async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'keys.rotate', status: 503, retryAfter: 90 });
    const { odds, seen } = sdkFor(mock, { maxRetryAfter: 60 });
    const start = mock.clock.now();
    const result = await odds.keys.rotate();
    expect(result.api_key).toMatch(/^svc_live_/);
    expect(seen.retries.map((r) => [r.routeId, r.attempt, r.delayMs])).toEqual([['keys.rotate', 1, 90_000]]);
    expect(mock.clock.now() - start).toBe(90_000);
  });

  it('does not take a wait that would end exactly when the window does: the rotation stays pending', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'keys.rotate', status: 503, retryAfter: ROTATION_REPLAY_WINDOW_MS / 1000 });
    const store = new MemoryRotationStore();
    const wire = spyFetch();
    const { odds, seen } = sdkFor(mock, { rotationStore: store, fetch: wire.fetch });
    const error = await rejectionOf(odds.keys.rotate());
    expect(error).toBeInstanceOf(RotationPendingError);
    expect(rotations(wire.sent)).toHaveLength(1);
    expect(seen.retries).toHaveLength(0);
    expect(await store.load()).toBeDefined();
  });

  it('takes a wait that ends a second before the window does', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'keys.rotate', status: 503, retryAfter: ROTATION_REPLAY_WINDOW_MS / 1000 - 1 });
    const { odds, seen } = sdkFor(mock);
    await odds.keys.rotate();
    expect(seen.retries.map((r) => r.delayMs)).toEqual([ROTATION_REPLAY_WINDOW_MS - 1000]);
  });

  it('waits before its first replay as long as any first retry waits', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'catalog.sports', status: 500 });
    mock.faults.inject({ route: 'keys.rotate', status: 500 });
    const { odds, seen } = sdkFor(mock, { maxRetries: 1 });
    await odds.catalog.sports();
    await odds.keys.rotate();
    expect(seen.retries.map((r) => [r.routeId, r.attempt])).toEqual([
      ['catalog.sports', 1],
      ['keys.rotate', 1],
    ]);
    expect(seen.retries[1]?.delayMs).toBe(seen.retries[0]?.delayMs);
  });

  it('numbers its attempts and logs each replay with the route, the wait, the attempt and the error', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'keys.rotate', status: 500 });
    mock.faults.inject({ route: 'keys.rotate', status: 503, retryAfter: 3 });
    const { logger, lines } = captureLogger();
    const { odds, seen } = sdkFor(mock, { logger, logLevel: 'info' });
    await odds.keys.rotate();
    expect(seen.retries.map((r) => [r.routeId, r.attempt, (r.error as APIError).status])).toEqual([
      ['keys.rotate', 1, 500],
      ['keys.rotate', 2, 503],
    ]);
    expect(seen.retries[1]?.delayMs).toBe(3000);
    const replays = lines.filter((l) => l.includes('replaying'));
    expect(replays).toHaveLength(2);
    expect(replays[0]).toMatch(
      new RegExp(`^info sports-odds: replaying keys\\.rotate unchanged in ${seen.retries[0]?.delayMs} ms after attempt 1: `),
    );
    expect(replays[1]).toMatch(/^info sports-odds: replaying keys\.rotate unchanged in 3000 ms after attempt 2: /);
  });
});

describe('resuming a stored rotation', () => {
  it("gives each attempt until the later of its timeout and the window's end: one the pacer holds past both is not sent", async () => {
    const mock = newMock();
    const store = new MemoryRotationStore();
    // The window ends 50 ms from now; each attempt's own timeout is 100 ms.
    const startedAt = new Date(mock.clock.now() - ROTATION_REPLAY_WINDOW_MS + 50).toISOString();
    await store.save({ version: 1, baseUrl: mock.baseUrl, nonce: newRotationNonce(), oldKey: mock.apiKey, startedAt });
    const wire = spyFetch();
    const { odds } = sdkFor(mock, { rotationStore: store, fetch: wire.fetch, timeout: 100, rateLimit: { requestsPerSecond: 1 } });
    // This request holds the only slot of the second: the rotation's attempt waits a second for it.
    await odds.catalog.sports();
    const error = await rejectionOf(odds.keys.rotate());
    expect(error).toBeInstanceOf(RotationPendingError);
    expect(rotations(wire.sent)).toHaveLength(0);
    expect(await store.load()).toBeDefined();
  });

  it('logs that it resumes the rotation of the stored start', async () => {
    const mock = newMock();
    const store = new MemoryRotationStore();
    const pending: PendingRotation = {
      version: 1,
      baseUrl: mock.baseUrl,
      nonce: newRotationNonce(),
      oldKey: mock.apiKey,
      startedAt: new Date(mock.clock.now() - 60_000).toISOString(),
    };
    await store.save(pending);
    const { logger, lines } = captureLogger();
    const { odds } = sdkFor(mock, { rotationStore: store, logger, logLevel: 'info' });
    await odds.keys.rotate();
    expect(lines.some((l) => l.startsWith(`info sports-odds: resuming the key rotation of ${pending.startedAt}`))).toBe(true);
    expect(await store.load()).toBeUndefined();
  });

  it('names both services when the stored rotation belongs to another one', async () => {
    const mock = newMock();
    const store = new MemoryRotationStore();
    await store.save({
      version: 1,
      baseUrl: 'https://elsewhere.example.com',
      nonce: newRotationNonce(),
      oldKey: mock.apiKey,
      startedAt: new Date(mock.clock.now()).toISOString(),
    });
    const { odds } = sdkFor(mock, { rotationStore: store });
    const error = await rejectionOf(odds.keys.rotate());
    expect(error.message).toBe(`the rotation store holds a pending rotation for https://elsewhere.example.com, not ${mock.baseUrl}`);
  });
});
