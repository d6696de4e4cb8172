import { DETAIL_RETENTION_DAYS, fromBase64Url, toBase64Url, type RequestHealthDaily, type RequestHealthEvent, type RequestHealthIssue, type RequestHealthReport } from '../../src/schemas';
import type { OperationContext, OperationResult } from '../context';
import { invalidParameters } from '../service-error';
import type { HealthEntry } from '../state/health-log';
import { reportDays } from './account';
import { guidanceFor } from './guidance-catalog';

const DAY_MS = 86_400_000;
const PAGE_SIZE = 50;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();
const failed = (e: HealthEntry) => e.status >= 400;

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

function daily(entries: HealthEntry[], days: number[]): RequestHealthDaily[] {
  const from = days[0]!;
  const rows = days.map((day) => ({ day: isoDay(day), requests: 0, successful_requests: 0, failed_requests: 0, charged_failures: 0, charged_failure_credits: 0, total_latency_ms: 0 }));
  for (const e of entries) {
    const row = rows[Math.floor((e.occurredAt - from) / DAY_MS)];
    if (!row) continue;
    row.requests += 1;
    row.total_latency_ms += e.latencyMs;
    if (!failed(e)) row.successful_requests += 1;
    else {
      row.failed_requests += 1;
      if (e.chargedCredits > 0) {
        row.charged_failures += 1;
        row.charged_failure_credits += e.chargedCredits;
      }
    }
  }
  return rows;
}

function issues(failures: HealthEntry[]): RequestHealthIssue[] {
  const byKey = new Map<string, RequestHealthIssue>();
  for (const e of failures) {
    const code = e.errorCode ?? 'internal_error';
    const key = `${e.endpoint} ${e.status} ${code}`;
    const issue = byKey.get(key) ?? { endpoint: e.endpoint, status: e.status, error_code: code, failures: 0, charged_failures: 0, charged_credits: 0, last_seen_at: iso(e.occurredAt), guidance: guidanceFor(code) };
    issue.failures += 1;
    if (e.chargedCredits > 0) issue.charged_failures += 1;
    issue.charged_credits += e.chargedCredits;
    if (Date.parse(issue.last_seen_at) < e.occurredAt) issue.last_seen_at = iso(e.occurredAt);
    byKey.set(key, issue);
  }
  return [...byKey.values()].sort((a, b) => b.failures - a.failures || a.endpoint.localeCompare(b.endpoint));
}

/**
 * `GET /v1/account/request-health` (spec 2.10): built from what the pipeline recorded, which never
 * holds query values, bodies, authorization headers or addresses.
 */
export function getRequestHealth(ctx: OperationContext<never, { days?: number; cursor?: string }>): OperationResult {
  const { account } = ctx.caller!;
  const { state, clock } = ctx.service;
  const now = clock.now();
  const days = reportDays(ctx.query.days ?? 30, now);
  const entries = state.health.of(account.id, days[0]!);
  const failures = entries.filter(failed);
  const successes = entries.length - failures.length;
  const chargedFailures = failures.filter((e) => e.chargedCredits > 0);

  const retentionFrom = Math.max(days[0]!, days[days.length - 1]! - (DETAIL_RETENTION_DAYS - 1) * DAY_MS);
  const position = ctx.query.cursor === undefined ? undefined : decodeCursor(ctx.query.cursor);
  const detail = failures
    .filter((e) => e.occurredAt >= retentionFrom && (!position || olderThan(e, position)))
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
      occurred_at: iso(e.occurredAt),
      guidance: guidanceFor(e.errorCode ?? 'internal_error'),
    };
  });

  const body: RequestHealthReport = {
    range: { days: days.length, from: isoDay(days[0]!), to: isoDay(days[days.length - 1]!), generated_at: iso(now), detail_retention_days: DETAIL_RETENTION_DAYS },
    summary: {
      requests: entries.length,
      successful_requests: successes,
      failed_requests: failures.length,
      charged_failures: chargedFailures.length,
      charged_failure_credits: chargedFailures.reduce((sum, e) => sum + e.chargedCredits, 0),
      success_rate: entries.length === 0 ? 1 : successes / entries.length,
      average_latency_ms: entries.length === 0 ? 0 : entries.reduce((sum, e) => sum + e.latencyMs, 0) / entries.length,
    },
    daily: daily(entries, days),
    issues: issues(failures),
    events,
    guidance_messages: state.guidance.active(account.id, now),
    next_cursor: detail.length > PAGE_SIZE && last ? encodeCursor({ t: last.occurredAt, r: last.requestId }) : '',
  };
  return { status: 200, body };
}
