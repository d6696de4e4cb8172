import type { KnownErrorCode, RequestHealthGuidance } from '../../../src/schemas';

type Entry = Omit<RequestHealthGuidance, 'docs_path'>;

/** What each error code means and what to do about it (docs/service.md, "Request health", RequestHealthGuidance). */
const CATALOG: Record<KnownErrorCode, Entry> = {
  invalid_parameters: {
    title: 'Invalid parameters',
    explanation: 'A query parameter, header or body field was missing, malformed, out of range or unknown.',
    actions: ['Read the error message: it names the parameter.', 'Check the parameter formats in the reference.'],
    retryable: false,
    responsibility: 'customer',
  },
  invalid_token: {
    title: 'Invalid token',
    explanation: 'A claim, recovery or verification token was malformed or unknown.',
    actions: ['Open the link from the latest e-mail again.', 'Request a new link.'],
    retryable: false,
    responsibility: 'customer',
  },
  invalid_api_key: {
    title: 'Invalid API key',
    explanation: 'The key was missing, malformed or revoked.',
    actions: ['Send the key as Authorization: Bearer <API_KEY>.', 'Create a new key or recover access if it was revoked.'],
    retryable: false,
    responsibility: 'customer',
  },
  insufficient_scope: {
    title: 'Insufficient scope',
    explanation: 'The key lacks the scope the route needs.',
    actions: ['Use a key with data:read for data routes and account:manage for account routes.'],
    retryable: false,
    responsibility: 'customer',
  },
  account_suspended: {
    title: 'Account suspended',
    explanation: 'The account is suspended, canceled or expired, or its subscription ended.',
    actions: ['Contact support to restore access.'],
    retryable: false,
    responsibility: 'customer',
  },
  plan_inactive: {
    title: 'Plan inactive',
    explanation: 'The plan is held or needs reconciliation before data can be served.',
    actions: ['Contact support.'],
    retryable: false,
    responsibility: 'customer',
  },
  challenge_failed: {
    title: 'Bot challenge failed',
    explanation: 'The recovery request carried a missing, reused or expired challenge, or one for another action or host.',
    actions: ['Reload the recovery page and submit again.'],
    retryable: false,
    responsibility: 'customer',
  },
  origin_rejected: {
    title: 'Origin rejected',
    explanation: 'A cookie-authenticated request did not come from the exact public origin.',
    actions: ['Submit from the first-party page.'],
    retryable: false,
    responsibility: 'customer',
  },
  recovery_unavailable: {
    title: 'Recovery unavailable',
    explanation: 'The account is not eligible for self-service recovery.',
    actions: ['Use a remaining account:manage key, or contact support.'],
    retryable: false,
    responsibility: 'customer',
  },
  not_found: {
    title: 'Not found',
    explanation: 'The resource or result does not exist.',
    actions: ['Check the identifier; discover ids through the catalog and events routes.'],
    retryable: false,
    responsibility: 'customer',
  },
  key_limit_reached: {
    title: 'Key limit reached',
    explanation: 'The account already holds 5 active keys.',
    actions: ['Revoke a key you no longer use, then create the new one.'],
    retryable: false,
    responsibility: 'customer',
  },
  idempotency_key_reused: {
    title: 'Rotation nonce reused',
    explanation: 'A rotation nonce was replayed with another key.',
    actions: ['Generate a fresh nonce for a new rotation; replay an interrupted one only with its own key.'],
    retryable: false,
    responsibility: 'customer',
  },
  token_used: {
    title: 'Token already used',
    explanation: 'A single-use token was consumed and its retry window has passed.',
    actions: ['Request a new link.'],
    retryable: false,
    responsibility: 'customer',
  },
  token_expired: {
    title: 'Token expired',
    explanation: 'The token is past its validity or was invalidated by a recovery-authority change.',
    actions: ['Request a new link.'],
    retryable: false,
    responsibility: 'customer',
  },
  payload_too_large: {
    title: 'Payload too large',
    explanation: 'The request body was larger than 64 KiB and was refused before it was read.',
    actions: ['Send a smaller body: no operation of the service needs more.'],
    retryable: false,
    responsibility: 'customer',
  },
  unsupported_media_type: {
    title: 'Unsupported media type',
    explanation: 'A JSON route was called without Content-Type: application/json.',
    actions: ['Send the body as JSON with Content-Type: application/json.'],
    retryable: false,
    responsibility: 'customer',
  },
  rate_limited: {
    title: 'Rate limited',
    explanation: 'The account sent more requests per second than its plan allows, across all keys.',
    actions: ['Retry after Retry-After seconds.', 'Pace requests to the plan rate.'],
    retryable: true,
    responsibility: 'customer',
  },
  quota_exceeded: {
    title: 'Quota exceeded',
    explanation: 'The daily guard or the plan-period allowance cannot hold the request reservation.',
    actions: ['Wait until the reset in Retry-After.', 'Narrow requests so they reserve fewer credits.'],
    retryable: true,
    responsibility: 'customer',
  },
  internal_error: {
    title: 'Internal error',
    explanation: 'An unexpected gateway failure.',
    actions: ['Retry with exponential backoff.'],
    retryable: true,
    responsibility: 'service',
  },
  service_error: {
    title: 'Service error',
    explanation: 'The data response could not be safely completed.',
    actions: ['Retry with exponential backoff.'],
    retryable: true,
    responsibility: 'service',
  },
  temporarily_unavailable: {
    title: 'Temporarily unavailable',
    explanation: 'Accounting, capacity or a dependency was unavailable.',
    actions: ['Honor Retry-After if present, else back off and retry.'],
    retryable: true,
    responsibility: 'service',
  },
};

const UNKNOWN: Entry = {
  title: 'Unknown error',
  explanation: 'An error code this version does not describe.',
  actions: ['Contact support with the request id.'],
  retryable: false,
  responsibility: 'unknown',
};

/** Guidance for an error code. */
export function guidanceFor(code: string): RequestHealthGuidance {
  const entry = (CATALOG as Partial<Record<string, Entry>>)[code] ?? UNKNOWN;
  return { ...entry, actions: [...entry.actions], docs_path: `/docs/errors#${code}` };
}
