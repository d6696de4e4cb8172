import { afterEach, describe, expect, it } from 'vitest';
import { createMockService, type MockService } from '../../mocks';
import { useSha256 } from '../../mocks/service/state/crypto';

/**
 * The mock remembers the SHA-256 of the keys it saw last, so that a request with a key seen before needs no digest
 * (under MSW, Web Crypto's digest is most of what a request costs the mock). The digest is only what a key is looked up by:
 * every answer stays what it would have been with a digest made afresh.
 */

const NOW = '2026-11-21T15:00:00Z';
const SPORTS = '/v1/catalog/sports';
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
/** Web Crypto's digest, as the environment-free mock makes it, counted. */
let digests = 0;
const counted = async (text: string) => {
  digests++;
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
};
useSha256(counted);
afterEach(() => {
  digests = 0;
});

const status = async (mock: MockService, key: string, path = SPORTS) => {
  const res = await mock.fetch(`${mock.baseUrl}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  return res.status;
};
const codeOf = async (res: Response) => ((await res.json()) as { error?: { code?: string } }).error?.code;

describe('the digests of the keys seen last', () => {
  it('digests a key once: its next requests are looked up by the digest kept', async () => {
    const mock = createMockService({ now: NOW });
    await mock.ready;
    const { apiKey } = await mock.createAccount({ email: 'digest@example.com', plan: 'pro' });
    digests = 0;
    expect(await status(mock, apiKey)).toBe(200);
    expect(digests).toBe(1);
    for (let i = 0; i < 3; i++) expect(await status(mock, apiKey, '/v1/account')).toBe(200);
    expect(digests).toBe(1);
  });

  it('refuses a key revoked after it was seen, on its very next request', async () => {
    const mock = createMockService({ now: NOW });
    await mock.ready;
    const { id, apiKey } = await mock.createKey(mock.demoEmail);
    expect(await status(mock, apiKey)).toBe(200);
    mock.revokeKey(id);
    const res = await mock.fetch(`${mock.baseUrl}${SPORTS}`, { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(res.status).toBe(401);
    expect(await codeOf(res)).toBe('invalid_api_key');
  });

  it('refuses a key seen before a reset that the seeded state does not have; the fixed demo key still works', async () => {
    const demoKey = `svc_live_${'d'.repeat(32)}`;
    const mock = createMockService({ now: NOW, demoAccount: { apiKey: demoKey } });
    await mock.ready;
    const { apiKey } = await mock.createKey(mock.demoEmail);
    expect(await status(mock, apiKey)).toBe(200);
    await mock.reset();
    expect(await status(mock, apiKey)).toBe(401);
    expect(await status(mock, demoKey)).toBe(200);
  });

  it('answers every key of many more than it keeps as a fresh digest would: its own account, each time', async () => {
    const mock = createMockService({ now: NOW });
    await mock.ready;
    const keys: { email: string; apiKey: string }[] = [];
    for (let i = 0; i < 80; i++) keys.push(await mock.createAccount({ email: `many-${i}@example.com` }));
    digests = 0;
    for (let round = 0; round < 2; round++) {
      for (const { email, apiKey } of keys) {
        const res = await mock.fetch(`${mock.baseUrl}/v1/account`, { headers: { Authorization: `Bearer ${apiKey}` } });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { email: string }).email).toBe(email);
      }
    }
    // Past the 64 kept, the oldest are digested again: never a wrong account, never a store growing with keys.
    expect(digests).toBeGreaterThan(keys.length);
  });
});
