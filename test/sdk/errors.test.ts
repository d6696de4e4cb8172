import { describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  GoneError,
  InternalServerError,
  InvalidParametersError,
  NotFoundError,
  PermissionDeniedError,
  QuotaExceededError,
  RateLimitError,
  ResponseValidationError,
  ServiceError,
  SportsOdds,
  SportsOddsError,
  UnavailableError,
  UnsupportedMediaTypeError,
} from '../../src';
import { envelope, fakeFetch, rejection, TEST_KEY, virtualTime } from './fake-fetch';

const client = (answers: Parameters<typeof fakeFetch>[0], options: ConstructorParameters<typeof SportsOdds>[0] = {}) => {
  const fake = fakeFetch(answers);
  const time = virtualTime();
  const odds = new SportsOdds({
    apiKey: TEST_KEY,
    baseUrl: 'https://api.sports-odds.test',
    fetch: fake.fetch,
    maxRetries: 0,
    now: time.now,
    sleep: time.sleep,
    logLevel: 'off',
    ...options,
  });
  return { odds, fake, time };
};

describe('error classes', () => {
  it.each([
    [400, 'invalid_parameters', InvalidParametersError],
    [400, 'invalid_token', BadRequestError],
    [401, 'invalid_api_key', AuthenticationError],
    [403, 'insufficient_scope', PermissionDeniedError],
    [403, 'account_suspended', PermissionDeniedError],
    [404, 'not_found', NotFoundError],
    [409, 'key_limit_reached', ConflictError],
    [410, 'token_expired', GoneError],
    [415, 'unsupported_media_type', UnsupportedMediaTypeError],
    [429, 'rate_limited', RateLimitError],
    [429, 'quota_exceeded', QuotaExceededError],
    [500, 'internal_error', InternalServerError],
    [502, 'service_error', ServiceError],
    [503, 'temporarily_unavailable', UnavailableError],
    [418, 'brand_new_code', APIError],
  ] as const)('%i %s is %o', async (status, code, Class) => {
    const { odds } = client([
      { status, body: envelope(status, code, 'what happened'), headers: { 'x-request-id': 'req_abc', 'x-credits-cost': '0' } },
    ]);
    const error = await rejection(odds.catalog.sports());
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(SportsOddsError);
    const api = error as APIError;
    expect(api.status).toBe(status);
    expect(api.code).toBe(code);
    expect(api.serviceMessage).toBe('what happened');
    expect(api.requestId).toMatch(/^req_/);
    expect(api.meta.status).toBe(status);
    expect(api.meta.credits.cost).toBe(0);
    expect(api.name).toBe(Class.name);
  });

  it('types an answer without the envelope by its status', async () => {
    const { odds } = client([{ status: 502, body: '<html>bad gateway</html>', headers: { 'content-type': 'text/html' } }]);
    const error = await rejection<APIError>(odds.catalog.sports());
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.code).toBe('unexpected_response');
  });

  it("keeps the answer's X-Request-Id when the body is not the service's envelope, and the envelope's id when it is", async () => {
    const { odds } = client([
      { status: 503, body: 'upstream down', headers: { 'content-type': 'text/plain', 'x-request-id': 'req_from_the_header' } },
      { status: 404, body: envelope(404, 'not_found'), headers: { 'x-request-id': 'req_from_the_header' } },
    ]);
    const proxy = await rejection<APIError>(odds.catalog.sports());
    expect([proxy.status, proxy.code, proxy.requestId]).toEqual([503, 'unexpected_response', 'req_from_the_header']);
    expect(proxy.message).toContain("HTTP 503 without the service's error envelope");
    const service = await rejection<APIError>(odds.catalog.sports());
    expect(service.requestId).toBe(envelope(404).error.request_id);
  });

  it('types a code by its own class only at the status it belongs to', async () => {
    const { odds } = client([
      { status: 429, body: envelope(429, 'invalid_parameters') },
      { status: 400, body: envelope(400, 'quota_exceeded') },
    ]);
    const first = await rejection(odds.catalog.sports());
    expect(first).toBeInstanceOf(RateLimitError);
    expect(first).not.toBeInstanceOf(InvalidParametersError);
    const second = await rejection(odds.catalog.sports());
    expect(second).toBeInstanceOf(BadRequestError);
    expect(second).not.toBeInstanceOf(QuotaExceededError);
  });

  it('gives QuotaExceededError its resetAt and RateLimitError its retryAfter', async () => {
    const { odds, time } = client([{ status: 429, body: envelope(429, 'quota_exceeded'), headers: { 'retry-after': '7200' } }]);
    const error = await rejection<QuotaExceededError>(odds.catalog.sports());
    expect(error.retryAfter).toBe(7200);
    expect(error.resetAt?.getTime()).toBe(time.now() + 7_200_000);
  });

  it('raises local InvalidParametersError before sending, naming the parameter', async () => {
    const { odds, fake } = client([{ body: [] }]);
    const bad = [
      odds.catalog.leagues({ sport_id: 0 }),
      odds.events.odds(1, { since: '2026-11-21T00:00:00Z', full_history: false }),
      odds.events.list({ limit: 501 }),
      odds.events.list({ cursor: 'abc' }),
      odds.events.odds(-4),
      odds.analytics.clv({ event_id: 1, market: 'moneyline', side: 'over', odds: 2 }),
      odds.analytics.clv({ event_id: 1, market: 'spread', side: 'home', odds: 1 }),
      odds.events.list({ starts_from: 'tomorrow' }),
      odds.events.list({ bogus: 1 } as never),
    ];
    for (const call of bad) {
      const error = await rejection<InvalidParametersError>(call);
      expect(error).toBeInstanceOf(InvalidParametersError);
      expect(error.sent).toBe(false);
      expect(error.status).toBe(400);
      expect(error.issues.length).toBeGreaterThan(0);
      expect(error.requestId).toBeUndefined();
    }
    expect(fake.seen).toHaveLength(0);
    expect(odds.credits.spent).toBe(0);
  });

  it('throws ResponseValidationError with the issue paths, and returns raw rows with validate off', async () => {
    const rows = [{ event_id: 1, odds1: 'not a number' }];
    const { odds } = client([{ body: rows, headers: { 'x-credits-cost': '1' } }]);
    const error = await rejection<ResponseValidationError>(odds.events.odds(1));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues[0]?.path).toEqual([0, 'odds1']);
    expect(error.meta.credits.cost).toBe(1);
    expect(await odds.events.odds(1, {}, { validate: false })).toEqual(rows);
    const off = client([{ body: rows }], { validate: false }).odds;
    expect(await off.events.odds(1)).toEqual(rows);
  });

  it('keeps fields it does not know, and still refuses a known field of the wrong type', async () => {
    const { odds } = client([
      { body: [{ sport_id: 1, name: 'Soccer', surprise: { added: 'later' } }] },
      { body: [{ sport_id: 'one', name: 'Soccer', surprise: true }] },
    ]);
    expect(await odds.catalog.sports()).toEqual([{ sport_id: 1, name: 'Soccer', surprise: { added: 'later' } }]);
    const error = await rejection<ResponseValidationError>(odds.catalog.sports({ cache: false }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues).toEqual([{ path: [0, 'sport_id'], code: 'invalid_type', message: 'expected number, received string' }]);
  });

  it('treats a body that is not JSON as a validation error', async () => {
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.sports-odds.test',
      fetch: async () => new Response('not json', { status: 200 }),
    });
    const error = await rejection<ResponseValidationError>(odds.catalog.sports());
    expect(error.issues[0]?.code).toBe('invalid_json');
  });
});
