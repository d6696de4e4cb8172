import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AbortError,
  APIError,
  AuthenticationError,
  BadRequestError,
  BudgetExceededError,
  ConflictError,
  ConnectionError,
  CursorExpiredError,
  GoneError,
  IncompleteScanError,
  InternalServerError,
  InvalidParametersError,
  NotFoundError,
  PermissionDeniedError,
  QuotaExceededError,
  RateLimitError,
  ServiceError,
  SportsOdds,
  SportsOddsError,
  TimeoutError,
  UnavailableError,
  UnsupportedMediaTypeError,
} from '../../src';
import { internalsOf } from '../../src/core/internals';
import { abortError } from '../../src/core/runtime';
import type { ResponseMeta } from '../../src/core/types';
import { fakeFetch, TEST_KEY } from './fake-fetch';

const init = { status: 400, code: 'invalid_parameters', message: 'bad sport_id' } as const;

describe('every error names its class, so logs and serialized errors say what failed', () => {
  it.each([
    [new SportsOddsError('x'), 'SportsOddsError'],
    [new APIError(init), 'APIError'],
    [new BadRequestError(init), 'BadRequestError'],
    [new InvalidParametersError(init), 'InvalidParametersError'],
    [new AuthenticationError({ ...init, status: 401, code: 'invalid_api_key' }), 'AuthenticationError'],
    [new PermissionDeniedError({ ...init, status: 403, code: 'insufficient_scope' }), 'PermissionDeniedError'],
    [new NotFoundError({ ...init, status: 404, code: 'not_found' }), 'NotFoundError'],
    [new ConflictError({ ...init, status: 409, code: 'key_limit_reached' }), 'ConflictError'],
    [new GoneError({ ...init, status: 410, code: 'token_expired' }), 'GoneError'],
    [new UnsupportedMediaTypeError({ ...init, status: 415, code: 'unsupported_media_type' }), 'UnsupportedMediaTypeError'],
    [new RateLimitError({ ...init, status: 429, code: 'rate_limited' }), 'RateLimitError'],
    [new QuotaExceededError({ ...init, status: 429, code: 'quota_exceeded' }), 'QuotaExceededError'],
    [new InternalServerError({ ...init, status: 500, code: 'internal_error' }), 'InternalServerError'],
    [new ServiceError({ ...init, status: 502, code: 'service_error' }), 'ServiceError'],
    [new UnavailableError({ ...init, status: 503, code: 'temporarily_unavailable' }), 'UnavailableError'],
    [new ConnectionError('x'), 'ConnectionError'],
    [new TimeoutError('x'), 'TimeoutError'],
    [new AbortError('x'), 'AbortError'],
    [new BudgetExceededError('maxCredits', 5, 1), 'BudgetExceededError'],
    [new CursorExpiredError('x', {}), 'CursorExpiredError'],
    [new IncompleteScanError({}, {} as ResponseMeta), 'IncompleteScanError'],
  ])('%s is named %s', (error, name) => {
    expect(error.name).toBe(name);
    expect(String(error).startsWith(`${name}: `)).toBe(true);
    expect(error).toBeInstanceOf(SportsOddsError);
  });
});

describe('APIError', () => {
  it('says status, code and message, and the request id when there is one', () => {
    expect(new APIError(init).message).toBe('400 invalid_parameters: bad sport_id');
    const withId = new APIError({ ...init, requestId: 'req_7' });
    expect(withId.message).toBe('400 invalid_parameters: bad sport_id (request req_7)');
    expect(withId.serviceMessage).toBe('bad sport_id');
  });

  it('dates QuotaExceededError.resetAt Retry-After seconds after the answer arrived', () => {
    const receivedAt = Date.parse('2026-11-21T15:00:00Z');
    const error = new QuotaExceededError({ status: 429, code: 'quota_exceeded', message: 'spent', retryAfter: 90, receivedAt });
    expect(error.resetAt?.toISOString()).toBe('2026-11-21T15:01:30.000Z');
    expect(new QuotaExceededError({ status: 429, code: 'quota_exceeded', message: 'spent' }).resetAt).toBeUndefined();
  });

  it("types meta as present: an answer's meta as given, and one that says there was no answer otherwise", () => {
    expectTypeOf<APIError['meta']>().toEqualTypeOf<ResponseMeta>();
    expectTypeOf<NotFoundError['meta']>().toEqualTypeOf<ResponseMeta>();
    const meta: ResponseMeta = { status: 404, attempts: 2, credits: { cost: 1 }, metered: true, requestId: 'req_9' };
    expect(new NotFoundError({ status: 404, code: 'not_found', message: 'gone', meta }).meta).toBe(meta);
    expect(new NotFoundError({ status: 404, code: 'not_found', message: 'gone' }).meta).toEqual({
      status: 0,
      attempts: 0,
      credits: {},
      metered: false,
    });
  });
});

describe('InvalidParametersError', () => {
  it('is sent unless said otherwise (the service raised it)', () => {
    const error = new InvalidParametersError(init);
    expect(error.sent).toBe(true);
    expect(error.issues).toEqual([]);
  });

  it('in its local form: unsent, 400 invalid_parameters, every issue named in the message', () => {
    const error = InvalidParametersError.local([
      { path: 'sport_id', message: 'must be positive' },
      { path: '', message: 'unknown parameter' },
    ]);
    expect(error.sent).toBe(false);
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_parameters');
    expect(error.serviceMessage).toBe('sport_id: must be positive; unknown parameter');
    expect(error.issues).toHaveLength(2);
    expect(error.meta).toEqual({ status: 0, attempts: 0, credits: {}, metered: false });
  });
});

describe('the causes the SDK keeps', () => {
  it('TimeoutError keeps a cause it is given, and has none otherwise', () => {
    const cause = new Error('slow');
    expect(new TimeoutError('late', { cause }).cause).toBe(cause);
    expect('cause' in new TimeoutError('late')).toBe(false);
    expect('cause' in new TimeoutError('late', { deadline: true })).toBe(false);
  });

  it('TimeoutError is about one attempt unless the deadline ran out', () => {
    expect(new TimeoutError('late').deadline).toBe(false);
    expect(new TimeoutError('late', { deadline: true }).deadline).toBe(true);
  });

  it("AbortError of an aborted call keeps the signal's reason as its cause", () => {
    const controller = new AbortController();
    const reason = new Error('user left the page');
    controller.abort(reason);
    const error = abortError(controller.signal);
    expect(error).toBeInstanceOf(AbortError);
    expect(error.message).toBe('the call was aborted');
    expect(error.cause).toBe(reason);
  });

  it('CursorExpiredError keeps the service refusal as its cause, and has none when the SDK judged the age itself', () => {
    const refusal = new BadRequestError(init);
    const refused = new CursorExpiredError('refused', { league_id: 1 }, refusal);
    expect(refused.cause).toBe(refusal);
    expect(refused.filters).toEqual({ league_id: 1 });
    expect('cause' in new CursorExpiredError('too old', {})).toBe(false);
  });
});

describe('local refusals say what to do', () => {
  it('BudgetExceededError names the limit, the envelope and what is left, never less than nothing', () => {
    expect(new BudgetExceededError('dailyFloor', 250, 40).message).toBe(
      'budget guard (dailyFloor): the call may cost up to 250 credits but only 40 are available; nothing was sent',
    );
    const overdrawn = new BudgetExceededError('maxCredits', 5, -3);
    expect(overdrawn.message).toBe(
      'budget guard (maxCredits): the call may cost up to 5 credits but only 0 are available; nothing was sent',
    );
    expect(overdrawn.available).toBe(-3);
  });

  it('IncompleteScanError of a live scan says to narrow the filters and restart', () => {
    expect(new IncompleteScanError({}, {} as ResponseMeta).message).toBe(
      'the live scan ended truncated without a cursor: narrow the sport, league or kickoff window and restart',
    );
  });
});

describe('internals of a client', () => {
  it('are found for a client and refused for anything else', () => {
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.sports-odds.test',
      fetch: fakeFetch([{ body: [] }]).fetch,
      logLevel: 'off',
    });
    expect(internalsOf(odds).ctx.options.baseUrl).toBe('https://api.sports-odds.test');
    expect(() => internalsOf({})).toThrow(new SportsOddsError('not a SportsOdds client'));
  });
});
