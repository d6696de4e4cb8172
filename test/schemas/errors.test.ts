import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ErrorCode, ErrorEnvelope, RETRYABLE_STATUSES } from '../../src/schemas';
import { expectFail, expectOk } from './fixtures';

const requestId = 'req_9f86d081884c7d659a2feaa0c55ad015';

describe('ErrorEnvelope (docs/service.md, Errors)', () => {
  it('accepts {error: {code, message, request_id}}', () => {
    const body = { error: { code: 'invalid_parameters', message: 'limit must be at most 500', request_id: requestId } };
    expect(expectOk(ErrorEnvelope, body)).toEqual(body);
  });

  it('parses an unknown code, so a newer service never breaks an older SDK', () => {
    const body = { error: { code: 'brand_new_code', message: 'Something new.', request_id: requestId } };
    expect(expectOk(ErrorEnvelope, body)).toEqual(body);
    expectOk(ErrorCode, 'another_future_code');
  });

  it('parses every known code', () => {
    for (const code of Object.keys(ERROR_CODES)) {
      expectOk(ErrorEnvelope, { error: { code, message: 'x', request_id: requestId } });
    }
  });

  it('requires error, and code, message and request_id inside it', () => {
    expectFail(ErrorEnvelope, {}, ['error']);
    expectFail(ErrorEnvelope, { code: 'not_found', message: 'x', request_id: requestId }, ['error']);
    expectFail(ErrorEnvelope, { error: { message: 'x', request_id: requestId } }, ['error', 'code']);
    expectFail(ErrorEnvelope, { error: { code: 'not_found', request_id: requestId } }, ['error', 'message']);
    expectFail(ErrorEnvelope, { error: { code: 'not_found', message: 'x' } }, ['error', 'request_id']);
    expectFail(ErrorEnvelope, { error: 'not_found' }, ['error']);
    expectFail(ErrorEnvelope, { error: { code: 404, message: 'x', request_id: requestId } }, ['error', 'code']);
  });
});

describe('ERROR_CODES', () => {
  it('maps every code of docs/service.md (Errors), docs/service.md, Authentication, keys and scopes to its status, and nothing else', () => {
    expect(ERROR_CODES).toEqual({
      // docs/service.md, "Errors" and docs/service.md, "Authentication, keys and scopes"
      invalid_parameters: 400,
      invalid_api_key: 401,
      insufficient_scope: 403,
      account_suspended: 403,
      plan_inactive: 403,
      not_found: 404,
      rate_limited: 429,
      quota_exceeded: 429,
      internal_error: 500,
      service_error: 502,
      temporarily_unavailable: 503,
      // docs/service.md, "Errors"
      invalid_token: 400,
      challenge_failed: 403,
      origin_rejected: 403,
      recovery_unavailable: 403,
      key_limit_reached: 409,
      idempotency_key_reused: 409,
      token_used: 409,
      token_expired: 410,
      payload_too_large: 413,
      unsupported_media_type: 415,
    });
  });

  it('every code fits the request-health error_code pattern', () => {
    for (const code of Object.keys(ERROR_CODES)) expect(code).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
  });
});

describe('RETRYABLE_STATUSES (docs/service.md, Errors)', () => {
  it('are exactly 429, 500, 502 and 503', () => {
    expect([...RETRYABLE_STATUSES].sort()).toEqual([429, 500, 502, 503]);
    for (const status of [400, 401, 403, 404, 409, 410, 415]) expect(RETRYABLE_STATUSES.has(status)).toBe(false);
  });
});
