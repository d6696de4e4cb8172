import { describe, expect, it } from 'vitest';
import {
  ConnectionError,
  MemoryRotationStore,
  ResponseValidationError,
  RotationPendingError,
  SportsOddsError,
  type KeyRotatedInfo,
  type PendingRotation,
} from '../../src';
import { parsePendingRotation } from '../../src/core/rotation/pending';
import { newRotationNonce } from '../../src/core/rotation/record';
import { fakeClient, rejection, TEST_KEY } from './fake-fetch';
import { sdkFor, useMockServer } from './mock-setup';
import { errorText, rejectionOf, spyFetch } from './wire-spy';

const newMock = useMockServer();

const valid = (): PendingRotation => ({
  version: 1,
  baseUrl: 'https://api.sports-odds.test',
  nonce: newRotationNonce(),
  oldKey: TEST_KEY,
  startedAt: '2026-11-22T12:00:00.000Z',
});

describe('a stored rotation record is checked before it is replayed', () => {
  it('takes a valid record, as an object or as text, and keeps only its five fields', () => {
    const record = valid();
    expect(parsePendingRotation({ ...record, extra: 'ignored' } as PendingRotation)).toEqual(record);
    expect(parsePendingRotation(JSON.stringify(record))).toEqual(record);
  });

  it.each([
    ['version', { version: 2 }],
    ['baseUrl', { baseUrl: '' }],
    ['baseUrl', { baseUrl: 42 }],
    ['nonce', { nonce: 'rot_short' }],
    ['oldKey', { oldKey: '' }],
    ['oldKey', { oldKey: null }],
    ['startedAt', { startedAt: 'yesterday' }],
    ['startedAt', { startedAt: 1_700_000_000_000 }],
  ] as const)('refuses a record with a broken %s, naming only that field and never quoting the key', (field, change) => {
    const record = { ...valid(), ...change } as unknown as PendingRotation;
    const error = (() => {
      try {
        parsePendingRotation(record);
      } catch (e) {
        return e as Error;
      }
      throw new Error('accepted');
    })();
    expect(error).toBeInstanceOf(SportsOddsError);
    expect(error.message).toContain(`(${field})`);
    expect(errorText(error)).not.toContain(TEST_KEY);
  });

  it.each([['null'], ['[not json'], ['"a string"']])('refuses the text %s as a whole', (text) => {
    expect(() => parsePendingRotation(text)).toThrow(/malformed record \(\(root\)\)/);
  });
});

describe('the rotation answer', () => {
  it('is validated before its key is swapped in: a malformed answer leaves the client on its old key', async () => {
    const { odds, fake } = fakeClient([{ body: { api_key: 42 } }, { body: [] }]);
    expect(await rejection(odds.keys.rotate())).toBeInstanceOf(ResponseValidationError);
    await odds.catalog.sports();
    expect(fake.seen.map((s) => s.authorization)).toEqual([`Bearer ${TEST_KEY}`, `Bearer ${TEST_KEY}`]);
  });
});

describe('resuming a pending rotation', () => {
  it("of another key rotates that key and leaves the client's own key alone (clientUpdated: false)", async () => {
    const mock = newMock();
    const other = await mock.createKey(mock.demoEmail, { name: 'other', scopes: ['data:read', 'account:manage'] });
    const store = new MemoryRotationStore();
    const pending: PendingRotation = {
      ...valid(),
      baseUrl: mock.baseUrl,
      oldKey: other.apiKey,
      startedAt: new Date(mock.clock.now()).toISOString(),
    };
    await store.save(pending);
    const infos: KeyRotatedInfo[] = [];
    const wire = spyFetch();
    const { odds } = sdkFor(mock, { rotationStore: store, fetch: wire.fetch, onKeyRotated: (_r, info) => void infos.push(info) });
    const result = await odds.keys.rotate();
    expect(infos).toEqual([{ resumed: true, clientUpdated: false, adopted: false }]);
    expect(wire.sent[0]?.headers.get('authorization')).toBe(`Bearer ${other.apiKey}`);
    await odds.account.get();
    expect(wire.sent.at(-1)?.headers.get('authorization')).toBe(`Bearer ${mock.apiKey}`);
    expect(result.api_key).not.toBe(mock.apiKey);
    expect(await store.load()).toBeUndefined();
  });

  it('that the client already switched to counts as updated', async () => {
    const mock = newMock();
    const pending: PendingRotation = {
      ...valid(),
      baseUrl: mock.baseUrl,
      oldKey: mock.apiKey,
      startedAt: new Date(mock.clock.now()).toISOString(),
    };
    const replay = await fetch(`${mock.baseUrl}/v1/account/keys/rotate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${pending.oldKey}`, 'Idempotency-Key': pending.nonce },
    });
    const { api_key: newKey } = (await replay.json()) as { api_key: string };
    const store = new MemoryRotationStore();
    await store.save(pending);
    const infos: KeyRotatedInfo[] = [];
    const { odds } = sdkFor(mock, { apiKey: newKey, rotationStore: store, onKeyRotated: (_r, info) => void infos.push(info) });
    expect((await odds.keys.rotate()).api_key).toBe(newKey);
    expect(infos).toEqual([{ resumed: true, clientUpdated: true, adopted: false }]);
  });
});

describe("rotate()'s options", () => {
  it('refuses a misspelt option as a rejection naming keys.rotate(), before anything is stored or sent', async () => {
    const store = new MemoryRotationStore();
    const { odds, fake } = fakeClient([], { rotationStore: store });
    // @ts-expect-error: a misspelt option, which the compiler refuses and the call names
    const call = odds.keys.rotate({ tiemout: 5 });
    await expect(call).rejects.toThrow(
      new SportsOddsError('keys.rotate() has no option "tiemout" (did you mean timeout?); its options are signal, timeout'),
    );
    expect(fake.seen).toEqual([]);
    expect(await store.load()).toBeUndefined();
  });
});

describe('RotationPendingError', () => {
  it('carries the last ambiguous failure as its cause', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'keys.rotate', drop: 'connection', count: 10_000 });
    const { odds } = sdkFor(mock, { rotationStore: new MemoryRotationStore() });
    const error = await rejectionOf(odds.keys.rotate());
    expect(error).toBeInstanceOf(RotationPendingError);
    expect(error.cause).toBeInstanceOf(ConnectionError);
  });
});
