import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Account, RecoveryEmailVerificationAccepted, RecoveryEmailVerificationSuccess } from '../../src/schemas';
import type { MockService } from '../../mocks';
import { call, codeOf, useMockServer, type Answer } from '../helpers/mock-server';

const newMock = useMockServer();

const MIN = 60_000;
const HOUR = 3_600_000;
const RESEND = '/v1/account/recovery-email/verification/resend';
const VERIFY = '/v1/recovery-email/verifications';
const EMV = /^emv_[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;
const iso = (ms: number) => new Date(ms).toISOString();
const postJson = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...extra },
  body: JSON.stringify(body),
});

const resend = (mock: MockService, key: string) => call(mock, RESEND, { key, ...postJson({}) });
const verify = (mock: MockService, token: string) => call(mock, VERIFY, { key: null, ...postJson({ verification_token: token }) });
const verifications = async (mock: MockService, to?: string) =>
  (await mock.outbox()).filter((m) => m.kind === 'verification' && (to === undefined || m.to === to));
/** The token of a link: only in the URL fragment, never in the query. */
const tokenOf = (link: string) => {
  const url = new URL(link);
  expect(url.search).toBe('');
  const token = new URLSearchParams(url.hash.slice(1)).get('token');
  expect(token).not.toBeNull();
  return token!;
};
const accountOf = async (mock: MockService, key: string) => z.parse(Account, (await call(mock, '/v1/account', { key })).body);
const noSecrets = (answer: Answer, secrets: string[]) => {
  const text = JSON.stringify(answer.body);
  for (const secret of secrets) expect(text).not.toContain(secret);
};

/** An account whose mailbox still needs verification. */
const unverified = (mock: MockService, email = 'new@example.com') =>
  mock.createAccount({ email, plan: 'starter', recoveryEmailVerified: false });

describe('POST /v1/account/recovery-email/verification/resend', () => {
  it('accepts exactly {} sent as application/json with the generic 202', async () => {
    const mock = newMock();
    const { apiKey } = await unverified(mock);
    const answer = await resend(mock, apiKey);
    expect(answer.status).toBe(202);
    expect(z.parse(RecoveryEmailVerificationAccepted, answer.body).status).toBe('accepted');
    expect(Object.keys(answer.body as object).sort()).toEqual(['message', 'status']);
    expect(answer.headers.get('X-Credits-Cost')).toBeNull();
    const withCharset = await call(mock, RESEND, {
      key: apiKey,
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{}',
    });
    expect(withCharset.status).toBe(202);
  });

  it.each([
    ['no content type', undefined, '{}'],
    ['text/plain', 'text/plain', '{}'],
    ['a form', 'application/x-www-form-urlencoded', 'a=1'],
  ])('refuses a body with %s: 415 unsupported_media_type, nothing sent', async (_label, contentType, body) => {
    const mock = newMock();
    const { apiKey, email } = await unverified(mock);
    const answer = await call(mock, RESEND, {
      key: apiKey,
      method: 'POST',
      body,
      ...(contentType === undefined ? {} : { headers: { 'Content-Type': contentType } }),
    });
    expect(answer.status).toBe(415);
    expect(codeOf(answer)).toBe('unsupported_media_type');
    expect(await verifications(mock, email)).toEqual([]);
  });

  it.each(['', '{"email":"x@example.com"}', '[]', 'null', '"{}"', '{', '{"a":1}'])(
    'refuses the JSON body %j with 400 invalid_parameters, nothing sent',
    async (body) => {
      const mock = newMock();
      const { apiKey, email } = await unverified(mock);
      const answer = await call(mock, RESEND, { key: apiKey, method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      expect(answer.status).toBe(400);
      expect(codeOf(answer)).toBe('invalid_parameters');
      expect(await verifications(mock, email)).toEqual([]);
    },
  );

  it('sends one real link per 10 minutes, durably, and always answers the same 202', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const { apiKey, email } = await unverified(mock);
    const bodies: unknown[] = [];
    const step = async () => {
      const answer = await resend(mock, apiKey);
      expect(answer.status).toBe(202);
      bodies.push(answer.body);
    };
    await step();
    expect((await verifications(mock, email)).length).toBe(1);
    await step();
    mock.clock.advance(10 * MIN - 1);
    await step();
    expect((await verifications(mock, email)).length).toBe(1);
    mock.clock.advance(1);
    await step();
    await step();
    const sent = await verifications(mock, email);
    expect(sent.length).toBe(2);
    expect(sent.map((m) => m.sent_at)).toEqual([iso(t0), iso(t0 + 10 * MIN)]);
    for (const m of sent) {
      expect(m.to).toBe(email);
      expect(m.link.startsWith(`${mock.baseUrl}/verify-recovery-email#token=`)).toBe(true);
      expect(tokenOf(m.link)).toMatch(EMV);
    }
    expect(tokenOf(sent[0]!.link)).not.toBe(tokenOf(sent[1]!.link));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
  });

  it('sends nothing once the mailbox is verified, with the same 202', async () => {
    const mock = newMock();
    const pending = await unverified(mock);
    const waiting = await resend(mock, pending.apiKey);
    const answer = await resend(mock, mock.apiKey);
    mock.clock.advance(HOUR);
    const later = await resend(mock, mock.apiKey);
    expect([answer.status, later.status]).toEqual([202, 202]);
    expect(answer.body).toEqual(waiting.body);
    expect(later.body).toEqual(waiting.body);
    expect(await verifications(mock, mock.demoEmail)).toEqual([]);

    // ...and nothing after verifying either.
    expect((await verify(mock, tokenOf((await verifications(mock, pending.email))[0]!.link))).status).toBe(200);
    mock.clock.advance(HOUR);
    expect((await resend(mock, pending.apiKey)).body).toEqual(waiting.body);
    expect((await verifications(mock, pending.email)).length).toBe(1);
  });
});

describe('POST /v1/recovery-email/verifications (docs/service.md, Credential delivery)', () => {
  it('verifies the mailbox with the link from the outbox, without a key, and never touches API keys', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    const { apiKey, email } = await unverified(mock);
    expect((await accountOf(mock, apiKey)).recovery_email).toEqual({ verified: false, verified_at: null });
    await resend(mock, apiKey);
    const keyState = async () =>
      (
        await call<{ id: string; status: string; scopes: string[]; revoked_at: string | null }[]>(mock, '/v1/account/keys', { key: apiKey })
      ).body.map(({ id, status, scopes, revoked_at }) => ({ id, status, scopes, revoked_at }));
    const keysBefore = await keyState();
    mock.clock.advance(HOUR);
    const token = tokenOf((await verifications(mock, email))[0]!.link);
    const answer = await verify(mock, token);
    expect(answer.status).toBe(200);
    const body = z.parse(RecoveryEmailVerificationSuccess, answer.body);
    expect(body).toMatchObject({ status: 'verified', recovery_email_verified: true, recovery_email_verified_at: iso(t0 + HOUR) });
    expect(Object.keys(answer.body as object).sort()).toEqual([
      'message',
      'recovery_email_verified',
      'recovery_email_verified_at',
      'status',
    ]);
    noSecrets(answer, [token, apiKey]);
    expect((await accountOf(mock, apiKey)).recovery_email).toEqual({ verified: true, verified_at: iso(t0 + HOUR) });
    expect(await keyState()).toEqual(keysBefore);
  });

  it('lasts 24 hours: 410 token_expired from then on', async () => {
    for (const [after, status] of [
      [24 * HOUR - 1, 200],
      [24 * HOUR, 410],
    ] as const) {
      const mock = newMock();
      const { apiKey, email } = await unverified(mock);
      await resend(mock, apiKey);
      const token = tokenOf((await verifications(mock, email))[0]!.link);
      mock.clock.advance(after);
      const answer = await verify(mock, token);
      expect(answer.status).toBe(status);
      if (status === 410) {
        expect(codeOf(answer)).toBe('token_expired');
        noSecrets(answer, [token]);
        expect((await accountOf(mock, apiKey)).recovery_email.verified).toBe(false);
      }
    }
  });

  it('is single use: 409 token_used the second time', async () => {
    const mock = newMock();
    const { apiKey, email } = await unverified(mock);
    await resend(mock, apiKey);
    const token = tokenOf((await verifications(mock, email))[0]!.link);
    expect((await verify(mock, token)).status).toBe(200);
    for (const advance of [0, MIN, 11 * MIN]) {
      mock.clock.advance(advance);
      const again = await verify(mock, token);
      expect(again.status).toBe(409);
      expect(codeOf(again)).toBe('token_used');
      noSecrets(again, [token]);
    }
  });

  it('advances the recovery-authority generation: another outstanding link of the same mailbox dies (410)', async () => {
    const mock = newMock();
    const { apiKey, email } = await unverified(mock);
    await resend(mock, apiKey);
    mock.clock.advance(10 * MIN);
    await resend(mock, apiKey);
    const [first, second] = (await verifications(mock, email)).map((m) => tokenOf(m.link));
    expect((await verify(mock, second!)).status).toBe(200);
    const stale = await verify(mock, first!);
    expect(stale.status).toBe(410);
    expect(codeOf(stale)).toBe('token_expired');
  });

  it('kills a recovery link issued before a verification, even once the same address is verified again (410)', async () => {
    const mock = newMock();
    // Make the demo account eligible for recovery: a data key to observe, no manage key left.
    const reader = await mock.createKey(mock.demoEmail, { name: 'reader' });
    const [primary] = (await call<{ id: string }[]>(mock, '/v1/account/keys')).body;
    expect((await call(mock, `/v1/account/keys/${primary!.id}/revoke`, { method: 'POST' })).status).toBe(200);
    const recover = async () => {
      const challenge = await mock.issueChallenge();
      const answer = await call(mock, '/v1/recovery/requests', {
        key: null,
        ...postJson({ email: mock.demoEmail, challenge_token: challenge }),
      });
      expect(answer.status).toBe(202);
      const links = (await mock.outbox()).filter((m) => m.kind === 'recovery');
      return tokenOf(links[links.length - 1]!.link);
    };
    const claim = (token: string) => call(mock, '/v1/recovery/claims', { key: null, ...postJson({ recovery_token: token }) });
    const before = await recover();

    // Another mailbox, verified; then the original address back, verified again.
    const manager = await mock.createKey(mock.demoEmail, { name: 'manager', scopes: ['account:manage'] });
    await mock.updateAccount(mock.demoEmail, { email: 'moved@example.com' });
    await resend(mock, manager.apiKey);
    expect((await verify(mock, tokenOf((await verifications(mock, 'moved@example.com'))[0]!.link))).status).toBe(200);
    await mock.updateAccount('moved@example.com', { email: mock.demoEmail });
    mock.clock.advance(10 * MIN);
    await resend(mock, manager.apiKey);
    expect((await verify(mock, tokenOf((await verifications(mock, mock.demoEmail))[0]!.link))).status).toBe(200);
    expect((await accountOf(mock, manager.apiKey)).recovery_email.verified).toBe(true);
    expect((await call(mock, `/v1/account/keys/${manager.id}/revoke`, { method: 'POST', key: manager.apiKey })).status).toBe(200);

    const stale = await claim(before);
    expect(stale.status).toBe(410);
    expect(codeOf(stale)).toBe('token_expired');
    noSecrets(stale, [before]);
    expect((await call(mock, '/v1/catalog/sports', { key: reader.apiKey })).status).toBe(200);
    // A link issued now works: the old one died of the generation, not of eligibility or age.
    expect((await claim(await recover())).status).toBe(200);
  });

  it('resets verification when the address is replaced, and kills older verification links (410)', async () => {
    const mock = newMock();
    const { apiKey, email } = await unverified(mock);
    await resend(mock, apiKey);
    const oldToken = tokenOf((await verifications(mock, email))[0]!.link);
    await mock.updateAccount(email, { email: 'replaced@example.com' });
    const dead = await verify(mock, oldToken);
    expect(dead.status).toBe(410);
    expect(codeOf(dead)).toBe('token_expired');

    // The new mailbox gets its own link (after the per-customer cooldown) and verifies.
    mock.clock.advance(10 * MIN);
    await resend(mock, apiKey);
    const fresh = await verifications(mock, 'replaced@example.com');
    expect(fresh.length).toBe(1);
    expect((await verify(mock, tokenOf(fresh[0]!.link))).status).toBe(200);
    expect((await accountOf(mock, apiKey)).recovery_email.verified).toBe(true);
    // The dead link stays dead.
    expect((await verify(mock, oldToken)).status).toBe(410);
  });

  it('unverifies a verified mailbox when it is replaced; the new one needs its own verification', async () => {
    const mock = newMock();
    const t0 = mock.clock.now();
    expect((await accountOf(mock, mock.apiKey)).recovery_email.verified).toBe(true);
    await mock.updateAccount(mock.demoEmail, { email: 'elsewhere@example.com' });
    const record = await accountOf(mock, mock.apiKey);
    expect(record.email).toBe('elsewhere@example.com');
    expect(record.recovery_email).toEqual({ verified: false, verified_at: null });
    await resend(mock, mock.apiKey);
    const sent = await verifications(mock, 'elsewhere@example.com');
    expect(sent.length).toBe(1);
    mock.clock.advance(MIN);
    expect((await verify(mock, tokenOf(sent[0]!.link))).status).toBe(200);
    expect((await accountOf(mock, mock.apiKey)).recovery_email).toEqual({ verified: true, verified_at: iso(t0 + MIN) });
  });

  it.each([
    ['a short token', 'emv_abc'],
    ['impossible trailing bits', `emv_${'A'.repeat(42)}B`],
    ['another kind of token', `rcv_${'A'.repeat(43)}`],
    ['an empty token', ''],
  ])('refuses %s with 400 invalid_token', async (_label, token) => {
    const mock = newMock();
    const answer = await verify(mock, token);
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('invalid_token');
    if (token.length > 8) noSecrets(answer, [token]);
  });

  it('refuses an unknown well-formed token and a missing one with 400', async () => {
    const mock = newMock();
    const unknown = await verify(mock, `emv_${'A'.repeat(43)}`);
    expect(unknown.status).toBe(400);
    expect(codeOf(unknown)).toBe('invalid_token');
    const missing = await call(mock, VERIFY, { key: null, ...postJson({}) });
    expect(missing.status).toBe(400);
    const notJson = await call(mock, VERIFY, {
      key: null,
      method: 'POST',
      body: JSON.stringify({ verification_token: `emv_${'A'.repeat(43)}` }),
    });
    expect(notJson.status).toBe(415);
  });

  it('refuses a token in the query string with 400 and does not consume it', async () => {
    const mock = newMock();
    const { apiKey, email } = await unverified(mock);
    await resend(mock, apiKey);
    const token = tokenOf((await verifications(mock, email))[0]!.link);
    for (const init of [postJson({}), postJson({ verification_token: token })]) {
      const answer = await call(mock, `${VERIFY}?verification_token=${token}`, { key: null, ...init });
      expect(answer.status).toBe(400);
      noSecrets(answer, [token]);
    }
    expect((await accountOf(mock, apiKey)).recovery_email.verified).toBe(false);
    expect((await verify(mock, token)).status).toBe(200);
  });
});
