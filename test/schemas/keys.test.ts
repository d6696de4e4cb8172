import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_PATTERN,
  ApiKey,
  ApiKeyCreated,
  ApiKeyList,
  ApiKeySecret,
  APIKeyScopes,
  BOTH_SCOPES,
  CreateKeyRequest,
  IdempotencyKey,
  KeyId,
  KeyIdParam,
  KeyRotationSuccess,
  RotationNonce,
  Scope,
  SCOPES,
} from '../../src/schemas';
import { expectFail, expectOk, tokenContract } from './fixtures';

const ALNUM32 = 'Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4Z';
const apiKey = `svc_live_${ALNUM32}`;
const keyId = `key_${'0123456789abcdef'.repeat(2)}`;

const record = {
  id: keyId,
  name: 'ingest worker',
  prefix: 'svc_live_Ab3d',
  scopes: ['data:read'],
  status: 'active',
  created_at: '2026-11-01T10:00:00Z',
  last_used_at: '2026-11-21T17:59:01.123Z',
  revoked_at: null,
};

describe('Scope and APIKeyScopes (docs/service.md, Account and key routes)', () => {
  it('has the two scopes', () => {
    expect([...SCOPES]).toEqual(['data:read', 'account:manage']);
    expect(BOTH_SCOPES).toEqual(['data:read', 'account:manage']);
    expectFail(Scope, 'admin');
  });

  it('accepts 1 or 2 unique scopes in either order', () => {
    for (const scopes of [['data:read'], ['account:manage'], ['data:read', 'account:manage'], ['account:manage', 'data:read']]) {
      expect(expectOk(APIKeyScopes, scopes)).toEqual(scopes);
    }
  });

  it('rejects an empty array', () => {
    expectFail(APIKeyScopes, []);
  });

  it('rejects a duplicate scope', () => {
    expectFail(APIKeyScopes, ['data:read', 'data:read']);
    expectFail(APIKeyScopes, ['account:manage', 'account:manage']);
  });

  it('rejects three scopes', () => {
    expectFail(APIKeyScopes, ['data:read', 'account:manage', 'data:read']);
  });

  it('rejects an unknown scope', () => {
    expectFail(APIKeyScopes, ['data:write']);
    expectFail(APIKeyScopes, ['data:read', 'admin']);
    expectFail(APIKeyScopes, 'data:read');
  });
});

describe('ApiKeySecret (docs/service.md, Numeric codes and identifiers: svc_live_ + 32 [A-Za-z0-9])', () => {
  it('accepts svc_live_ + 32 alphanumerics', () => {
    expectOk(ApiKeySecret, apiKey);
    expectOk(ApiKeySecret, `svc_live_${'0'.repeat(32)}`);
    expect(API_KEY_PATTERN.test(apiKey)).toBe(true);
  });

  it('rejects 31 or 33 characters, other characters, and other prefixes', () => {
    expectFail(ApiKeySecret, apiKey.slice(0, -1));
    expectFail(ApiKeySecret, `${apiKey}x`);
    expectFail(ApiKeySecret, `svc_live_${ALNUM32.slice(0, 31)}_`);
    expectFail(ApiKeySecret, `svc_live_${ALNUM32.slice(0, 31)}-`);
    expectFail(ApiKeySecret, `svc_test_${ALNUM32}`);
    expectFail(ApiKeySecret, `SVC_LIVE_${ALNUM32}`);
    expectFail(ApiKeySecret, ALNUM32);
    expectFail(ApiKeySecret, `Bearer ${apiKey}`);
  });
});

describe('KeyId (docs/service.md, Numeric codes and identifiers: key_ + 32 lowercase hex)', () => {
  it('accepts key_ + 32 lowercase hex', () => {
    expectOk(KeyId, keyId);
    expectOk(KeyIdParam, keyId);
  });

  it('rejects uppercase hex, wrong length, non-hex and wrong prefix', () => {
    expectFail(KeyId, keyId.toUpperCase());
    expectFail(KeyId, `key_${'0123456789ABCDEF'.repeat(2)}`);
    expectFail(KeyId, `key_${'a'.repeat(31)}`);
    expectFail(KeyId, `key_${'a'.repeat(33)}`);
    expectFail(KeyId, `key_${'g'.repeat(32)}`);
    expectFail(KeyId, `req_${'a'.repeat(32)}`);
    expectFail(KeyIdParam, 'abc');
  });
});

describe('ApiKey record (docs/service.md, Account and key routes)', () => {
  it('accepts an active and a revoked record', () => {
    expect(expectOk(ApiKey, record)).toEqual(record);
    const revoked = { ...record, status: 'revoked', last_used_at: null, revoked_at: '2026-11-21T18:00:00Z' };
    expect(expectOk(ApiKey, revoked)).toEqual(revoked);
  });

  it('requires every field (last_used_at and revoked_at nullable, not optional)', () => {
    for (const key of Object.keys(record)) {
      const { [key as keyof typeof record]: _omitted, ...rest } = record;
      expectFail(ApiKey, rest, [key]);
    }
  });

  it('prefix is svc_live_ + the first 4 random characters', () => {
    expectOk(ApiKey, { ...record, prefix: 'svc_live_0aZ9' });
    for (const bad of ['svc_live_Ab3', 'svc_live_Ab3dE', 'svc_test_Ab3d', 'svc_live_Ab_d', apiKey]) {
      expectFail(ApiKey, { ...record, prefix: bad }, ['prefix']);
    }
  });

  it('status is active or revoked', () => {
    expectFail(ApiKey, { ...record, status: 'expired' }, ['status']);
  });

  it('id is a key id and scopes are APIKeyScopes', () => {
    expectFail(ApiKey, { ...record, id: keyId.toUpperCase() }, ['id']);
    expectFail(ApiKey, { ...record, scopes: [] }, ['scopes']);
  });

  it('never carries the plaintext key', () => {
    expect(ApiKey.shape).not.toHaveProperty('api_key');
    expect(expectOk(ApiKey, { ...record, api_key: apiKey })).not.toHaveProperty('api_key');
  });

  it('ApiKeyList is an array of records', () => {
    expect(expectOk(ApiKeyList, [record, { ...record, name: 'b' }])).toHaveLength(2);
    expectOk(ApiKeyList, []);
    expectFail(ApiKeyList, [{ ...record, prefix: 'x' }], [0, 'prefix']);
  });
});

describe('CreateKeyRequest (docs/service.md, Account and key routes)', () => {
  it('accepts a name with optional scopes', () => {
    expect(expectOk(CreateKeyRequest, { name: 'reporting' })).toEqual({ name: 'reporting' });
    expectOk(CreateKeyRequest, { name: 'admin', scopes: ['data:read', 'account:manage'] });
    expectOk(CreateKeyRequest, { name: 'admin only', scopes: ['account:manage'] });
  });

  it('is strict: an unknown field is rejected', () => {
    expectFail(CreateKeyRequest, { name: 'x', expires_at: '2027-01-01T00:00:00Z' });
    expectFail(CreateKeyRequest, { name: 'x', scope: 'data:read' });
  });

  it('requires a name and valid scopes', () => {
    expectFail(CreateKeyRequest, {}, ['name']);
    expectFail(CreateKeyRequest, { name: 'x', scopes: [] }, ['scopes']);
    expectFail(CreateKeyRequest, { name: 'x', scopes: ['data:read', 'data:read'] }, ['scopes']);
    expectFail(CreateKeyRequest, { name: 'x', scopes: ['billing'] });
  });
});

describe('ApiKeyCreated', () => {
  it('is the record plus the plaintext api_key', () => {
    const created = { ...record, api_key: apiKey };
    expect(expectOk(ApiKeyCreated, created)).toEqual(created);
    expectFail(ApiKeyCreated, record, ['api_key']);
    expectFail(ApiKeyCreated, { ...record, api_key: 'svc_live_short' }, ['api_key']);
  });
});

describe('IdempotencyKey / RotationNonce (docs/service.md, Authentication, keys and scopes: rot_ + base64url of 32 bytes)', () => {
  tokenContract(IdempotencyKey, 'rot_', 'rcv_');

  describe('RotationNonce', () => {
    tokenContract(RotationNonce, 'rot_', 'clm_');
  });

  it('explains the format when rejecting', () => {
    const result = z.safeParse(IdempotencyKey, 'rot_short');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/rot_/);
  });
});

describe('KeyRotationSuccess (docs/service.md, Credential delivery)', () => {
  const rotated = {
    api_key: apiKey,
    scopes: ['data:read', 'account:manage'],
    recovery_expires_at: '2026-11-21T18:15:00Z',
    message: 'The old key is revoked.',
  };

  it('accepts a rotation answer', () => {
    expect(expectOk(KeyRotationSuccess, rotated)).toEqual(rotated);
  });

  it('requires every field', () => {
    for (const key of Object.keys(rotated)) {
      const { [key as keyof typeof rotated]: _omitted, ...rest } = rotated;
      expectFail(KeyRotationSuccess, rest, [key]);
    }
  });

  it('refuses a malformed key or expiry', () => {
    expectFail(KeyRotationSuccess, { ...rotated, api_key: `svc_live_${'a'.repeat(31)}` }, ['api_key']);
    expectFail(KeyRotationSuccess, { ...rotated, recovery_expires_at: 'in 15 minutes' }, ['recovery_expires_at']);
  });
});
