import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AccountRecoveryAccepted, AccountRecoverySuccess, ApiKeyList } from '../../src/schemas';
import type { MockService } from '../../mocks';
import { turn } from '../helpers/gate';
import { call, codeOf, useMockServer, type Answer } from '../helpers/mock-server';

const newMock = useMockServer();

const MIN = 60_000;
const HOUR = 3_600_000;
const REQUESTS = '/v1/recovery/requests';
const CLAIMS = '/v1/recovery/claims';
const SPORTS = '/v1/catalog/sports';
const RCV = /^rcv_[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;
const iso = (ms: number) => new Date(ms).toISOString();
const postJson = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...extra },
  body: JSON.stringify(body),
});

const request = (mock: MockService, email: string, challenge: string) =>
  call(mock, REQUESTS, { key: null, ...postJson({ email, challenge_token: challenge }) });
const requestFresh = async (mock: MockService, email = mock.demoEmail) => request(mock, email, await mock.issueChallenge());
const recoveryLinks = async (mock: MockService, to?: string) =>
  (await mock.outbox()).filter((m) => m.kind === 'recovery' && (to === undefined || m.to === to));
const claimRecovery = (mock: MockService, token: string) =>
  call<AccountRecoverySuccess>(mock, CLAIMS, { key: null, ...postJson({ recovery_token: token }) });
const tokenOf = (link: string) => {
  const url = new URL(link);
  expect(url.search).toBe('');
  const token = new URLSearchParams(url.hash.slice(1)).get('token');
  expect(token).not.toBeNull();
  return token!;
};
const inventory = async (mock: MockService, key: string) => {
  const answer = await call(mock, '/v1/account/keys', { key });
  expect(answer.status).toBe(200);
  return z.parse(ApiKeyList, answer.body);
};
const status = async (mock: MockService, key: string, path = SPORTS) => (await call(mock, path, { key })).status;
const noSecrets = (answer: Answer, secrets: string[]) => {
  const text = JSON.stringify(answer.body);
  for (const secret of secrets) expect(text).not.toContain(secret);
};

/**
 * Makes an account eligible for recovery: a data:read key to observe it, then its account:manage
 * primary key revoked (through the API, with that key itself).
 */
async function eligible(mock: MockService, email = mock.demoEmail, primaryKey = mock.apiKey) {
  const reader = await mock.createKey(email, { name: 'reader' });
  const keys = await inventory(mock, primaryKey);
  const primary = keys.find((k) => k.name === 'Primary key')!;
  expect((await call(mock, `/v1/account/keys/${primary.id}/revoke`, { key: primaryKey, method: 'POST' })).status).toBe(200);
  return reader;
}

/** Requests recovery with a fresh challenge and returns the token of the newest link to `email`. */
async function linkFor(mock: MockService, email = mock.demoEmail) {
  expect((await requestFresh(mock, email)).status).toBe(202);
  const links = await recoveryLinks(mock, email);
  expect(links.length).toBeGreaterThan(0);
  return tokenOf(links[links.length - 1]!.link);
}

describe('POST /v1/recovery/requests', () => {
  it('answers the same 202 accepted for existing, unknown, unverified and ineligible addresses, and mails only the eligible one', async () => {
    const mock = newMock();
    await eligible(mock);
    const unverified = await mock.createAccount({ email: 'unverified@example.com', recoveryEmailVerified: false });
    await eligible(mock, unverified.email, unverified.apiKey);
    const managed = await mock.createAccount({ email: 'managed@example.com', recoveryEmailVerified: true });
    const suspended = await mock.createAccount({ email: 'suspended@example.com', recoveryEmailVerified: true });
    await eligible(mock, suspended.email, suspended.apiKey);
    await mock.updateAccount(suspended.email, { status: 'suspended' });

    const emails = [mock.demoEmail, 'nobody@example.com', unverified.email, managed.email, suspended.email];
    const answers: Answer[] = [];
    for (const email of emails) answers.push(await requestFresh(mock, email));
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(z.parse(AccountRecoveryAccepted, answer.body).status).toBe('accepted');
      expect(JSON.stringify(answer.body)).toBe(JSON.stringify(answers[0]!.body));
      expect(answer.headers.get('Set-Cookie')).toBeNull();
    }
    expect(Object.keys(answers[0]!.body as object).sort()).toEqual(['message', 'status']);
    const links = await recoveryLinks(mock);
    expect(links.map((m) => m.to)).toEqual([mock.demoEmail]);
  });

  it('outbox() holds the mail of every answered request, even while an earlier resolution is still running', async () => {
    const mock = await newMock();
    await eligible(mock);
    for (let i = 0; i < 20; i++) {
      expect((await requestFresh(mock)).status).toBe(202);
      // The asynchronous resolution has taken the queue and may still be hashing the token.
      await turn();
      expect(await recoveryLinks(mock)).toHaveLength(i + 1);
    }
  });

  it('mails a link to the first-party /recover page with the token in the URL fragment, never a key', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const reader = await eligible(mock);
    await requestFresh(mock);
    const links = await recoveryLinks(mock);
    expect(links.length).toBe(1);
    const [message] = links;
    expect(message).toMatchObject({ to: mock.demoEmail, kind: 'recovery', sent_at: iso(t0) });
    expect(message!.link.startsWith(`${mock.baseUrl}/recover#token=rcv_`)).toBe(true);
    expect(tokenOf(message!.link)).toMatch(RCV);
    const text = JSON.stringify(await mock.outbox());
    for (const key of [mock.apiKey, reader.apiKey]) expect(text).not.toContain(key);
  });

  it('refuses a reused, foreign, missing, unknown or expired bot challenge with 403 challenge_failed and mails nothing for it', async () => {
    const mock = newMock();
    await eligible(mock);
    const used = await mock.issueChallenge();
    expect((await request(mock, mock.demoEmail, used)).status).toBe(202);
    const otherAction = await mock.issueChallenge({ action: 'login' });
    const otherHost = await mock.issueChallenge({ hostname: 'evil.test' });
    const expired = await mock.issueChallenge();
    const unknown = `chl_${'A'.repeat(43)}`;
    const refused = [
      await request(mock, mock.demoEmail, used),
      await request(mock, mock.demoEmail, otherAction),
      await request(mock, mock.demoEmail, otherHost),
      await request(mock, mock.demoEmail, unknown),
    ];
    mock.clock.advance(HOUR);
    refused.push(await request(mock, mock.demoEmail, expired));
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(codeOf(answer)).toBe('challenge_failed');
      noSecrets(answer, [used, otherAction, otherHost, expired, unknown]);
    }
    expect((await recoveryLinks(mock)).length).toBe(1);
  });

  it('refuses a missing bot challenge, absent or empty, with 403 challenge_failed before looking at the rest (docs/service.md, Credential delivery)', async () => {
    const mock = newMock();
    await eligible(mock);
    for (const body of [
      { email: mock.demoEmail, challenge_token: '' },
      { email: mock.demoEmail },
      { email: 'not-an-email' },
      {},
      { email: mock.demoEmail, extra: 1 },
    ]) {
      const answer = await call(mock, REQUESTS, { key: null, ...postJson(body) });
      expect(answer.status, JSON.stringify(body)).toBe(403);
      expect(codeOf(answer)).toBe('challenge_failed');
    }
    expect(await recoveryLinks(mock)).toEqual([]);
  });

  it('refuses a malformed body (400) or one not sent as JSON (415)', async () => {
    const mock = newMock();
    const challenge = await mock.issueChallenge();
    for (const body of [
      { email: 'not-an-email', challenge_token: challenge },
      { email: `${'a'.repeat(250)}@example.com`, challenge_token: challenge },
      { email: mock.demoEmail, challenge_token: 7 },
      { email: mock.demoEmail, challenge_token: challenge, extra: 1 },
      [],
    ]) {
      const answer = await call(mock, REQUESTS, { key: null, ...postJson(body) });
      expect(answer.status).toBe(400);
      expect(codeOf(answer)).toBe('invalid_parameters');
      noSecrets(answer, [challenge]);
    }
    const plain = await call(mock, REQUESTS, {
      key: null,
      method: 'POST',
      body: JSON.stringify({ email: mock.demoEmail, challenge_token: challenge }),
    });
    expect(plain.status).toBe(415);
  });

  it('issues nothing for an unverified mailbox', async () => {
    const mock = newMock();
    const account = await mock.createAccount({ email: 'unverified@example.com', recoveryEmailVerified: false });
    await eligible(mock, account.email, account.apiKey);
    expect((await requestFresh(mock, account.email)).status).toBe(202);
    expect(await recoveryLinks(mock)).toEqual([]);
  });

  it('issues nothing while an active account:manage key remains, even a manage-only one', async () => {
    const mock = newMock();
    expect((await requestFresh(mock)).status).toBe(202);
    expect(await recoveryLinks(mock)).toEqual([]);
    await eligible(mock);
    const manager = await mock.createKey(mock.demoEmail, { name: 'manager', scopes: ['account:manage'] });
    expect((await requestFresh(mock)).status).toBe(202);
    expect(await recoveryLinks(mock)).toEqual([]);
    // Once that key is gone, a link is issued.
    expect((await call(mock, `/v1/account/keys/${manager.id}/revoke`, { key: manager.apiKey, method: 'POST' })).status).toBe(200);
    await requestFresh(mock);
    expect((await recoveryLinks(mock)).length).toBe(1);
  });

  it.each(['suspended', 'canceled', 'expired', 'held', 'reconciliation_required'] as const)(
    'issues nothing for a %s account',
    async (accountStatus) => {
      const mock = newMock();
      await eligible(mock);
      await mock.updateAccount(mock.demoEmail, { status: accountStatus });
      expect((await requestFresh(mock)).status).toBe(202);
      expect(await recoveryLinks(mock)).toEqual([]);
    },
  );

  it('issues a link for a past_due account (inside its grace window)', async () => {
    const mock = newMock();
    await eligible(mock);
    await mock.updateAccount(mock.demoEmail, { status: 'past_due' });
    await requestFresh(mock);
    expect((await recoveryLinks(mock)).length).toBe(1);
  });
});

describe('POST /v1/recovery/claims', () => {
  it('revokes every key and creates exactly one replacement with both scopes', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const reader = await eligible(mock);
    const reader2 = await mock.createKey(mock.demoEmail, { name: 'reader 2' });
    const token = await linkFor(mock);
    mock.clock.advance(5 * MIN);
    const answer = await claimRecovery(mock, token);
    expect(answer.status).toBe(200);
    const body = z.parse(AccountRecoverySuccess, answer.body);
    expect(Object.keys(answer.body).sort()).toEqual(['api_key', 'message', 'recovery_expires_at', 'scopes']);
    expect(body.scopes).toEqual(['data:read', 'account:manage']);
    expect(body.recovery_expires_at).toBe(iso(t0 + 15 * MIN));
    expect(body.api_key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);

    for (const old of [reader.apiKey, reader2.apiKey, mock.apiKey]) {
      const refused = await call(mock, SPORTS, { key: old });
      expect(refused.status).toBe(401);
      expect(codeOf(refused)).toBe('invalid_api_key');
    }
    expect(await status(mock, body.api_key)).toBe(200);
    expect(await status(mock, body.api_key, '/v1/account')).toBe(200);
    const keys = await inventory(mock, body.api_key);
    expect(keys.length).toBe(4);
    const active = keys.filter((k) => k.status === 'active');
    expect(active.length).toBe(1);
    expect(active[0]).toMatchObject({ prefix: body.api_key.slice(0, 13), scopes: ['data:read', 'account:manage'] });
    // The replacement is shown only on the page, never e-mailed.
    expect(JSON.stringify(await mock.outbox())).not.toContain(body.api_key);
  });

  it('lasts 30 minutes: 410 token_expired from then on, and the keys stay as they were', async () => {
    for (const [after, expected] of [
      [30 * MIN - 1, 200],
      [30 * MIN, 410],
    ] as const) {
      const mock = newMock();
      const reader = await eligible(mock);
      const token = await linkFor(mock);
      mock.clock.advance(after);
      const answer = await claimRecovery(mock, token);
      expect(answer.status).toBe(expected);
      if (expected === 410) {
        expect(codeOf(answer)).toBe('token_expired');
        noSecrets(answer, [token]);
        expect(await status(mock, reader.apiKey)).toBe(200);
      }
    }
  });

  it('dies when the mailbox changes (410)', async () => {
    const mock = newMock();
    const reader = await eligible(mock);
    const token = await linkFor(mock);
    await mock.updateAccount(mock.demoEmail, { email: 'new-owner@example.com' });
    const answer = await claimRecovery(mock, token);
    expect(answer.status).toBe(410);
    expect(codeOf(answer)).toBe('token_expired');
    expect(await status(mock, reader.apiKey)).toBe(200);
  });

  it('dies when the recovery-authority generation advances, even with the same address back (410)', async () => {
    const mock = newMock();
    const reader = await eligible(mock);
    const token = await linkFor(mock);
    await mock.updateAccount(mock.demoEmail, { email: 'elsewhere@example.com' });
    await mock.updateAccount('elsewhere@example.com', { email: mock.demoEmail });
    const answer = await claimRecovery(mock, token);
    expect(answer.status).toBe(410);
    expect(codeOf(answer)).toBe('token_expired');
    expect(await status(mock, reader.apiKey)).toBe(200);
  });

  it('replays the same key to the exact same token for 10 minutes, then 409 token_used', async () => {
    const mock = newMock();
    await eligible(mock);
    const token = await linkFor(mock);
    const first = await claimRecovery(mock, token);
    expect(first.status).toBe(200);
    mock.clock.advance(10 * MIN - 1);
    const replay = await claimRecovery(mock, token);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    const keys = await inventory(mock, first.body.api_key);
    expect(keys.filter((k) => k.status === 'active').map((k) => k.prefix)).toEqual([first.body.api_key.slice(0, 13)]);

    mock.clock.advance(1);
    const late = await claimRecovery(mock, token);
    expect(late.status).toBe(409);
    expect(codeOf(late)).toBe('token_used');
    noSecrets(late, [token, first.body.api_key]);
    expect(await status(mock, first.body.api_key)).toBe(200);
  });

  it('replays for the full 10 minutes even when the link itself runs out meanwhile', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    await eligible(mock);
    const token = await linkFor(mock);
    mock.clock.advance(29 * MIN);
    const first = await claimRecovery(mock, token);
    expect(first.status).toBe(200);
    expect(first.body.recovery_expires_at).toBe(iso(t0 + 39 * MIN));
    mock.clock.advance(5 * MIN); // 34 minutes after issue, 5 after the claim
    const replay = await claimRecovery(mock, token);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
  });

  it('refuses the retry once the mailbox changed after the claim (410)', async () => {
    const mock = newMock();
    await eligible(mock);
    const token = await linkFor(mock);
    const first = await claimRecovery(mock, token);
    expect(first.status).toBe(200);
    await mock.updateAccount(mock.demoEmail, { email: 'moved@example.com' });
    const retry = await claimRecovery(mock, token);
    expect(retry.status).toBe(410);
    expect(codeOf(retry)).toBe('token_expired');
    noSecrets(retry, [first.body.api_key]);
  });

  it('answers simultaneous exact claims with the same single replacement', async () => {
    const mock = newMock();
    await eligible(mock);
    const token = await linkFor(mock);
    const answers = await Promise.all([claimRecovery(mock, token), claimRecovery(mock, token), claimRecovery(mock, token)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.api_key)).size).toBe(1);
    expect((await inventory(mock, answers[0]!.body.api_key)).filter((k) => k.status === 'active').length).toBe(1);
  });

  it('refuses a claim for an account that became ineligible (403 recovery_unavailable) without consuming the link', async () => {
    const mock = newMock();
    const reader = await eligible(mock);
    const token = await linkFor(mock);

    const manager = await mock.createKey(mock.demoEmail, { name: 'manager', scopes: ['account:manage'] });
    const withManager = await claimRecovery(mock, token);
    expect(withManager.status).toBe(403);
    expect(codeOf(withManager)).toBe('recovery_unavailable');
    noSecrets(withManager, [token, manager.apiKey]);
    expect(await status(mock, manager.apiKey, '/v1/account')).toBe(200);
    expect(await status(mock, reader.apiKey)).toBe(200);
    expect((await call(mock, `/v1/account/keys/${manager.id}/revoke`, { key: manager.apiKey, method: 'POST' })).status).toBe(200);

    await mock.updateAccount(mock.demoEmail, { status: 'suspended' });
    const suspended = await claimRecovery(mock, token);
    expect(suspended.status).toBe(403);
    expect(codeOf(suspended)).toBe('recovery_unavailable');

    await mock.updateAccount(mock.demoEmail, { status: 'active' });
    expect((await claimRecovery(mock, token)).status).toBe(200);
  });

  it('leaves a second outstanding link unusable once the first was claimed (the replacement holds account:manage)', async () => {
    const mock = newMock();
    await eligible(mock);
    const first = await linkFor(mock);
    const second = await linkFor(mock);
    expect(first).not.toBe(second);
    const claimed = await claimRecovery(mock, first);
    expect(claimed.status).toBe(200);
    const other = await claimRecovery(mock, second);
    expect(other.status).toBe(403);
    expect(codeOf(other)).toBe('recovery_unavailable');
    expect(await status(mock, claimed.body.api_key)).toBe(200);
  });

  it('refuses a token in the query string with 400 and does not consume it', async () => {
    const mock = newMock();
    await eligible(mock);
    const token = await linkFor(mock);
    for (const body of [{}, { recovery_token: token }]) {
      const answer = await call(mock, `${CLAIMS}?recovery_token=${token}`, { key: null, ...postJson(body) });
      expect(answer.status).toBe(400);
      noSecrets(answer, [token]);
    }
    const later = await claimRecovery(mock, token);
    expect(later.status).toBe(200);
  });

  it.each([
    ['a short token', 'rcv_short'],
    ['impossible trailing bits', `rcv_${'A'.repeat(42)}B`],
    ['a token of another kind', `emv_${'A'.repeat(43)}`],
    ['an empty token', ''],
  ])('refuses %s with 400 invalid_token', async (_label, token) => {
    const mock = newMock();
    const answer = await claimRecovery(mock, token);
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('invalid_token');
    if (token.length > 8) noSecrets(answer, [token]);
  });

  it('refuses an unknown well-formed token, a missing token, and a recovery token on the verification route with 400 invalid_token', async () => {
    const mock = newMock();
    await eligible(mock);
    const token = await linkFor(mock);
    const unknown = await claimRecovery(mock, `rcv_${'A'.repeat(43)}`);
    expect(unknown.status).toBe(400);
    expect(codeOf(unknown)).toBe('invalid_token');
    const missing = await call(mock, CLAIMS, { key: null, ...postJson({}) });
    expect(missing.status).toBe(400);
    expect(codeOf(missing)).toBe('invalid_token');
    const elsewhere = await call(mock, '/v1/recovery-email/verifications', { key: null, ...postJson({ verification_token: token }) });
    expect(elsewhere.status).toBe(400);
    expect(codeOf(elsewhere)).toBe('invalid_token');
    noSecrets(elsewhere, [token]);
    // None of that consumed the real link.
    expect((await claimRecovery(mock, token)).status).toBe(200);
  });
});
