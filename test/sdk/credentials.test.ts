import { describe, expect, it } from 'vitest';
import type { MockService } from '../../mocks';
import {
  BadRequestError,
  ConflictError,
  GoneError,
  InternalServerError,
  PermissionDeniedError,
  type SportsOdds,
  SportsOddsCredentials,
  UnsupportedMediaTypeError,
  type ClaimPending,
  type ClaimSuccess,
  type CredentialsOptions,
  type Fetch,
} from '../../src';
import { sdkFor, useMockServer } from './mock-setup';
import { captureLogger, errorText, rejectionOf, spyFetch, type WireRequest } from './wire-spy';

const newMock = useMockServer();

const MIN = 60_000;
const HOUR = 60 * MIN;

/** The keyless client on the mock's clock. */
const credentialsFor = (mock: MockService, options: CredentialsOptions = {}) =>
  new SportsOddsCredentials({
    baseUrl: mock.baseUrl,
    now: () => mock.clock.now(),
    sleep: async (ms) => mock.clock.advance(ms),
    random: () => 0.5,
    logLevel: 'off',
    ...options,
  });

const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';
const isSuccess = (answer: ClaimSuccess | ClaimPending): answer is ClaimSuccess => 'api_key' in answer;
const bodies = (sent: WireRequest[], path: string) => sent.filter((r) => r.url.endsWith(path)).map((r) => r.body);

/** A minimal browser: keeps the HttpOnly cookie, adds the page's Origin and Sec-Fetch-Site. */
function browserFetch(mock: MockService, origin = new URL(mock.baseUrl).origin) {
  let cookie = '';
  const wire = spyFetch(() => ({ Origin: origin, 'Sec-Fetch-Site': 'same-origin', ...(cookie ? { Cookie: cookie } : {}) }));
  const fetch: Fetch = async (input, init) => {
    const response = await wire.fetch(input, init);
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!.trim();
    return response;
  };
  return { fetch, sent: wire.sent, cookie: () => cookie };
}

/** An account that lost its last account:manage key, with a recovery link in the outbox. */
async function recoveryLink(mock: MockService): Promise<string> {
  const { odds } = sdkFor(mock);
  const [own] = await odds.keys.list();
  await odds.keys.revoke(own!.id);
  const challenge = await mock.issueChallenge();
  await credentialsFor(mock).requestRecovery({ email: mock.demoEmail, challenge_token: challenge });
  const links = (await mock.outbox()).filter((m) => m.kind === 'recovery');
  expect(links).toHaveLength(1);
  return tokenOf(links[0]!.link);
}

describe('checkout and the first-key claim', () => {
  it('checkoutIntent(): open with a checkout URL, then complete with next_url; the token only in the JSON body', async () => {
    const mock = newMock();
    const checkout = await mock.startCheckout({ email: 'buyer@example.com', plan: 'starter' });
    const wire = spyFetch();
    const credentials = credentialsFor(mock, { fetch: wire.fetch });

    const open = await credentials.checkoutIntent({ resume_token: checkout.resume_token });
    expect(open.status).toBe('open');
    expect(open.checkout_url).toMatch(/^https:\/\//);
    expect(open.next_url).toBeUndefined();
    const [sent] = wire.sent;
    expect(sent?.url).toBe(`${mock.baseUrl}/v1/checkout/intents`);
    expect(JSON.parse(sent?.body ?? '')).toEqual({ resume_token: checkout.resume_token });
    expect(sent?.headers.get('content-type')).toMatch(/^application\/json/);
    expect(sent?.headers.get('authorization')).toBeNull();

    await mock.completeCheckout(checkout.session_id);
    expect(await credentials.checkoutIntent({ resume_token: checkout.resume_token })).toEqual({ status: 'complete', next_url: '/claim' });
  });

  it('claim(): ClaimPending until paid, then ClaimSuccess with the primary key (both scopes) that works', async () => {
    const mock = newMock();
    const checkout = await mock.startCheckout({ email: 'buyer@example.com', plan: 'starter' });
    const credentials = credentialsFor(mock);

    const pending = await credentials.claim({ claim_token: checkout.claim_token }).withMeta();
    expect(pending.meta.status).toBe(202);
    expect(pending.data).toMatchObject({ status: 'claim_pending' });

    await mock.completeCheckout(checkout.session_id);
    const answer = await credentials.claim({ claim_token: checkout.claim_token });
    if (!isSuccess(answer)) throw new Error('expected the key');
    expect(answer).toMatchObject({ scopes: ['data:read', 'account:manage'], email: 'buyer@example.com', plan: 'starter' });
    const odds = sdkFor(mock, { apiKey: answer.api_key }).odds;
    expect((await odds.account.get()).email).toBe('buyer@example.com');
  });

  it('claim(): an answer lost after the service committed it is replayed with the same token and returns the same key', async () => {
    const mock = newMock();
    const checkout = await mock.startCheckout({ email: 'buyer@example.com', plan: 'starter' });
    await mock.completeCheckout(checkout.session_id);
    mock.faults.inject({ route: 'checkout.claim', drop: 'after_commit' });
    const wire = spyFetch();
    const answer = await credentialsFor(mock, { fetch: wire.fetch, maxRetries: 0 }).claim({ claim_token: checkout.claim_token });
    if (!isSuccess(answer)) throw new Error('expected the key');

    const sent = bodies(wire.sent, '/v1/checkout/claims');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    const keys = await sdkFor(mock, { apiKey: answer.api_key }).odds.keys.list();
    expect(keys).toHaveLength(1);
    expect(keys[0]?.prefix).toBe(answer.api_key.slice(0, 13));
  });

  it('claim(): the exact token replays the same key for 10 minutes, then ConflictError token_used', async () => {
    const mock = newMock();
    const checkout = await mock.startCheckout({ email: 'buyer@example.com', plan: 'starter' });
    await mock.completeCheckout(checkout.session_id);
    const credentials = credentialsFor(mock);
    const first = await credentials.claim({ claim_token: checkout.claim_token });
    mock.clock.advance(9 * MIN);
    expect(await credentials.claim({ claim_token: checkout.claim_token })).toEqual(first);
    mock.clock.advance(MIN);
    const error = await rejectionOf(credentials.claim({ claim_token: checkout.claim_token }));
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe('token_used');
  });

  it('claim(): a malformed or unknown token is BadRequestError invalid_token', async () => {
    const mock = newMock();
    const credentials = credentialsFor(mock);
    for (const claim_token of ['clm_short', `clm_${'A'.repeat(43)}`]) {
      const error = await rejectionOf(credentials.claim({ claim_token }));
      expect(error).toBeInstanceOf(BadRequestError);
      expect((error as BadRequestError).code).toBe('invalid_token');
    }
  });

  it('the cookie variant: {} with credentials include, from the first-party origin; refused from elsewhere', async () => {
    const mock = newMock();
    const checkout = await mock.startCheckout({ email: 'buyer@example.com', plan: 'starter' });
    const browser = browserFetch(mock);
    const credentials = credentialsFor(mock, { fetch: browser.fetch });

    await credentials.checkoutIntent({ resume_token: checkout.resume_token });
    expect(browser.cookie()).toMatch(/^so_checkout=/);
    const intent = await credentials.checkoutIntent();
    expect(intent.status).toBe('open');
    expect(await credentials.claim()).toMatchObject({ status: 'claim_pending' });
    await mock.completeCheckout(checkout.session_id);
    mock.faults.inject({ route: 'checkout.claim', drop: 'after_commit' });
    const answer = await credentials.claim();
    if (!isSuccess(answer)) throw new Error('expected the key');

    const cookieCalls = browser.sent.slice(1);
    expect(cookieCalls.map((r) => r.body)).toEqual(['{}', '{}', '{}', '{}']);
    expect(cookieCalls.every((r) => r.credentials === 'include')).toBe(true);
    expect(browser.sent[0]?.credentials).toBeUndefined();
    expect(await sdkFor(mock, { apiKey: answer.api_key }).odds.keys.list()).toHaveLength(1);

    // The same cookie from another origin.
    const elsewhere = browserFetch(mock, 'https://evil.example.com');
    const other = credentialsFor(mock, { fetch: elsewhere.fetch });
    await other.checkoutIntent({ resume_token: checkout.resume_token });
    const error = await rejectionOf(other.claim());
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).code).toBe('origin_rejected');
  });

  it('maps a 415 to UnsupportedMediaTypeError', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'checkout.intent', status: 415 });
    const error = await rejectionOf(credentialsFor(mock).checkoutIntent({ resume_token: `res_${'a'.repeat(43)}` }));
    expect(error).toBeInstanceOf(UnsupportedMediaTypeError);
    expect((error as UnsupportedMediaTypeError).code).toBe('unsupported_media_type');
  });
});

describe('lost-key recovery', () => {
  it('requestRecovery() then claimRecovery(): every old key revoked, one replacement with both scopes', async () => {
    const mock = newMock();
    const token = await recoveryLink(mock);
    expect(token).toMatch(/^rcv_/);
    const recovered = await credentialsFor(mock).claimRecovery({ recovery_token: token });
    expect(recovered.scopes).toEqual(['data:read', 'account:manage']);
    expect(Date.parse(recovered.recovery_expires_at)).toBe(mock.clock.now() + 10 * MIN);
    const odds = sdkFor(mock, { apiKey: recovered.api_key }).odds;
    const keys = await odds.keys.list();
    expect(keys.filter((k) => k.status === 'active').map((k) => k.prefix)).toEqual([recovered.api_key.slice(0, 13)]);
  });

  it('requestRecovery(): always accepted, nothing issued while an account:manage key remains', async () => {
    const mock = newMock();
    const credentials = credentialsFor(mock);
    const known = await credentials.requestRecovery({ email: mock.demoEmail, challenge_token: await mock.issueChallenge() });
    const unknown = await credentials.requestRecovery({ email: 'nobody@example.com', challenge_token: await mock.issueChallenge() });
    expect(known).toEqual(unknown);
    expect(known.status).toBe('accepted');
    expect(await mock.outbox()).toHaveLength(0);
  });

  it('requestRecovery(): a used challenge is PermissionDeniedError challenge_failed; failures are never retried', async () => {
    const mock = newMock();
    const challenge = await mock.issueChallenge();
    const wire = spyFetch();
    const credentials = credentialsFor(mock, { fetch: wire.fetch });
    await credentials.requestRecovery({ email: mock.demoEmail, challenge_token: challenge });
    const error = await rejectionOf(credentials.requestRecovery({ email: mock.demoEmail, challenge_token: challenge }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).code).toBe('challenge_failed');

    mock.faults.inject({ route: 'recovery.request', status: 500 });
    await expect(
      credentials.requestRecovery({ email: mock.demoEmail, challenge_token: await mock.issueChallenge() }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(wire.sent).toHaveLength(3);
  });

  it('claimRecovery(): an answer lost after commit is replayed with the same token and returns the same key', async () => {
    const mock = newMock();
    const token = await recoveryLink(mock);
    mock.faults.inject({ route: 'recovery.claim', drop: 'after_commit' });
    mock.faults.inject({ route: 'recovery.claim', status: 503, retryAfter: 1 });
    const wire = spyFetch();
    const { logger, lines } = captureLogger();
    const recovered = await credentialsFor(mock, { fetch: wire.fetch, logger, logLevel: 'debug' }).claimRecovery({ recovery_token: token });
    const sent = bodies(wire.sent, '/v1/recovery/claims');
    expect(sent).toHaveLength(3);
    expect(new Set(sent)).toEqual(new Set([JSON.stringify({ recovery_token: token })]));
    const keys = await sdkFor(mock, { apiKey: recovered.api_key }).odds.keys.list();
    expect(keys.filter((k) => k.status === 'active').map((k) => k.prefix)).toEqual([recovered.api_key.slice(0, 13)]);
    expect(lines.some((l) => l.includes('replaying recovery.claim unchanged'))).toBe(true);
    const logged = lines.join('\n');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(recovered.api_key);
  });

  it('claimRecovery(): the same key for 10 minutes, then ConflictError token_used', async () => {
    const mock = newMock();
    const token = await recoveryLink(mock);
    const credentials = credentialsFor(mock);
    const first = await credentials.claimRecovery({ recovery_token: token });
    mock.clock.advance(10 * MIN - 1000);
    expect(await credentials.claimRecovery({ recovery_token: token })).toEqual(first);
    mock.clock.advance(1000);
    const error = await rejectionOf(credentials.claimRecovery({ recovery_token: token }));
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe('token_used');
  });

  it('claimRecovery(): a link older than 30 minutes is GoneError token_expired', async () => {
    const mock = newMock();
    const token = await recoveryLink(mock);
    mock.clock.advance(30 * MIN);
    const error = await rejectionOf(credentialsFor(mock).claimRecovery({ recovery_token: token }));
    expect(error).toBeInstanceOf(GoneError);
    expect((error as GoneError).code).toBe('token_expired');
  });

  it('claimRecovery(): PermissionDeniedError recovery_unavailable once an account:manage key exists again', async () => {
    const mock = newMock();
    const token = await recoveryLink(mock);
    await mock.createKey(mock.demoEmail, { name: 'support-issued', scopes: ['data:read', 'account:manage'] });
    const error = await rejectionOf(credentialsFor(mock).claimRecovery({ recovery_token: token }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as PermissionDeniedError).code).toBe('recovery_unavailable');
  });

  it('claimRecovery(): a link is dead once the mailbox changes (GoneError token_expired)', async () => {
    const mock = newMock();
    const token = await recoveryLink(mock);
    await mock.updateAccount(mock.demoEmail, { email: 'moved@example.com' });
    await expect(credentialsFor(mock).claimRecovery({ recovery_token: token })).rejects.toBeInstanceOf(GoneError);
  });
});

describe('recovery-email verification', () => {
  const verificationLink = async (mock: MockService, odds: SportsOdds) => {
    await odds.account.resendVerification();
    const links = (await mock.outbox()).filter((m) => m.kind === 'verification');
    return tokenOf(links.at(-1)!.link);
  };

  it('verifyRecoveryEmail(): verifies once; a second use is ConflictError token_used', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    await mock.updateAccount(mock.demoEmail, { email: 'moved@example.com' });
    const token = await verificationLink(mock, odds);
    const credentials = credentialsFor(mock);
    const verified = await credentials.verifyRecoveryEmail({ verification_token: token });
    expect(verified).toMatchObject({
      status: 'verified',
      recovery_email_verified: true,
      recovery_email_verified_at: new Date(mock.clock.now()).toISOString(),
    });
    expect((await odds.account.get()).recovery_email).toEqual({ verified: true, verified_at: verified.recovery_email_verified_at });
    const error = await rejectionOf(credentials.verifyRecoveryEmail({ verification_token: token }));
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe('token_used');
  });

  it('verifyRecoveryEmail(): after 24 hours GoneError token_expired; a malformed token BadRequestError invalid_token', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    await mock.updateAccount(mock.demoEmail, { email: 'moved@example.com' });
    const token = await verificationLink(mock, odds);
    mock.clock.advance(24 * HOUR);
    const credentials = credentialsFor(mock);
    await expect(credentials.verifyRecoveryEmail({ verification_token: token })).rejects.toBeInstanceOf(GoneError);
    const bad = await rejectionOf(credentials.verifyRecoveryEmail({ verification_token: 'emv_nope' }));
    expect(bad).toBeInstanceOf(BadRequestError);
    expect((bad as BadRequestError).code).toBe('invalid_token');
  });
});

describe('secrets never leak', () => {
  it('tokens and keys stay out of URLs, debug logs and errors', async () => {
    const mock = newMock();
    const checkout = await mock.startCheckout({ email: 'buyer@example.com', plan: 'starter' });
    await mock.completeCheckout(checkout.session_id);
    const { logger, lines } = captureLogger();
    const wire = spyFetch();
    mock.faults.inject({ route: 'checkout.claim', drop: 'after_commit' });
    const credentials = credentialsFor(mock, { fetch: wire.fetch, logger, logLevel: 'debug' });
    const answer = await credentials.claim({ claim_token: checkout.claim_token });
    if (!isSuccess(answer)) throw new Error('expected the key');
    mock.clock.advance(11 * MIN);
    const used = await rejectionOf(credentials.claim({ claim_token: checkout.claim_token }));
    const expired = await rejectionOf(credentials.checkoutIntent({ resume_token: checkout.resume_token.slice(0, -1) }));

    const secrets = [checkout.claim_token, checkout.resume_token, answer.api_key];
    const everything = [...lines, errorText(used), errorText(expired), ...wire.sent.map((r) => r.url)].join('\n');
    for (const secret of secrets) expect(everything).not.toContain(secret.slice(4, 30));
    expect(lines.length).toBeGreaterThan(3);
  });
});
