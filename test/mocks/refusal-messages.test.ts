import { describe, expect, it } from 'vitest';
import type { MockService } from '../../mocks';
import { call, useMockServer, type Answer } from '../helpers/mock-server';
import { newRotationNonce } from '../../src/core/rotation/record';

/**
 * The envelope's message is what a user of the mock reads when a request is refused (docs/service.md, "Errors"; docs/service.md, "Metering: credits, windows and headers",
 * "Order of checks"): each refusal says exactly what is wrong, names the parameter, field or header at fault
 * (or points at an unknown one by position, never echoing it), and says what the operation takes instead.
 */

const newMock = useMockServer();
const SPORTS = '/v1/catalog/sports';
const KEYS = '/v1/account/keys';
const json = { 'Content-Type': 'application/json' };
const ODDS = '/v1/events/999999999999/odds'; // reserves ceil(500 / 20) = 25 credits
const nonce = newRotationNonce;

/** A key of the demo account, revoked through the route. */
async function revokedKey(mock: MockService): Promise<string> {
  const spare = await mock.createKey(mock.demoEmail, { name: 'spare', scopes: ['data:read', 'account:manage'] });
  expect((await call(mock, `${KEYS}/${spare.id}/revoke`, { method: 'POST' })).status).toBe(200);
  return spare.apiKey;
}

const refusal = (answer: Answer) => {
  const { error } = answer.body as { error: { code: string; message: string } };
  return [answer.status, error.code, error.message];
};

type Case = [label: string, send: (mock: MockService) => Promise<Answer>, status: number, code: string, message: string];

const cases: Case[] = [
  [
    'no Authorization header',
    (m) => call(m, SPORTS, { key: null }),
    401,
    'invalid_api_key',
    'missing API key: send Authorization: Bearer <API_KEY>',
  ],
  ['a malformed key', (m) => call(m, SPORTS, { key: 'svc_live_short' }), 401, 'invalid_api_key', 'malformed API key'],
  ['an unknown key', (m) => call(m, SPORTS, { key: `svc_live_${'A'.repeat(32)}` }), 401, 'invalid_api_key', 'unknown or revoked API key'],
  [
    'a revoked key on a data route',
    async (m) => call(m, SPORTS, { key: await revokedKey(m) }),
    401,
    'invalid_api_key',
    'unknown or revoked API key',
  ],
  [
    'a revoked key rotating with a fresh nonce',
    async (m) => call(m, '/v1/account/keys/rotate', { key: await revokedKey(m), method: 'POST', headers: { 'Idempotency-Key': nonce() } }),
    401,
    'invalid_api_key',
    'unknown or revoked API key',
  ],
  [
    'a key without data:read',
    async (m) => call(m, SPORTS, { key: (await m.createKey(m.demoEmail, { name: 'manager', scopes: ['account:manage'] })).apiKey }),
    403,
    'insufficient_scope',
    'this key lacks the data:read scope',
  ],
  [
    'a key without account:manage',
    async (m) => call(m, KEYS, { key: (await m.createKey(m.demoEmail, { name: 'reader', scopes: ['data:read'] })).apiKey }),
    403,
    'insufficient_scope',
    'this key lacks the account:manage scope',
  ],
  [
    'a held account',
    async (m) => {
      await m.updateAccount(m.demoEmail, { status: 'held' });
      return call(m, SPORTS);
    },
    403,
    'plan_inactive',
    'the plan of this account is inactive: contact support',
  ],
  [
    'a suspended account',
    async (m) => {
      await m.updateAccount(m.demoEmail, { status: 'suspended' });
      return call(m, SPORTS);
    },
    403,
    'account_suspended',
    'this account is suspended, expired or its subscription ended',
  ],
  ['an unknown path', (m) => call(m, '/v1/nope'), 404, 'not_found', 'no GET operation at this path'],
  ['an unknown method', (m) => call(m, SPORTS, { method: 'DELETE' }), 404, 'not_found', 'no DELETE operation at this path'],
  [
    'a URL over 8,192 characters',
    (m) => call(m, `${SPORTS}?x=${'a'.repeat(9000)}`),
    414,
    'invalid_parameters',
    'the URL is longer than 8192 characters: send fewer or shorter parameters',
  ],
  [
    'a body that is not declared JSON',
    (m) => call(m, KEYS, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' }),
    415,
    'unsupported_media_type',
    'send the body as JSON with Content-Type: application/json',
  ],
  [
    'a body over 64 KiB',
    (m) => call(m, KEYS, { method: 'POST', headers: json, body: ' '.repeat(64 * 1024 + 1) }),
    413,
    'payload_too_large',
    'the request body is larger than 64 KiB',
  ],
  [
    'an unknown query parameter where none is taken',
    (m) => call(m, `${SPORTS}?foo=1`),
    400,
    'invalid_parameters',
    'unknown query parameter at position 1 (3 characters, not shown): this operation takes no query parameters',
  ],
  [
    'an unknown query parameter given twice',
    (m) => call(m, `${SPORTS}?foo=1&foo=2`),
    400,
    'invalid_parameters',
    'unknown query parameter at position 1 (3 characters, not shown): this operation takes no query parameters',
  ],
  [
    'an unknown query parameter beside known ones',
    (m) => call(m, '/v1/catalog/leagues?sport_id=1&secret=2'),
    400,
    'invalid_parameters',
    'unknown query parameter at position 2 (6 characters, not shown): it takes sport_id',
  ],
  [
    "another operation's query parameter",
    (m) => call(m, `${SPORTS}?sport_id=1`),
    400,
    'invalid_parameters',
    'query parameter sport_id is not one this operation takes: this operation takes no query parameters',
  ],
  [
    'a known query parameter given twice',
    (m) => call(m, '/v1/catalog/leagues?sport_id=1&sport_id=2'),
    400,
    'invalid_parameters',
    'query parameter sport_id is given more than once',
  ],
  [
    'a malformed query parameter',
    (m) => call(m, '/v1/catalog/leagues?sport_id=abc'),
    400,
    'invalid_parameters',
    'query parameter sport_id: must be a positive integer',
  ],
  [
    'a malformed path parameter',
    (m) => call(m, '/v1/events/abc/odds'),
    400,
    'invalid_parameters',
    'path parameter event_id: must be a positive integer',
  ],
  [
    'an unknown body field',
    (m) => call(m, KEYS, { method: 'POST', headers: json, body: JSON.stringify({ name: 'k', secret: 1 }) }),
    400,
    'invalid_parameters',
    'unknown body field at position 2 (6 characters, not shown): it takes name, scopes',
  ],
  [
    "another operation's name as a body field",
    (m) => call(m, KEYS, { method: 'POST', headers: json, body: JSON.stringify({ name: 'k', sport_id: 1 }) }),
    400,
    'invalid_parameters',
    'body field sport_id is not one this operation takes: it takes name, scopes',
  ],
  [
    'an unknown field in a body that takes none',
    (m) =>
      call(m, '/v1/account/recovery-email/verification/resend', { method: 'POST', headers: json, body: JSON.stringify({ secret: 1 }) }),
    400,
    'invalid_parameters',
    'unknown body field at position 1 (6 characters, not shown): this operation takes no body fields',
  ],
  [
    'a malformed item of a body field',
    (m) => call(m, KEYS, { method: 'POST', headers: json, body: JSON.stringify({ name: 'k', scopes: ['data:write'] }) }),
    400,
    'invalid_parameters',
    'body parameter scopes.0: Invalid input',
  ],
  [
    'a body that is not an object',
    (m) => call(m, KEYS, { method: 'POST', headers: json, body: '[]' }),
    400,
    'invalid_parameters',
    'body: Invalid input',
  ],
  [
    'a missing required header',
    (m) => call(m, '/v1/account/keys/rotate', { method: 'POST' }),
    400,
    'invalid_parameters',
    'header idempotency-key is required',
  ],
  [
    'a malformed required header',
    (m) => call(m, '/v1/account/keys/rotate', { method: 'POST', headers: { 'Idempotency-Key': 'rot_short' } }),
    400,
    'invalid_parameters',
    'header idempotency-key is malformed',
  ],
  [
    'an injected fault',
    (m) => {
      m.faults.inject({ route: 'catalog.sports', status: 503 });
      return call(m, SPORTS);
    },
    503,
    'temporarily_unavailable',
    'injected fault: temporarily_unavailable',
  ],
];

describe("the service's refusals say what is wrong", () => {
  it.each(cases)('%s', async (_label, send, status, code, message) => {
    const mock = newMock();
    expect(refusal(await send(mock))).toEqual([status, code, message]);
  });
});

describe('the refusals of the metering windows say which window and what did not fit', () => {
  const plan = (periodCredits: number, dailyCredits: number, rateLimitRps = 100) => ({
    plans: { tiny: { slug: 'tiny', name: 'Tiny', periodCredits, periodDays: 30, dailyCredits, rateLimitRps } },
    demoAccount: { plan: 'tiny' },
  });

  it.each([
    ['the daily guard', plan(1000, 24), "the daily guard cannot hold this request's 25-credit reservation"],
    ['the plan-period allowance', plan(24, 1000), "the plan-period allowance cannot hold this request's 25-credit reservation"],
    ['both windows', plan(24, 24), "the plan-period allowance and daily guard cannot hold this request's 25-credit reservation"],
  ])('names %s when the envelope does not fit', async (_label, options, message) => {
    const mock = newMock(options);
    expect(refusal(await call(mock, ODDS))).toEqual([429, 'quota_exceeded', message]);
  });

  it('names the rate of the plan when the second is full', async () => {
    const mock = newMock(plan(1000, 1000, 2));
    expect((await call(mock, SPORTS)).status).toBe(200);
    expect((await call(mock, SPORTS)).status).toBe(200);
    expect(refusal(await call(mock, SPORTS))).toEqual([429, 'rate_limited', 'more than 2 requests per second for this account']);
  });
});
