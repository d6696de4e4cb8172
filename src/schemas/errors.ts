import * as z from 'zod/mini';
import { openEnum } from './primitives';

/** Every error code of docs/service.md's "Errors", by HTTP status. */
export const ERROR_CODES = {
  invalid_parameters: 400,
  invalid_token: 400,
  invalid_api_key: 401,
  insufficient_scope: 403,
  account_suspended: 403,
  plan_inactive: 403,
  challenge_failed: 403,
  origin_rejected: 403,
  recovery_unavailable: 403,
  not_found: 404,
  key_limit_reached: 409,
  idempotency_key_reused: 409,
  token_used: 409,
  token_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  quota_exceeded: 429,
  internal_error: 500,
  service_error: 502,
  temporarily_unavailable: 503,
} as const;

export type KnownErrorCode = keyof typeof ERROR_CODES;
const KNOWN_ERROR_CODES = Object.keys(ERROR_CODES) as KnownErrorCode[];

/** A stable error code to branch on; codes the service adds later still parse. */
export const ErrorCode = openEnum(KNOWN_ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The one error envelope of docs/service.md's "Errors". */
export const ErrorEnvelope = z.object({
  error: z.object({
    code: ErrorCode,
    /** Human-readable; may change between releases. */
    message: z.string(),
    /** The same value as the `X-Request-Id` header. */
    request_id: z.string(),
  }),
});
export interface ErrorEnvelope extends z.infer<typeof ErrorEnvelope> {}

/** Codes that may be retried (docs/service.md, "Errors"): after `Retry-After`, or with backoff. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503]);
