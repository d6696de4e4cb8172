import {
  DAYS_DEFAULT,
  DETAIL_RETENTION_DAYS,
  fromBase64Url,
  toBase64Url,
  type RequestHealthDaily,
  type RequestHealthEvent,
  type RequestHealthIssue,
  type RequestHealthReport,
} from '../../../src/schemas';
import type { OperationContextOf, OperationResultOf } from '../contract';
import { invalidParameters } from '../service-refusal';
import type { DayTally, HealthEntry } from '../state/health-log';
import { reportDays } from './account';
import { guidanceFor } from './guidance-catalog';
import { isoMillis } from '../../../src/schemas/instant-text';

const DAY_MS = 86_400_000;
const PAGE_SIZE = 50;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Detail-page position: events strictly older than (occurredAt, requestId). */
interface Position {
  t: number;
  r: string;
}

const encodeCursor = (p: Position) => toBase64Url(new TextEncoder().encode(JSON.stringify(p)));

function decodeCursor(cursor: string): Position {
  try {
    const p = JSON.parse(new TextDecoder().decode(fromBase64Url(cursor))) as Partial<Position>;
    if (typeof p.t === 'number' && typeof p.r === 'string') return { t: p.t, r: p.r };
  } catch {
    // falls through to the refusal below
  }
  throw invalidParameters('query parameter cursor: not a cursor of this report');
}

const newestFirst = (a: HealthEntry, b: HealthEntry) => b.occurredAt - a.occurredAt || (b.requestId < a.requestId ? -1 : 1);
const olderThan = (e: HealthEntry, p: Position) => e.occurredAt < p.t || (e.occurredAt === p.t && e.requestId < p.r);

function daily(tallies: DayTally[], days: number[]): RequestHealthDaily[] {
  const byDay = new Map(tallies.map((t) => [t.day, t]));
  return days.map((day) => {
    const t = byDay.get(day);
    return {
      day: isoDay(day),
      requests: t?.requests ?? 0,
      successful_requests: t?.successful ?? 0,
      failed_requests: t?.failed ?? 0,
      charged_failures: t?.chargedFailures ?? 0,
      charged_failure_credits: t?.chargedFailureCredits ?? 0,
      total_latency_ms: t?.totalLatencyMs ?? 0,
    };
  });
}

function issues(tallies: DayTally[]): RequestHealthIssue[] {
  const byKey = new Map<string, RequestHealthIssue>();
  for (const [key, t] of tallies.flatMap((day) => [...day.issues])) {
    const issue = byKey.get(key) ?? {
      endpoint: t.endpoint,
      status: t.status,
      error_code: t.errorCode,
      failures: 0,
      charged_failures: 0,
      charged_credits: 0,
      last_seen_at: isoMillis(t.lastSeenAt),
      guidance: guidanceFor(t.errorCode),
    };
    issue.failures += t.failures;
    issue.charged_failures += t.chargedFailures;
    issue.charged_credits += t.chargedCredits;
    if (Date.parse(issue.last_seen_at) < t.lastSeenAt) issue.last_seen_at = isoMillis(t.lastSeenAt);
    byKey.set(key, issue);
  }
  // Ties in code-unit order: the same on every runtime, and no collation data paged in from ICU.
  return [...byKey.values()].sort((a, b) => b.failures - a.failures || (a.endpoint < b.endpoint ? -1 : a.endpoint > b.endpoint ? 1 : 0));
}

const sum = (
  tallies: DayTally[],
  field: 'requests' | 'successful' | 'failed' | 'chargedFailures' | 'chargedFailureCredits' | 'totalLatencyMs',
) => tallies.reduce((total, t) => total + t[field], 0);

/**
 * `GET /v1/account/request-health` (docs/service.md, "Request health"): built from the day tallies and failure details the
 * pipeline recorded, which never hold query values, bodies, authorization headers or addresses.
 */
export function getRequestHealth(ctx: OperationContextOf<'account.requestHealth'>): OperationResultOf<'account.requestHealth'> {
  const { account } = ctx.caller!;
  const { state, clock } = ctx.service;
  const now = clock.now();
  const days = reportDays(ctx.query.days ?? DAYS_DEFAULT, now);
  const tallies = state.health.days(account.id, days[0]!);
  const requests = sum(tallies, 'requests');
  const successes = sum(tallies, 'successful');

  const retentionFrom = Math.max(days[0]!, days[days.length - 1]! - (DETAIL_RETENTION_DAYS - 1) * DAY_MS);
  const position = ctx.query.cursor === undefined ? undefined : decodeCursor(ctx.query.cursor);
  const detail = state.health
    .failures(account.id, retentionFrom)
    .filter((e) => !position || olderThan(e, position))
    .sort(newestFirst);
  const page = detail.slice(0, PAGE_SIZE);
  const last = page[page.length - 1];
  const keys = state.keys;
  const events: RequestHealthEvent[] = page.map((e) => {
    const key = keys.get(e.keyId);
    return {
      request_id: e.requestId,
      api_key_id: e.keyId,
      ...(key ? { api_key_name: key.name, api_key_prefix: key.prefix } : {}),
      endpoint: e.endpoint,
      status: e.status,
      error_code: e.errorCode ?? 'internal_error',
      charged_credits: e.chargedCredits,
      metered: e.metered,
      latency_ms: e.latencyMs,
      occurred_at: isoMillis(e.occurredAt),
      guidance: guidanceFor(e.errorCode ?? 'internal_error'),
    };
  });

  const body: RequestHealthReport = {
    range: {
      days: days.length,
      from: isoDay(days[0]!),
      to: isoDay(days[days.length - 1]!),
      generated_at: isoMillis(now),
      detail_retention_days: DETAIL_RETENTION_DAYS,
    },
    summary: {
      requests,
      successful_requests: successes,
      failed_requests: sum(tallies, 'failed'),
      charged_failures: sum(tallies, 'chargedFailures'),
      charged_failure_credits: sum(tallies, 'chargedFailureCredits'),
      success_rate: requests === 0 ? 1 : successes / requests,
      average_latency_ms: requests === 0 ? 0 : sum(tallies, 'totalLatencyMs') / requests,
    },
    daily: daily(tallies, days),
    issues: issues(tallies),
    events,
    guidance_messages: state.guidance.active(account.id, now),
    next_cursor: detail.length > PAGE_SIZE && last ? encodeCursor({ t: last.occurredAt, r: last.requestId }) : '',
  };
  return { status: 200, body };
}
