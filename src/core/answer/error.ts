import { ErrorEnvelope } from '../../schemas/errors';
import type { ResponseMeta } from '../types';
import { validatorOf } from '../validation';
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
  ServiceError,
  UnavailableError,
  UnsupportedMediaTypeError,
  type APIErrorInit,
} from '../errors';

type APIErrorClass = new (init: APIErrorInit) => APIError;

const isEnvelopeShape = validatorOf(ErrorEnvelope);
const isEnvelope = (value: unknown): value is ErrorEnvelope => isEnvelopeShape(value);

/** Codes with a class of their own, and the status they belong to. */
const BY_CODE: Readonly<Record<string, readonly [APIErrorClass, number]>> = {
  invalid_parameters: [InvalidParametersError, 400],
  rate_limited: [RateLimitError, 429],
  quota_exceeded: [QuotaExceededError, 429],
};

const BY_STATUS: Readonly<Record<number, APIErrorClass>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  410: GoneError,
  415: UnsupportedMediaTypeError,
  429: RateLimitError,
  500: InternalServerError,
  502: ServiceError,
  503: UnavailableError,
};

/** The error class of an answer: by code where it has its own class, else by status, else `APIError`. */
function apiErrorFor(init: APIErrorInit): APIError {
  const byCode = BY_CODE[init.code];
  const Class = byCode !== undefined && byCode[1] === init.status ? byCode[0] : (BY_STATUS[init.status] ?? APIError);
  return new Class(init);
}

/**
 * The typed error of an error answer: from its envelope, else generic for the status (a proxy answered); `receivedAt` is the
 * service's time (`QuotaExceededError.resetAt` counts from it).
 *
 * @example
 * throw errorFromAnswer(503, text, meta, clock.now());
 */
export function errorFromAnswer(status: number, text: string, meta: ResponseMeta, receivedAt: number, hint?: string): APIError {
  let envelope: ErrorEnvelope | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isEnvelope(parsed)) envelope = parsed;
  } catch {
    // Not JSON.
  }
  return apiErrorFor({
    status,
    code: envelope?.error.code ?? 'unexpected_response',
    message: envelope?.error.message ?? `HTTP ${status} without the service's error envelope`,
    requestId: envelope?.error.request_id ?? meta.requestId,
    meta,
    retryAfter: meta.retryAfter,
    receivedAt,
    hint,
  });
}
