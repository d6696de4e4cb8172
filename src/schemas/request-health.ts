import * as z from 'zod/mini';
import { count, date, dateTime, GuidanceId, KeyId, RequestId } from './primitives';
import { qCursor, qDays, query } from './query';

/** The report window (docs/service.md, "Request health"). */
export const RequestHealthRange = z.object({
  days: z.int().check(z.gte(1), z.lte(90)),
  from: date,
  to: date,
  generated_at: dateTime,
  detail_retention_days: z.literal(30),
});
export interface RequestHealthRange extends z.infer<typeof RequestHealthRange> {}

export const RequestHealthSummary = z.object({
  requests: count,
  successful_requests: count,
  failed_requests: count,
  charged_failures: count,
  charged_failure_credits: count,
  success_rate: z.number().check(z.gte(0), z.lte(1)),
  average_latency_ms: z.number().check(z.gte(0)),
});
export interface RequestHealthSummary extends z.infer<typeof RequestHealthSummary> {}

export const RequestHealthDaily = z.object({
  day: date,
  requests: count,
  successful_requests: count,
  failed_requests: count,
  charged_failures: count,
  charged_failure_credits: count,
  total_latency_ms: z.optional(count),
});
export interface RequestHealthDaily extends z.infer<typeof RequestHealthDaily> {}

export const RESPONSIBILITIES = ['customer', 'service', 'unknown'] as const;

/** What an error code means and what to do about it. */
export const RequestHealthGuidance = z.object({
  title: z.string(),
  explanation: z.string(),
  actions: z.array(z.string()).check(z.minLength(1)),
  docs_path: z.string().check(z.regex(/^\/docs\//)),
  retryable: z.boolean(),
  responsibility: z.enum(RESPONSIBILITIES),
});
export interface RequestHealthGuidance extends z.infer<typeof RequestHealthGuidance> {}

const endpoint = z.string().check(z.regex(/^\/v1\//));
const httpFailureStatus = z.int().check(z.gte(400), z.lte(599));
const errorCode = z.string().check(z.regex(/^[a-z][a-z0-9_]{0,63}$/));

/** Failures aggregated by endpoint template, status and code. */
export const RequestHealthIssue = z.object({
  endpoint,
  status: httpFailureStatus,
  error_code: errorCode,
  failures: count,
  charged_failures: count,
  charged_credits: count,
  last_seen_at: dateTime,
  guidance: RequestHealthGuidance,
});
export interface RequestHealthIssue extends z.infer<typeof RequestHealthIssue> {}

/** One failed request, within the 30-day detail retention. */
export const RequestHealthEvent = z.object({
  request_id: RequestId,
  api_key_id: KeyId,
  api_key_name: z.optional(z.string()),
  api_key_prefix: z.optional(z.string()),
  endpoint,
  status: httpFailureStatus,
  error_code: errorCode,
  charged_credits: count,
  metered: z.boolean(),
  latency_ms: count,
  occurred_at: dateTime,
  guidance: RequestHealthGuidance,
});
export interface RequestHealthEvent extends z.infer<typeof RequestHealthEvent> {}

/** A support note shown with the report. */
export const RequestGuidanceMessage = z.object({
  id: GuidanceId,
  title: z.string().check(z.minLength(3), z.maxLength(120)),
  body: z.string().check(z.minLength(10), z.maxLength(1200)),
  status: z.enum(['active', 'dismissed', 'withdrawn']),
  created_by: z.literal('support'),
  created_at: dateTime,
  updated_at: dateTime,
  endpoint: z.optional(z.string()),
  error_code: z.optional(z.string()),
  expires_at: z.optional(dateTime),
  dismissed_at: z.optional(dateTime),
  withdrawn_at: z.optional(dateTime),
});
export interface RequestGuidanceMessage extends z.infer<typeof RequestGuidanceMessage> {}

/** An object with one required field, `guidance`. */
export const RequestGuidanceResponse = z.object({ guidance: RequestGuidanceMessage });
export interface RequestGuidanceResponse extends z.infer<typeof RequestGuidanceResponse> {}

/** `GET /v1/account/request-health` (docs/service.md, "Request health"). */
export const RequestHealthReport = z.object({
  range: RequestHealthRange,
  summary: RequestHealthSummary,
  daily: z.array(RequestHealthDaily),
  issues: z.array(RequestHealthIssue),
  events: z.array(RequestHealthEvent),
  guidance_messages: z.array(RequestGuidanceMessage),
  /** Opaque; empty when complete. */
  next_cursor: z.string(),
});
export interface RequestHealthReport extends z.infer<typeof RequestHealthReport> {}

/** `days` 1 to 90 (default 30) and the detail-page cursor. */
export const RequestHealthQuery = query({ days: z.optional(qDays), cursor: z.optional(qCursor) });
export type RequestHealthQuery = z.output<typeof RequestHealthQuery>;
