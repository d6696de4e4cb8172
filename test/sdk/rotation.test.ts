import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { MockService } from '../../mocks';
import {
  AbortError,
  AuthenticationError,
  MemoryRotationStore,
  PermissionDeniedError,
  RotationPendingError,
  SportsOddsError,
  type KeyRotatedInfo,
  type KeyRotationSuccess,
  type PendingRotation,
  type RotationStore,
} from '../../src';
import { redact } from '../../src/schemas/redact';
import { newRotationNonce } from '../../src/core/rotation/record';
import { FileRotationStore } from '../../src/node';
import { IdempotencyKey, ROTATION_NONCE_PATTERN } from '../../src/schemas';
import { sdkFor, useMockServer } from './mock-setup';
import { captureLogger, errorText, rejectionOf, spyFetch, type WireRequest } from './wire-spy';

const newMock = useMockServer();

const MIN = 60_000;
const rotations = (sent: WireRequest[]) => sent.filter((r) => r.url.endsWith('/v1/account/keys/rotate'));
const bearerOf = (r: WireRequest) => r.headers.get('authorization')?.replace(/^Bearer /, '');

/** A store that records the order of its calls next to the requests on the wire. */
function journaled(events: string[], inner: RotationStore = new MemoryRotationStore()): RotationStore & { saved: PendingRotation[] } {
  const saved: PendingRotation[] = [];
  return {
    saved,
    load: () => inner.load(),
    save: async (pending) => {
      events.push('save');
      saved.push({ ...pending });
      await inner.save(pending);
    },
    clear: async () => {
      events.push('clear');
      await inner.clear();
    },
  };
}

/** Sends the rotation of a pending record directly, as the first process did before it died. */
async function sendAsCrashedProcess(mock: MockService, pending: PendingRotation): Promise<void> {
  await expect(
    fetch(`${mock.baseUrl}/v1/account/keys/rotate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${pending.oldKey}`, 'Idempotency-Key': pending.nonce },
    }),
  ).rejects.toThrow();
}

/** The service's answer to an exact replay of a pending rotation. */
async function replayDirectly(mock: MockService, pending: PendingRotation): Promise<{ status: number; body: KeyRotationSuccess }> {
  const response = await fetch(`${mock.baseUrl}/v1/account/keys/rotate`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${pending.oldKey}`, 'Idempotency-Key': pending.nonce },
  });
  return { status: response.status, body: (await response.json()) as KeyRotationSuccess };
}

const pendingFor = (mock: MockService, startedAt = mock.clock.now()): PendingRotation => ({
  version: 1,
  baseUrl: mock.baseUrl,
  nonce: newRotationNonce(),
  oldKey: mock.apiKey,
  startedAt: new Date(startedAt).toISOString(),
});

describe('the rotation nonce', () => {
  it('is rot_ + unpadded base64url of 32 random bytes, every time (1000 draws), never repeated', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const nonce = newRotationNonce();
      expect(nonce).toMatch(ROTATION_NONCE_PATTERN);
      expect(z.safeParse(IdempotencyKey, nonce).success).toBe(true);
      expect(nonce).toHaveLength(47);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1000);
  });
});

describe('odds.keys.rotate()', () => {
  it('saves the nonce and old key before sending, sends them, switches the client to the new key and clears the store', async () => {
    const mock = newMock();
    const events: string[] = [];
    const wire = spyFetch();
    const store = journaled(events);
    const { odds } = sdkFor(mock, {
      rotationStore: store,
      fetch: async (input, init) => {
        events.push('send');
        return wire.fetch(input, init);
      },
    });

    const result = await odds.keys.rotate();

    expect(events).toEqual(['save', 'send', 'clear']);
    const [saved] = store.saved;
    const [sent] = rotations(wire.sent);
    expect(saved?.oldKey).toBe(mock.apiKey);
    expect(saved?.baseUrl).toBe(mock.baseUrl);
    expect(saved?.startedAt).toBe(new Date(mock.clock.now()).toISOString());
    expect(sent?.headers.get('idempotency-key')).toBe(saved?.nonce);
    expect(sent && bearerOf(sent)).toBe(mock.apiKey);
    expect(sent?.method).toBe('POST');

    expect(result.api_key).not.toBe(mock.apiKey);
    expect(result.scopes).toEqual(['data:read', 'account:manage']);
    expect(Date.parse(result.recovery_expires_at)).toBe(mock.clock.now() + 15 * MIN);
    expect(await store.load()).toBeUndefined();

    // The client now calls with the new key; the old one is revoked.
    const keys = await odds.keys.list();
    expect(bearerOf(wire.sent.at(-1)!)).toBe(result.api_key);
    expect(keys.map((k) => k.status).sort()).toEqual(['active', 'revoked']);
    await expect(sdkFor(mock, { apiKey: mock.apiKey }).odds.account.get()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('keeps the exact scopes of a key that has only account:manage', async () => {
    const mock = newMock();
    const manager = await mock.createKey(mock.demoEmail, { name: 'manager', scopes: ['account:manage'] });
    const { odds } = sdkFor(mock, { apiKey: manager.apiKey });
    const result = await odds.keys.rotate();
    expect(result.scopes).toEqual(['account:manage']);
    const active = (await odds.keys.list()).filter((k) => k.status === 'active');
    expect(active.find((k) => k.name === 'manager')?.scopes).toEqual(['account:manage']);
  });

  it('recovers a rotation whose answer was lost after the service committed it: the retry gets the same key', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'keys.rotate', drop: 'after_commit' });
    const wire = spyFetch();
    const { odds, seen } = sdkFor(mock, { fetch: wire.fetch, maxRetries: 0 });

    const result = await odds.keys.rotate();

    const sent = rotations(wire.sent);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.headers.get('idempotency-key')).toBe(sent[0]?.headers.get('idempotency-key'));
    expect(bearerOf(sent[1]!)).toBe(mock.apiKey);
    expect(seen.retries.map((r) => [r.routeId, r.error.name])).toEqual([['keys.rotate', 'ConnectionError']]);
    // Exactly one replacement exists, and it is the one the replay returned.
    const keys = await odds.keys.list();
    expect(keys).toHaveLength(2);
    expect(keys.filter((k) => k.status === 'active')).toHaveLength(1);
    expect(keys.find((k) => k.status === 'active')?.prefix).toBe(result.api_key.slice(0, 13));
    expect((await odds.account.get()).email).toBe(mock.demoEmail);
  });

  it('replays 500s, 429s and dropped connections with the same key and nonce, past maxRetries, within the window', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'keys.rotate', status: 500 });
    mock.faults.inject({ route: 'keys.rotate', status: 429, retryAfter: 2 });
    mock.faults.inject({ route: 'keys.rotate', drop: 'connection', count: 3 });
    const wire = spyFetch();
    const { odds, seen } = sdkFor(mock, { fetch: wire.fetch, maxRetries: 1 });
    const start = mock.clock.now();
    await odds.keys.rotate();
    const sent = rotations(wire.sent);
    expect(sent).toHaveLength(6);
    expect(new Set(sent.map((r) => r.headers.get('idempotency-key'))).size).toBe(1);
    expect(new Set(sent.map(bearerOf))).toEqual(new Set([mock.apiKey]));
    expect(seen.retries.map((r) => r.error.name)).toEqual([
      'InternalServerError',
      'RateLimitError',
      'ConnectionError',
      'ConnectionError',
      'ConnectionError',
    ]);
    expect(seen.retries[1]?.delayMs).toBe(2000);
    expect(mock.clock.now() - start).toBeLessThan(15 * MIN);
  });

  it('refuses definitively (403 insufficient_scope) and clears the store', async () => {
    const mock = newMock();
    const reader = await mock.createKey(mock.demoEmail, { name: 'reader' });
    const store = new MemoryRotationStore();
    const { odds } = sdkFor(mock, { apiKey: reader.apiKey, rotationStore: store });
    const error = await rejectionOf(odds.keys.rotate());
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).code).toBe('insufficient_scope');
    expect(await store.load()).toBeUndefined();
  });

  it('shares one rotation between concurrent calls on one client', async () => {
    const mock = newMock();
    const wire = spyFetch();
    const { odds } = sdkFor(mock, { fetch: wire.fetch });
    const [a, b] = await Promise.all([odds.keys.rotate(), odds.keys.rotate()]);
    expect(a.api_key).toBe(b.api_key);
    expect(rotations(wire.sent)).toHaveLength(1);
    expect(await odds.keys.list()).toHaveLength(2);
  });

  it('two clients rotating one key at once with different nonces: exactly one wins, the other gets AuthenticationError', async () => {
    const mock = newMock();
    const stores = [new MemoryRotationStore(), new MemoryRotationStore()];
    const wires = [spyFetch(), spyFetch()];
    const clients = stores.map((store, i) => sdkFor(mock, { rotationStore: store, fetch: wires[i]!.fetch }).odds);
    const outcomes = await Promise.allSettled(clients.map((odds) => odds.keys.rotate()));

    const nonces = wires.map((w) => rotations(w.sent)[0]?.headers.get('idempotency-key'));
    expect(nonces[0]).not.toBe(nonces[1]);
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o) => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]?.reason).toBeInstanceOf(AuthenticationError);
    expect((lost[0]!.reason as AuthenticationError).code).toBe('invalid_api_key');
    for (const store of stores) expect(await store.load()).toBeUndefined();

    const winner = clients[outcomes.findIndex((o) => o.status === 'fulfilled')]!;
    const keys = await winner.keys.list();
    expect(keys.filter((k) => k.status === 'active')).toHaveLength(1);
    expect(keys).toHaveLength(2);
  });

  it('refuses to replay a pending rotation of another service, and sends nothing', async () => {
    const mock = newMock();
    const store = new MemoryRotationStore();
    await store.save({ ...pendingFor(mock), baseUrl: 'https://elsewhere.example.com' });
    const wire = spyFetch();
    const { odds } = sdkFor(mock, { rotationStore: store, fetch: wire.fetch });
    const error = await rejectionOf(odds.keys.rotate());
    expect(error).toBeInstanceOf(SportsOddsError);
    expect(error.message).toContain('elsewhere.example.com');
    expect(wire.sent).toHaveLength(0);
    expect(await store.load()).toBeDefined();
  });

  it('keeps the rotation pending when no attempt is answered within 15 minutes, and a later rotate() replays the same nonce', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'keys.rotate', drop: 'connection', count: 10_000 });
    const store = new MemoryRotationStore();
    const wire = spyFetch();
    const { odds } = sdkFor(mock, { rotationStore: store, fetch: wire.fetch });
    const start = mock.clock.now();

    const error = await rejectionOf(odds.keys.rotate());
    expect(error).toBeInstanceOf(RotationPendingError);
    expect((error as RotationPendingError).startedAt.getTime()).toBe(start);
    expect(mock.clock.now() - start).toBeGreaterThan(14 * MIN);
    expect(mock.clock.now() - start).toBeLessThan(15 * MIN);
    const attempts = rotations(wire.sent);
    expect(attempts.length).toBeGreaterThan(10);
    const nonce = attempts[0]?.headers.get('idempotency-key');
    expect(new Set(attempts.map((r) => r.headers.get('idempotency-key')))).toEqual(new Set([nonce]));
    expect((await store.load())?.nonce).toBe(nonce);

    // The service never saw it; once it is back, the same nonce with the same key rotates.
    mock.faults.clear();
    const result = await odds.keys.rotate();
    expect(rotations(wire.sent).at(-1)?.headers.get('idempotency-key')).toBe(nonce);
    expect(result.api_key).toMatch(/^svc_live_/);
    expect(await store.load()).toBeUndefined();
  });

  it('stops on abort and keeps the rotation pending', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'keys.rotate', status: 500, count: 5 });
    const store = new MemoryRotationStore();
    const stop = new AbortController();
    const { odds } = sdkFor(mock, { rotationStore: store, hooks: { beforeRetry: [() => stop.abort()] } });
    const error = await rejectionOf(odds.keys.rotate({ signal: stop.signal }));
    expect(error).toBeInstanceOf(AbortError);
    expect((await store.load())?.oldKey).toBe(mock.apiKey);
  });
});

describe('key sources and onKeyRotated', () => {
  it('a client whose key is a function keeps calling it, with the revoked old key mapped to the new one', async () => {
    const mock = newMock();
    const wire = spyFetch();
    const rotated: Array<[KeyRotationSuccess, KeyRotatedInfo]> = [];
    const { odds } = sdkFor(mock, {
      apiKey: async () => mock.apiKey,
      fetch: wire.fetch,
      onKeyRotated: (rotation, info) => void rotated.push([rotation, info]),
    });
    const result = await odds.keys.rotate();
    expect(rotated).toEqual([[result, { resumed: false, clientUpdated: true, adopted: false }]]);
    await odds.account.get();
    expect(bearerOf(wire.sent.at(-1)!)).toBe(result.api_key);

    // A second rotation maps the chain old -> first -> second.
    const second = await odds.keys.rotate();
    expect(bearerOf(rotations(wire.sent).at(-1)!)).toBe(result.api_key);
    await odds.account.get();
    expect(bearerOf(wire.sent.at(-1)!)).toBe(second.api_key);
  });

  it('a failing onKeyRotated rejects rotate() and keeps the rotation pending; the next rotate() replays the same key', async () => {
    const mock = newMock();
    const store = new MemoryRotationStore();
    const infos: KeyRotatedInfo[] = [];
    let fail = true;
    const { odds } = sdkFor(mock, {
      rotationStore: store,
      onKeyRotated: (_rotation, info) => {
        infos.push(info);
        if (fail) throw new Error('vault unavailable');
      },
    });
    await expect(odds.keys.rotate()).rejects.toThrow('vault unavailable');
    const pending = await store.load();
    expect(pending?.oldKey).toBe(mock.apiKey);
    fail = false;
    const again = await odds.keys.rotate();
    expect(infos).toEqual([
      { resumed: false, clientUpdated: true, adopted: false },
      { resumed: true, clientUpdated: true, adopted: false },
    ]);
    expect(await store.load()).toBeUndefined();
    expect((await replayDirectly(mock, pending!)).body.api_key).toBe(again.api_key);
    expect((await odds.keys.list()).filter((k) => k.status === 'active')).toHaveLength(1);
  });
});

describe('FileRotationStore: a crash between send and answer', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sports-odds-rotation-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('saves atomically with mode 0600, loads, and clears', async () => {
    const mock = newMock();
    const store = new FileRotationStore(join(dir, 'nested', 'rotation.json'));
    expect(await store.load()).toBeUndefined();
    const pending = pendingFor(mock);
    await store.save(pending);
    expect(await store.load()).toEqual(pending);
    if (process.platform !== 'win32') {
      expect((await stat(store.path)).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, 'nested'))).mode & 0o077).toBe(0);
    }
    await store.save({ ...pending, nonce: newRotationNonce() });
    expect((await store.load())?.nonce).not.toBe(pending.nonce);
    await store.clear();
    expect(await store.load()).toBeUndefined();
    await store.clear();
  });

  it('refuses a broken file without quoting it', async () => {
    const mock = newMock();
    const store = new FileRotationStore(join(dir, 'rotation.json'));
    const pending = pendingFor(mock);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(store.path, JSON.stringify(pending).slice(0, -3));
    const error = await rejectionOf(store.load());
    expect(error).toBeInstanceOf(SportsOddsError);
    expect(errorText(error)).not.toContain(pending.oldKey);
    await writeFile(store.path, JSON.stringify({ ...pending, nonce: 'rot_short' }));
    const malformed = await rejectionOf(store.load());
    expect(malformed.message).toContain('nonce');
    expect(errorText(malformed)).not.toContain(pending.oldKey);
  });

  it('a new process resumes the committed rotation from the file and receives the same replacement key', async () => {
    const mock = newMock();
    const path = join(dir, 'rotation.json');
    // The first process: saved its record, sent the rotation, and died before the answer arrived.
    const pending = pendingFor(mock);
    await new FileRotationStore(path).save(pending);
    mock.faults.inject({ route: 'keys.rotate', drop: 'after_commit' });
    await sendAsCrashedProcess(mock, pending);
    mock.clock.advance(3 * MIN);

    // The new process, with the same key and the same file.
    const wire = spyFetch();
    const rotated: KeyRotatedInfo[] = [];
    const { odds } = sdkFor(mock, {
      rotationStore: new FileRotationStore(path),
      fetch: wire.fetch,
      onKeyRotated: (_r, info) => void rotated.push(info),
    });
    const result = await odds.keys.rotate();

    const [sent] = rotations(wire.sent);
    expect(sent?.headers.get('idempotency-key')).toBe(pending.nonce);
    expect(sent && bearerOf(sent)).toBe(pending.oldKey);
    expect(rotated).toEqual([{ resumed: true, clientUpdated: true, adopted: false }]);
    expect((await replayDirectly(mock, pending)).body.api_key).toBe(result.api_key);
    await expect(readFile(path)).rejects.toMatchObject({ code: 'ENOENT' });
    const keys = await odds.keys.list();
    expect(keys).toHaveLength(2);
    expect(keys.filter((k) => k.status === 'active').map((k) => k.prefix)).toEqual([result.api_key.slice(0, 13)]);
  });

  it('a rotation that never reached the service is sent by the new process with the saved nonce', async () => {
    const mock = newMock();
    const path = join(dir, 'rotation.json');
    const pending = pendingFor(mock);
    await new FileRotationStore(path).save(pending);
    const wire = spyFetch();
    const { odds } = sdkFor(mock, { rotationStore: new FileRotationStore(path), fetch: wire.fetch });
    const result = await odds.keys.rotate();
    expect(rotations(wire.sent).map((r) => r.headers.get('idempotency-key'))).toEqual([pending.nonce]);
    expect((await replayDirectly(mock, pending)).body.api_key).toBe(result.api_key);
  });

  it('a replay refused after the 15-minute window clears the file and throws AuthenticationError', async () => {
    const mock = newMock();
    const path = join(dir, 'rotation.json');
    const pending = pendingFor(mock);
    await new FileRotationStore(path).save(pending);
    mock.faults.inject({ route: 'keys.rotate', drop: 'after_commit' });
    await sendAsCrashedProcess(mock, pending);
    mock.clock.advance(15 * MIN + 1000);

    const wire = spyFetch();
    const { odds } = sdkFor(mock, { rotationStore: new FileRotationStore(path), fetch: wire.fetch });
    const error = await rejectionOf(odds.keys.rotate());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(rotations(wire.sent).map((r) => r.headers.get('idempotency-key'))).toEqual([pending.nonce]);
    await expect(readFile(path)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('secrets never leak', () => {
  it('keeps the old key, the new key and the nonce out of logs (debug) and errors', async () => {
    const mock = newMock();
    const { logger, lines } = captureLogger();
    const store = new MemoryRotationStore();
    const wire = spyFetch();
    mock.faults.inject({ route: 'keys.rotate', drop: 'after_commit' });
    mock.faults.inject({ route: 'keys.rotate', status: 500 });
    const { odds } = sdkFor(mock, { logger, logLevel: 'debug', rotationStore: store, fetch: wire.fetch });
    const result = await odds.keys.rotate();
    const nonce = rotations(wire.sent)[0]?.headers.get('idempotency-key') ?? '';

    // A refused replay of the same rotation by another client, logged too.
    const other = sdkFor(mock, { logger, logLevel: 'debug' }).odds;
    const refused = await rejectionOf(other.keys.rotate());
    expect(refused).toBeInstanceOf(AuthenticationError);

    expect(lines.some((l) => l.includes('replaying keys.rotate unchanged'))).toBe(true);
    const everything = [...lines, errorText(refused)].join('\n');
    for (const secret of [mock.apiKey, result.api_key, nonce]) {
      expect(secret.length).toBeGreaterThan(40);
      expect(everything).not.toContain(secret);
      expect(everything).not.toContain(secret.slice(9, 30));
    }
    expect(JSON.stringify(store)).toBe('{}');
  });

  it('the logger masks rotation nonces and credential tokens as well as keys', () => {
    const random = newRotationNonce().slice(4);
    for (const prefix of ['rot', 'clm', 'rcv', 'emv', 'res']) {
      expect(redact(`sent ${prefix}_${random}, done`)).toBe(`sent ${prefix}_****, done`);
    }
    expect(redact('rotate the key')).toBe('rotate the key');
  });
});
