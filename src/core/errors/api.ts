import type { ErrorCode } from '../../schemas/errors';
import type { ResponseMeta } from '../types';
import { SportsOddsError } from './base';

/** What an error answer of the service carried. */
export interface APIErrorInit {
  status: number;
  /** The envelope's stable code; `unexpected_response` when the body was not the error envelope. */
  code: ErrorCode;
  /** The envelope's human-readable message (may change between releases). */
  message: string;
  requestId?: string | undefined;
  /** Headers of the answer (credits, rows, request id); omit it for an error without an answer (`attempts: 0`, `status: 0`). */
  meta?: ResponseMeta | undefined;
  /** `Retry-After` in seconds, when given. */
  retryAfter?: number | undefined;
  /** The service's time when the answer arrived, in ms since the epoch. */
  receivedAt?: number | undefined;
  /** What the SDK adds to the message (after the service's): e.g. a 404's request and a hint. */
  hint?: string | undefined;
}

/** The metadata of an error that no answer carried: no attempt answered, nothing metered. */
function noAnswer(): ResponseMeta {
  return { status: 0, attempts: 0, credits: {}, metered: false };
}

/**
 * An error answer of the service (its error envelope: docs/service.md, "Errors"); branch on `code` or the subclass.
 *
 * @example
 * try {
 *   await odds.events.odds(42);
 * } catch (error) {
 *   if (error instanceof APIError) console.error(error.status, error.code, error.requestId, error.meta.credits.cost);
 * }
 */
export class APIError extends SportsOddsError {
  override name = 'APIError';
  readonly status: number;
  readonly code: ErrorCode;
  /** The service's message alone, without the status and code prefix of `message`. */
  readonly serviceMessage: string;
  readonly requestId: string | undefined;
  /** The answer's metadata (credits: an error after data work can cost one); without an answer: `attempts: 0`, `status: 0`, `metered: false`. */
  readonly meta: ResponseMeta;
  /** Seconds the service asked to wait (`Retry-After`), on 429 and 503. */
  readonly retryAfter: number | undefined;

  constructor(init: APIErrorInit) {
    super(
      `${init.status} ${init.code}: ${init.message}${init.hint ? ` (${init.hint})` : ''}${init.requestId ? ` (request ${init.requestId})` : ''}`,
    );
    this.status = init.status;
    this.code = init.code;
    this.serviceMessage = init.message;
    this.requestId = init.requestId;
    this.meta = init.meta ?? noAnswer();
    this.retryAfter = init.retryAfter;
  }
}

/** 400: a malformed or refused request. */
export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}

/** One problem with a parameter, as reported by local validation. */
export interface ParameterIssue {
  /** Dotted path of the parameter, e.g. `sport_id`. */
  path: string;
  message: string;
}

/**
 * 400 `invalid_parameters`, from the service or raised locally before sending (`sent: false`, free).
 *
 * @example
 * try {
 *   await odds.catalog.leagues({ sport_id: -1 });
 * } catch (error) {
 *   if (error instanceof InvalidParametersError && !error.sent) console.error(error.issues);
 * }
 */
export class InvalidParametersError extends BadRequestError {
  override name = 'InvalidParametersError';
  /** False when raised locally: nothing was sent and nothing charged. */
  readonly sent: boolean;
  /** Per-parameter problems (local validation only; the service names the parameter in its message). */
  readonly issues: readonly ParameterIssue[];

  constructor(init: APIErrorInit & { sent?: boolean; issues?: readonly ParameterIssue[] }) {
    super(init);
    this.sent = init.sent ?? true;
    this.issues = init.issues ?? [];
  }

  /** The local form: raised before sending, free. */
  static local(issues: readonly ParameterIssue[]): InvalidParametersError {
    const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
    return new InvalidParametersError({ status: 400, code: 'invalid_parameters', message, sent: false, issues });
  }
}

/** 401 `invalid_api_key`: the key is missing, malformed or revoked. */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}

/** 403: `insufficient_scope`, `account_suspended`, `plan_inactive`, and the credential-flow refusals. */
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}

/** 404 `not_found` (a CLV request with no matching closing line is one; it can cost a credit). */
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}

/** 409: a conflicting state (key limit, reused nonce, used token). */
export class ConflictError extends APIError {
  override name = 'ConflictError';
}

/** 410 `token_expired`. */
export class GoneError extends APIError {
  override name = 'GoneError';
}

/** 415 `unsupported_media_type`. */
export class UnsupportedMediaTypeError extends APIError {
  override name = 'UnsupportedMediaTypeError';
}

/** 429 `rate_limited`: over the per-second limit; retried after `Retry-After` (1 s). */
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
}

/**
 * 429 `quota_exceeded`: the daily guard or plan-period allowance is spent; thrown at once when the reset is beyond `maxRetryAfter`.
 *
 * @example
 * try {
 *   await odds.events.list();
 * } catch (error) {
 *   if (error instanceof QuotaExceededError) console.log(`credits again at ${error.resetAt?.toISOString()}`);
 * }
 */
export class QuotaExceededError extends APIError {
  override name = 'QuotaExceededError';
  /** When the exhausted limit resets, on the service's clock (`Retry-After` from the answer's `Date`). */
  readonly resetAt: Date | undefined;

  constructor(init: APIErrorInit) {
    super(init);
    this.resetAt = init.retryAfter === undefined ? undefined : new Date((init.receivedAt ?? Date.now()) + init.retryAfter * 1000);
  }
}

/** 500 `internal_error`; retried with backoff. */
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

/** 502 `service_error`: the data answer could not be safely completed; retried with backoff. */
export class ServiceError extends APIError {
  override name = 'ServiceError';
}

/** 503 `temporarily_unavailable`; retried after `Retry-After`, else with backoff. */
export class UnavailableError extends APIError {
  override name = 'UnavailableError';
}
