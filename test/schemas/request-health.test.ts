import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  GuidanceId,
  RequestGuidanceMessage,
  RequestGuidanceResponse,
  RequestHealthDaily,
  RequestHealthEvent,
  RequestHealthGuidance,
  RequestHealthIssue,
  RequestHealthQuery,
  RequestHealthRange,
  RequestHealthReport,
  RequestHealthSummary,
  RequestId,
  RESPONSIBILITIES,
} from '../../src/schemas';
import { expectFail, expectOk } from './fixtures';

const hex32 = '9f86d081884c7d659a2feaa0c55ad015';

const range = {
  days: 30,
  from: '2026-10-23',
  to: '2026-11-21',
  generated_at: '2026-11-21T18:02:11Z',
  detail_retention_days: 30,
};
const summary = {
  requests: 12_400,
  successful_requests: 12_310,
  failed_requests: 90,
  charged_failures: 12,
  charged_failure_credits: 12,
  success_rate: 0.99274,
  average_latency_ms: 183.4,
};
const daily = {
  day: '2026-11-21',
  requests: 410,
  successful_requests: 405,
  failed_requests: 5,
  charged_failures: 1,
  charged_failure_credits: 1,
  total_latency_ms: 75_021,
};
const guidance = {
  title: 'Narrow the query',
  explanation: 'A query parameter was malformed or out of range.',
  actions: ['Check the parameter named in the message.'],
  docs_path: '/docs/errors#invalid_parameters',
  retryable: false,
  responsibility: 'customer',
};
const issue = {
  endpoint: '/v1/events',
  status: 400,
  error_code: 'invalid_parameters',
  failures: 40,
  charged_failures: 0,
  charged_credits: 0,
  last_seen_at: '2026-11-21T17:40:00Z',
  guidance,
};
const event = {
  request_id: `req_${hex32}`,
  api_key_id: `key_${hex32}`,
  api_key_name: 'ingest worker',
  api_key_prefix: 'svc_live_Ab3d',
  endpoint: '/v1/events/{event_id}/odds',
  status: 502,
  error_code: 'service_error',
  charged_credits: 1,
  metered: true,
  latency_ms: 2_210,
  occurred_at: '2026-11-21T17:41:09.512Z',
  guidance: { ...guidance, retryable: true, responsibility: 'service' },
};
const message = {
  id: `gdn_${hex32}`,
  title: 'Upstream maintenance',
  body: 'Odds for some leagues were delayed between 17:00 and 17:45 UTC.',
  status: 'active',
  created_by: 'support',
  created_at: '2026-11-21T17:50:00Z',
  updated_at: '2026-11-21T17:50:00Z',
  endpoint: '/v1/events/{event_id}/odds',
  error_code: 'service_error',
  expires_at: '2026-11-28T00:00:00Z',
};
const report = {
  range,
  summary,
  daily: [daily, { ...daily, day: '2026-11-20', total_latency_ms: undefined }],
  issues: [issue],
  events: [event],
  guidance_messages: [message],
  next_cursor: '',
};

const without = <T extends object>(value: T, key: keyof T) => {
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  delete copy[key as string];
  return copy;
};

/** Asserts every key of `sample` is required by `schema`. */
const expectAllRequired = (schema: z.core.$ZodType, sample: object, optional: string[] = []) => {
  for (const key of Object.keys(sample)) {
    if (optional.includes(key)) {
      expectOk(schema, without(sample, key as never));
    } else {
      expectFail(schema, without(sample, key as never), [key]);
    }
  }
};

describe('RequestHealthReport (docs/service.md, Request health)', () => {
  it('accepts a full report and a report with empty lists and a continuation cursor', () => {
    expectOk(RequestHealthReport, report);
    expectOk(RequestHealthReport, { ...report, daily: [], issues: [], events: [], guidance_messages: [], next_cursor: 'eyJwIjoyfQ' });
  });

  it('requires all seven fields', () => {
    expectAllRequired(RequestHealthReport, report);
  });

  it('validates nested rows with a path to the offending field', () => {
    expectFail(RequestHealthReport, { ...report, issues: [{ ...issue, status: 200 }] }, ['issues', 0, 'status']);
    expectFail(RequestHealthReport, { ...report, events: [{ ...event, request_id: 'req_1' }] }, ['events', 0, 'request_id']);
  });
});

describe('RequestHealthRange', () => {
  it('days: 1 and 90 accepted, 0 and 91 rejected', () => {
    expectOk(RequestHealthRange, { ...range, days: 1 });
    expectOk(RequestHealthRange, { ...range, days: 90 });
    expectFail(RequestHealthRange, { ...range, days: 0 }, ['days']);
    expectFail(RequestHealthRange, { ...range, days: 91 }, ['days']);
    expectFail(RequestHealthRange, { ...range, days: 1.5 }, ['days']);
  });

  it('detail_retention_days must be 30', () => {
    expectOk(RequestHealthRange, range);
    for (const bad of [29, 31, 90, '30'])
      expectFail(RequestHealthRange, { ...range, detail_retention_days: bad }, ['detail_retention_days']);
  });

  it('from and to are dates, generated_at a date-time; all required', () => {
    expectFail(RequestHealthRange, { ...range, from: '2026-10-23T00:00:00Z' }, ['from']);
    expectFail(RequestHealthRange, { ...range, generated_at: '2026-11-21' }, ['generated_at']);
    expectAllRequired(RequestHealthRange, range);
  });
});

describe('RequestHealthSummary', () => {
  it('success_rate is within 0..1', () => {
    expectOk(RequestHealthSummary, { ...summary, success_rate: 0 });
    expectOk(RequestHealthSummary, { ...summary, success_rate: 1 });
    expectFail(RequestHealthSummary, { ...summary, success_rate: -0.01 }, ['success_rate']);
    expectFail(RequestHealthSummary, { ...summary, success_rate: 1.01 }, ['success_rate']);
  });

  it('average_latency_ms is a non-negative number', () => {
    expectOk(RequestHealthSummary, { ...summary, average_latency_ms: 0 });
    expectFail(RequestHealthSummary, { ...summary, average_latency_ms: -1 }, ['average_latency_ms']);
  });

  it('counts are non-negative integers and all fields are required', () => {
    for (const key of ['requests', 'successful_requests', 'failed_requests', 'charged_failures', 'charged_failure_credits']) {
      expectFail(RequestHealthSummary, { ...summary, [key]: -1 }, [key]);
      expectFail(RequestHealthSummary, { ...summary, [key]: 0.5 }, [key]);
    }
    expectAllRequired(RequestHealthSummary, summary);
  });
});

describe('RequestHealthDaily', () => {
  it('total_latency_ms is optional, everything else required', () => {
    expectAllRequired(RequestHealthDaily, daily, ['total_latency_ms']);
  });

  it('refuses negative counts and a non-date day', () => {
    expectFail(RequestHealthDaily, { ...daily, total_latency_ms: -1 }, ['total_latency_ms']);
    expectFail(RequestHealthDaily, { ...daily, failed_requests: -1 }, ['failed_requests']);
    expectFail(RequestHealthDaily, { ...daily, day: '2026-11-21T00:00:00Z' }, ['day']);
  });
});

describe('RequestHealthGuidance', () => {
  it('accepts each responsibility and refuses any other', () => {
    expect([...RESPONSIBILITIES]).toEqual(['customer', 'service', 'unknown']);
    for (const responsibility of RESPONSIBILITIES) expectOk(RequestHealthGuidance, { ...guidance, responsibility });
    expectFail(RequestHealthGuidance, { ...guidance, responsibility: 'partner' }, ['responsibility']);
  });

  it('actions must hold at least one string', () => {
    expectOk(RequestHealthGuidance, { ...guidance, actions: ['a', 'b'] });
    expectFail(RequestHealthGuidance, { ...guidance, actions: [] }, ['actions']);
    expectFail(RequestHealthGuidance, { ...guidance, actions: [1] }, ['actions', 0]);
  });

  it('docs_path must start with /docs/', () => {
    for (const bad of ['/doc/errors', 'docs/errors', 'https://example.com/docs/x', '/v1/docs/x', '/docs']) {
      expectFail(RequestHealthGuidance, { ...guidance, docs_path: bad }, ['docs_path']);
    }
    expectOk(RequestHealthGuidance, { ...guidance, docs_path: '/docs/' });
  });

  it('all fields are required', () => {
    expectAllRequired(RequestHealthGuidance, guidance);
  });
});

describe('RequestHealthIssue', () => {
  it('accepts an issue row', () => {
    expect(expectOk(RequestHealthIssue, issue)).toEqual(issue);
  });

  it('status: 400 and 599 accepted, 399 and 600 rejected', () => {
    expectOk(RequestHealthIssue, { ...issue, status: 400 });
    expectOk(RequestHealthIssue, { ...issue, status: 599 });
    expectFail(RequestHealthIssue, { ...issue, status: 399 }, ['status']);
    expectFail(RequestHealthIssue, { ...issue, status: 600 }, ['status']);
    expectFail(RequestHealthIssue, { ...issue, status: 404.5 }, ['status']);
  });

  it('error_code matches ^[a-z][a-z0-9_]{0,63}$', () => {
    for (const good of ['a', 'rate_limited', 'e2e_fault', `a${'b'.repeat(63)}`]) {
      expectOk(RequestHealthIssue, { ...issue, error_code: good });
    }
    for (const bad of ['', 'Rate_limited', '1abc', '_abc', 'rate-limited', 'rate limited', `a${'b'.repeat(64)}`]) {
      expectFail(RequestHealthIssue, { ...issue, error_code: bad }, ['error_code']);
    }
  });

  it('endpoint must start with /v1/', () => {
    for (const bad of ['/v2/events', 'v1/events', '/events', '/v1']) {
      expectFail(RequestHealthIssue, { ...issue, endpoint: bad }, ['endpoint']);
    }
  });

  it('counts are non-negative integers, all fields required', () => {
    expectFail(RequestHealthIssue, { ...issue, charged_credits: -1 }, ['charged_credits']);
    expectFail(RequestHealthIssue, { ...issue, failures: 1.5 }, ['failures']);
    expectAllRequired(RequestHealthIssue, issue);
  });
});

describe('RequestHealthEvent', () => {
  it('accepts an event with and without the optional key name and prefix', () => {
    expect(expectOk(RequestHealthEvent, event)).toEqual(event);
    expectAllRequired(RequestHealthEvent, event, ['api_key_name', 'api_key_prefix']);
  });

  it('request_id is req_ + 32 lowercase hex', () => {
    expectOk(RequestId, `req_${hex32}`);
    for (const bad of [`req_${hex32.toUpperCase()}`, `req_${hex32.slice(1)}`, `req_${hex32}0`, `key_${hex32}`, hex32]) {
      expectFail(RequestHealthEvent, { ...event, request_id: bad }, ['request_id']);
    }
  });

  it('api_key_id is key_ + 32 lowercase hex', () => {
    for (const bad of [`key_${hex32.toUpperCase()}`, `key_${hex32.slice(2)}`, `req_${hex32}`]) {
      expectFail(RequestHealthEvent, { ...event, api_key_id: bad }, ['api_key_id']);
    }
  });

  it('endpoint, status and error_code follow the issue rules; metered is a boolean', () => {
    expectFail(RequestHealthEvent, { ...event, endpoint: '/v2/x' }, ['endpoint']);
    expectFail(RequestHealthEvent, { ...event, error_code: 'Bad' }, ['error_code']);
    expectFail(RequestHealthEvent, { ...event, status: 399 }, ['status']);
    expectFail(RequestHealthEvent, { ...event, metered: 'yes' }, ['metered']);
    expectFail(RequestHealthEvent, { ...event, occurred_at: 'now' }, ['occurred_at']);
  });
});

describe('RequestGuidanceMessage', () => {
  it('accepts a support note with and without the optional fields', () => {
    expect(expectOk(RequestGuidanceMessage, message)).toEqual(message);
    expectAllRequired(RequestGuidanceMessage, message, ['endpoint', 'error_code', 'expires_at']);
    expectOk(RequestGuidanceMessage, {
      ...message,
      status: 'withdrawn',
      dismissed_at: '2026-11-21T18:00:00Z',
      withdrawn_at: '2026-11-21T18:30:00Z',
    });
  });

  it('id is gdn_ + 32 lowercase hex', () => {
    expectOk(GuidanceId, `gdn_${hex32}`);
    for (const bad of [`gdn_${hex32.toUpperCase()}`, `gdn_${hex32.slice(1)}`, `req_${hex32}`]) {
      expectFail(RequestGuidanceMessage, { ...message, id: bad }, ['id']);
    }
  });

  it('title: 3 and 120 characters accepted, 2 and 121 rejected', () => {
    expectOk(RequestGuidanceMessage, { ...message, title: 'abc' });
    expectOk(RequestGuidanceMessage, { ...message, title: 't'.repeat(120) });
    expectFail(RequestGuidanceMessage, { ...message, title: 'ab' }, ['title']);
    expectFail(RequestGuidanceMessage, { ...message, title: 't'.repeat(121) }, ['title']);
  });

  it('body: 10 and 1200 characters accepted, 9 and 1201 rejected', () => {
    expectOk(RequestGuidanceMessage, { ...message, body: 'b'.repeat(10) });
    expectOk(RequestGuidanceMessage, { ...message, body: 'b'.repeat(1200) });
    expectFail(RequestGuidanceMessage, { ...message, body: 'b'.repeat(9) }, ['body']);
    expectFail(RequestGuidanceMessage, { ...message, body: 'b'.repeat(1201) }, ['body']);
  });

  it('status is active, dismissed or withdrawn', () => {
    for (const status of ['active', 'dismissed', 'withdrawn']) expectOk(RequestGuidanceMessage, { ...message, status });
    expectFail(RequestGuidanceMessage, { ...message, status: 'archived' }, ['status']);
  });

  it("created_by is the constant 'support'", () => {
    for (const bad of ['admin', 'Support', 'customer']) expectFail(RequestGuidanceMessage, { ...message, created_by: bad }, ['created_by']);
  });

  it('timestamps are date-times', () => {
    expectFail(RequestGuidanceMessage, { ...message, updated_at: '2026-11-21' }, ['updated_at']);
    expectFail(RequestGuidanceMessage, { ...message, expires_at: 'soon' }, ['expires_at']);
  });

  it('RequestGuidanceResponse requires guidance', () => {
    expectOk(RequestGuidanceResponse, { guidance: message });
    expectFail(RequestGuidanceResponse, {}, ['guidance']);
    expectFail(RequestGuidanceResponse, { guidance: { ...message, title: 'x' } }, ['guidance', 'title']);
  });
});

describe('RequestHealthQuery', () => {
  it("decodes days '1' and '90', a cursor, and an empty query", () => {
    expect(z.decode(RequestHealthQuery, { days: '1' })).toEqual({ days: 1 });
    expect(z.decode(RequestHealthQuery, { days: '90', cursor: 'eyJwIjoyfQ' })).toEqual({ days: 90, cursor: 'eyJwIjoyfQ' });
    expect(z.decode(RequestHealthQuery, {})).toEqual({});
  });

  it("rejects days '0' and '91', naming days", () => {
    expectFail(RequestHealthQuery, { days: '0' }, ['days']);
    expectFail(RequestHealthQuery, { days: '91' }, ['days']);
  });

  it('rejects a cursor over 1024 characters and unknown parameters', () => {
    expectOk(RequestHealthQuery, { cursor: 'c'.repeat(1024) });
    expectFail(RequestHealthQuery, { cursor: 'c'.repeat(1025) }, ['cursor']);
    expectFail(RequestHealthQuery, { days: '30', endpoint: '/v1/events' });
  });
});
