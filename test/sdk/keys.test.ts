import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InvalidParametersError,
  NotFoundError,
  PermissionDeniedError,
} from '../../src';
import { sdkFor, useMockServer } from './mock-setup';
import { rejectionOf, spyFetch } from './wire-spy';

const newMock = useMockServer();

describe('odds.keys', () => {
  it('list(): every key of the account, with prefix and scopes, never a plaintext', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const keys = await odds.keys.list();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      status: 'active',
      prefix: mock.apiKey.slice(0, 13),
      scopes: ['data:read', 'account:manage'],
      revoked_at: null,
    });
    expect(JSON.stringify(keys)).not.toContain(mock.apiKey.slice(13));
  });

  it('create(): default data:read, or the requested scopes; the plaintext key works', async () => {
    const mock = newMock();
    const wire = spyFetch();
    const { odds } = sdkFor(mock, { fetch: wire.fetch });
    const reader = await odds.keys.create({ name: 'reader' });
    expect(JSON.parse(wire.sent[0]?.body ?? '')).toEqual({ name: 'reader' });
    expect(reader.scopes).toEqual(['data:read']);
    expect(reader.status).toBe('active');
    expect(reader.prefix).toBe(reader.api_key.slice(0, 13));
    expect(await sdkFor(mock, { apiKey: reader.api_key }).odds.catalog.sports()).toHaveLength(44);

    const manager = await odds.keys.create({ name: 'manager', scopes: ['account:manage'] });
    expect(manager.scopes).toEqual(['account:manage']);
    const managed = sdkFor(mock, { apiKey: manager.api_key }).odds;
    expect((await managed.keys.list()).map((k) => k.name).sort()).toEqual(['Primary key', 'manager', 'reader'].sort());
    await expect(managed.catalog.sports()).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it('create(): a sixth active key is ConflictError key_limit_reached; a bad body is InvalidParametersError', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    for (let i = 0; i < 4; i++) await odds.keys.create({ name: `k${i}` });
    const error = await rejectionOf(odds.keys.create({ name: 'sixth' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe('key_limit_reached');

    const bad = await rejectionOf(odds.keys.create({ name: '' }));
    expect(bad).toBeInstanceOf(InvalidParametersError);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect((bad as InvalidParametersError).sent).toBe(true);
  });

  it('create(): not retried after a lost answer (a retry would make a second key)', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'keys.create', drop: 'after_commit' });
    const { odds, seen } = sdkFor(mock);
    await expect(odds.keys.create({ name: 'lost' })).rejects.toBeInstanceOf(ConnectionError);
    expect(seen.requests.filter((r) => r.routeId === 'keys.create')).toHaveLength(1);
    expect((await odds.keys.list()).filter((k) => k.name === 'lost')).toHaveLength(1);
  });

  it('revoke(): the revoked record, the same again, and the key stops working', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const created = await odds.keys.create({ name: 'temp' });
    const revoked = await odds.keys.revoke(created.id);
    expect(revoked).toMatchObject({ id: created.id, status: 'revoked' });
    expect(revoked.revoked_at).not.toBeNull();
    expect(await odds.keys.revoke(created.id)).toEqual(revoked);
    await expect(sdkFor(mock, { apiKey: created.api_key }).odds.catalog.sports()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('revoke(): a malformed id is refused locally, an unknown one is NotFoundError', async () => {
    const mock = newMock();
    const wire = spyFetch();
    const { odds } = sdkFor(mock, { fetch: wire.fetch });
    const local = await rejectionOf(odds.keys.revoke('not-a-key-id'));
    expect(local).toBeInstanceOf(InvalidParametersError);
    expect((local as InvalidParametersError).sent).toBe(false);
    expect(wire.sent).toHaveLength(0);
    await expect(odds.keys.revoke(`key_${'0'.repeat(32)}`)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("revoking the client's own key locks it out (recovery is then the way back)", async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const [own] = await odds.keys.list();
    await odds.keys.revoke(own!.id);
    await expect(odds.keys.list()).rejects.toBeInstanceOf(AuthenticationError);
  });
});
