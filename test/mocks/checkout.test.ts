import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Account, CheckoutIntentResponse, ClaimPending, ClaimSuccess } from '../../src/schemas';
import type { MockService } from '../../mocks';
import { call, codeOf, useMockServer, type Answer } from '../helpers/mock-server';

const newMock = useMockServer();

const MIN = 60_000;
const INTENTS = '/v1/checkout/intents';
const CLAIMS = '/v1/checkout/claims';
const postJson = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...extra },
  body: JSON.stringify(body),
});

const intent = (mock: MockService, body: unknown, headers: Record<string, string> = {}) =>
  call(mock, INTENTS, { key: null, ...postJson(body, headers) });
const claim = (mock: MockService, body: unknown, headers: Record<string, string> = {}) =>
  call(mock, CLAIMS, { key: null, ...postJson(body, headers) });
/** The headers of the first-party page: the cookie, the exact public Origin, Sec-Fetch-Site. */
const firstParty = (mock: MockService, cookie: string, origin = new URL(mock.baseUrl).origin) => ({
  Cookie: cookie,
  Origin: origin,
  'Sec-Fetch-Site': 'same-origin',
});
const noSecrets = (answer: Answer, secrets: string[]) => {
  const text = JSON.stringify(answer.body);
  for (const secret of secrets) expect(text).not.toContain(secret);
};

/** Starts a checkout and opens it with the resume token: the tokens and the cookie it set. */
async function opened(mock: MockService, email = 'buyer@example.com') {
  const session = await mock.startCheckout({ email });
  const answer = await intent(mock, { resume_token: session.resume_token });
  expect(answer.status).toBe(200);
  const setCookie = answer.headers.get('Set-Cookie');
  expect(setCookie).not.toBeNull();
  const cookie = setCookie!.split(';')[0]!.trim();
  return { ...session, answer, setCookie: setCookie!, cookie };
}

describe('POST /v1/checkout/intents', () => {
  it('answers an open session with its checkout_url and sets an HttpOnly, SameSite=Strict, Secure cookie', async () => {
    const mock = newMock();
    const { answer, setCookie, cookie, resume_token, claim_token } = await opened(mock);
    const body = z.parse(CheckoutIntentResponse, answer.body);
    expect(body.status).toBe('open');
    expect(new URL(body.checkout_url!).protocol).toBe('https:');
    expect(body.next_url).toBeUndefined();
    expect(Object.keys(answer.body as object).sort()).toEqual(['checkout_url', 'status']);
    const attributes = setCookie.split(';').map((p) => p.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=strict');
    expect(attributes).toContain('secure');
    expect(cookie).toMatch(/^[A-Za-z0-9_]+=.+/);
    expect(setCookie).not.toContain(resume_token);
    expect(setCookie).not.toContain(claim_token);
    noSecrets(answer, [resume_token, claim_token]);
  });

  it('leaves Secure off only on plain-http loopback', async () => {
    const local = await opened(newMock({ baseUrl: 'http://localhost:8787' }));
    expect(local.setCookie.toLowerCase()).not.toContain('secure');
    expect(local.setCookie.toLowerCase()).toContain('httponly');
    const plain = await opened(newMock({ baseUrl: 'http://api.example.test' }));
    expect(plain.setCookie.split(';').map((p) => p.trim().toLowerCase())).toContain('secure');
  });

  it('answers the cookie with an empty body from the exact public origin with Sec-Fetch-Site: same-origin', async () => {
    const mock = newMock();
    const { cookie } = await opened(mock);
    const answer = await intent(mock, {}, firstParty(mock, cookie));
    expect(answer.status).toBe(200);
    expect(z.parse(CheckoutIntentResponse, answer.body).status).toBe('open');
  });

  it.each([
    ['no Origin', { 'Sec-Fetch-Site': 'same-origin' }],
    ['another origin', { Origin: 'https://evil.test', 'Sec-Fetch-Site': 'same-origin' }],
    ['another scheme', { Origin: 'http://api.sports-odds.test', 'Sec-Fetch-Site': 'same-origin' }],
    ['a subdomain', { Origin: 'https://www.api.sports-odds.test', 'Sec-Fetch-Site': 'same-origin' }],
    ['Origin null', { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }],
    ['no Sec-Fetch-Site', { Origin: 'https://api.sports-odds.test' }],
    ['Sec-Fetch-Site same-site', { Origin: 'https://api.sports-odds.test', 'Sec-Fetch-Site': 'same-site' }],
    ['Sec-Fetch-Site cross-site', { Origin: 'https://api.sports-odds.test', 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses a cookie request with %s: 403 origin_rejected, on the intent and the claim', async (_label, headers) => {
    const mock = newMock();
    const { cookie, session_id } = await opened(mock);
    for (const path of [INTENTS, CLAIMS]) {
      const answer = await call(mock, path, { key: null, ...postJson({}, { Cookie: cookie, ...headers }) });
      expect(answer.status, path).toBe(403);
      expect(codeOf(answer)).toBe('origin_rejected');
      noSecrets(answer, [cookie.split('=')[1]!]);
    }
    // Nothing was consumed: the first-party page still claims once paid.
    await mock.completeCheckout(session_id);
    expect((await claim(mock, {}, firstParty(mock, cookie))).status).toBe(200);
  });

  it('requires JSON on cookie requests too: 415 without application/json', async () => {
    const mock = newMock();
    const { cookie } = await opened(mock);
    const answer = await call(mock, INTENTS, { key: null, method: 'POST', headers: firstParty(mock, cookie), body: '{}' });
    expect(answer.status).toBe(415);
    expect(codeOf(answer)).toBe('unsupported_media_type');
  });

  it('checks the configured public origin, not the API origin, when they differ', async () => {
    const mock = newMock({ publicOrigin: 'https://www.sports-odds.test' });
    const { cookie } = await opened(mock);
    expect(codeOf(await intent(mock, {}, firstParty(mock, cookie)))).toBe('origin_rejected');
    expect((await intent(mock, {}, firstParty(mock, cookie, 'https://www.sports-odds.test'))).status).toBe(200);
  });

  it('refuses no cookie and no token, an unknown or malformed token, and an unknown cookie with 400 invalid_token', async () => {
    const mock = newMock();
    const { claim_token } = await opened(mock);
    const unknownResume = `res_${'A'.repeat(43)}`;
    const cases = [
      await intent(mock, {}),
      await intent(mock, {}, { Origin: 'https://api.sports-odds.test', 'Sec-Fetch-Site': 'same-origin' }),
      await intent(mock, { resume_token: unknownResume }),
      await intent(mock, { resume_token: 'res_short' }),
      await intent(mock, { resume_token: claim_token }),
      await intent(mock, { resume_token: 42 }),
      await intent(mock, {}, firstParty(mock, `so_checkout=ckv_${'B'.repeat(43)}`)),
    ];
    for (const answer of cases) {
      expect(answer.status).toBe(400);
      expect(codeOf(answer)).toBe('invalid_token');
      noSecrets(answer, [claim_token, unknownResume]);
    }
  });

  it('follows the session: open, then complete with next_url /claim and no checkout_url, then closed after the claim', async () => {
    const mock = newMock();
    const { cookie, resume_token, claim_token, session_id } = await opened(mock);
    await mock.completeCheckout(session_id);
    for (const answer of [await intent(mock, { resume_token }), await intent(mock, {}, firstParty(mock, cookie))]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 'complete', next_url: '/claim' });
    }
    expect((await claim(mock, { claim_token })).status).toBe(200);
    for (const answer of [await intent(mock, { resume_token }), await intent(mock, {}, firstParty(mock, cookie))]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 'closed' });
    }
  });
});

describe('POST /v1/checkout/claims', () => {
  it('answers 202 claim_pending until paid, with the token or the cookie, and consumes nothing', async () => {
    const mock = newMock();
    const { cookie, claim_token, session_id } = await opened(mock);
    for (const answer of [await claim(mock, { claim_token }), await claim(mock, {}, firstParty(mock, cookie))]) {
      expect(answer.status).toBe(202);
      const body = z.parse(ClaimPending, answer.body);
      expect(body.status).toBe('claim_pending');
      expect(Object.keys(answer.body as object).sort()).toEqual(['message', 'status']);
      noSecrets(answer, [claim_token]);
    }
    expect(mock.ledger().some((e) => e.email === 'buyer@example.com')).toBe(false);
    mock.clock.advance(30 * MIN);
    await mock.completeCheckout(session_id);
    expect((await claim(mock, { claim_token })).status).toBe(200);
  });

  it('claims the primary key with both scopes once paid; the key works on data and account routes', async () => {
    const mock = newMock();
    const { claim_token, session_id } = await opened(mock, 'paid@example.com');
    await mock.completeCheckout(session_id);
    const answer = await claim(mock, { claim_token });
    expect(answer.status).toBe(200);
    const body = z.parse(ClaimSuccess, answer.body);
    expect(Object.keys(answer.body as object).sort()).toEqual(['api_key', 'docs_url', 'email', 'plan', 'scopes']);
    expect(body).toMatchObject({ email: 'paid@example.com', plan: 'trial', scopes: ['data:read', 'account:manage'] });
    expect(body.api_key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    expect(answer.headers.get('X-Credits-Cost')).toBeNull();

    // A trial account: 2 requests per second, so step the clock between calls.
    expect((await call(mock, '/v1/catalog/sports', { key: body.api_key })).status).toBe(200);
    mock.clock.advance(1000);
    const account = await call(mock, '/v1/account', { key: body.api_key });
    expect(account.status).toBe(200);
    expect(z.parse(Account, account.body)).toMatchObject({ email: 'paid@example.com', plan: { slug: 'trial' } });
    mock.clock.advance(1000);
    const keys = await call<{ scopes: string[]; status: string; prefix: string }[]>(mock, '/v1/account/keys', { key: body.api_key });
    expect(keys.body.length).toBe(1);
    expect(keys.body[0]).toMatchObject({ status: 'active', scopes: ['data:read', 'account:manage'], prefix: body.api_key.slice(0, 13) });
  });

  it('claims with the cookie from the first-party page too', async () => {
    const mock = newMock();
    const { cookie, session_id, claim_token } = await opened(mock);
    await mock.completeCheckout(session_id);
    const answer = await claim(mock, {}, firstParty(mock, cookie));
    expect(answer.status).toBe(200);
    const body = z.parse(ClaimSuccess, answer.body);
    expect((await call(mock, '/v1/catalog/sports', { key: body.api_key })).status).toBe(200);
    // The exact same cookie replays it; the token is another credential.
    mock.clock.advance(5 * MIN);
    expect((await claim(mock, {}, firstParty(mock, cookie))).body).toEqual(answer.body);
    const token = await claim(mock, { claim_token });
    expect(token.status).toBe(409);
    expect(codeOf(token)).toBe('token_used');
    noSecrets(token, [body.api_key]);
  });

  it('replays the same key to the exact same claim token for 10 minutes, then 409 token_used', async () => {
    const mock = newMock();
    const { claim_token, session_id } = await opened(mock);
    await mock.completeCheckout(session_id);
    const first = await claim(mock, { claim_token });
    mock.clock.advance(10 * MIN - 1);
    const replay = await claim(mock, { claim_token });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    mock.clock.advance(1000);
    const keys = await call<unknown[]>(mock, '/v1/account/keys', { key: (first.body as ClaimSuccess).api_key });
    expect(keys.body.length).toBe(1);

    mock.clock.advance(1);
    const late = await claim(mock, { claim_token });
    expect(late.status).toBe(409);
    expect(codeOf(late)).toBe('token_used');
    noSecrets(late, [claim_token, (first.body as ClaimSuccess).api_key]);
  });

  it('refuses another credential of the same session after the claim: 409 token_used', async () => {
    const mock = newMock();
    const { cookie, claim_token, session_id } = await opened(mock);
    await mock.completeCheckout(session_id);
    const first = await claim(mock, { claim_token });
    expect(first.status).toBe(200);
    const other = await claim(mock, {}, firstParty(mock, cookie));
    expect(other.status).toBe(409);
    expect(codeOf(other)).toBe('token_used');
    noSecrets(other, [(first.body as ClaimSuccess).api_key]);
  });

  it('answers simultaneous exact claims with the same single key', async () => {
    const mock = newMock();
    const { claim_token, session_id } = await opened(mock);
    await mock.completeCheckout(session_id);
    const answers = await Promise.all([claim(mock, { claim_token }), claim(mock, { claim_token }), claim(mock, { claim_token })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const keys = new Set(answers.map((a) => (a.body as ClaimSuccess).api_key));
    expect(keys.size).toBe(1);
    expect(mock.ledger().filter((e) => e.email === 'buyer@example.com').length).toBe(1);
  });

  it('refuses an unknown or malformed claim token, and no credential at all, with 400 invalid_token', async () => {
    const mock = newMock();
    const { resume_token, claim_token } = await opened(mock);
    const unknown = `clm_${'A'.repeat(43)}`;
    for (const body of [
      { claim_token: unknown },
      { claim_token: 'clm_short' },
      { claim_token: `clm_${'A'.repeat(42)}B` },
      { claim_token: resume_token },
      { claim_token: '' },
      { claim_token: 7 },
      {},
    ]) {
      const answer = await claim(mock, body);
      expect(answer.status).toBe(400);
      expect(codeOf(answer)).toBe('invalid_token');
      noSecrets(answer, [resume_token, claim_token, unknown]);
    }
  });

  it('refuses a malformed body around the token with 400 invalid_parameters: invalid_token is for the token itself', async () => {
    const mock = newMock();
    const { resume_token, claim_token } = await opened(mock);
    for (const body of [{ claim_token, extra: 1 }, [], [claim_token], 'x', null, { [claim_token]: 1 }]) {
      const answer = await claim(mock, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(codeOf(answer)).toBe('invalid_parameters');
      noSecrets(answer, [resume_token, claim_token]);
    }
    expect(codeOf(await intent(mock, { resume_token, extra: 1 }))).toBe('invalid_parameters');
    expect(codeOf(await intent(mock, { resume_token: 'res_short' }))).toBe('invalid_token');
    // None of that consumed the claim.
    expect((await claim(mock, { claim_token })).status).toBe(202);
  });

  it('refuses a claim token in the query string with 400 and does not consume it', async () => {
    const mock = newMock();
    const { claim_token, session_id } = await opened(mock);
    await mock.completeCheckout(session_id);
    for (const body of [{}, { claim_token }]) {
      const answer = await call(mock, `${CLAIMS}?claim_token=${claim_token}`, { key: null, ...postJson(body) });
      expect(answer.status).toBe(400);
      noSecrets(answer, [claim_token]);
    }
    expect(mock.ledger().some((e) => e.email === 'buyer@example.com')).toBe(false);
    expect((await claim(mock, { claim_token })).status).toBe(200);
  });
});
