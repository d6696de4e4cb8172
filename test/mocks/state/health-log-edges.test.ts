import { describe, expect, it } from 'vitest';
import { HEALTH_DAYS, HealthLog, type HealthEntry } from '../../../mocks/service/state/health-log';

/**
 * What request health counts (docs/service.md, "Request health"; docs/service.md, "Request health"): every request in its UTC
 * day's tally, a failure (status 400 and up) also in its issue and in the failure details, a failure
 * "charged" only when it cost credits; day tallies for 90 days.
 */

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-21T00:00:00Z');
const ODDS = '/v1/events/{event_id}/odds';

let seq = 0;
const entry = (over: Partial<HealthEntry> = {}): HealthEntry => ({
  requestId: `req_${String(++seq).padStart(32, '0')}`,
  accountId: 'acct',
  keyId: 'key',
  endpoint: ODDS,
  status: 200,
  chargedCredits: 1,
  metered: true,
  latencyMs: 10,
  occurredAt: T0 + 3_600_000,
  ...over,
});

describe('HealthLog edges', () => {
  it('counts a 400 as a failure, with its issue and detail', () => {
    const log = new HealthLog();
    const bad = entry({ status: 400, errorCode: 'invalid_parameters', chargedCredits: 0 });
    log.record(bad);
    const [day] = log.days('acct', 0);
    expect(day).toMatchObject({ requests: 1, successful: 0, failed: 1, chargedFailures: 0, chargedFailureCredits: 0, totalLatencyMs: 10 });
    expect([...day!.issues.values()]).toEqual([
      {
        endpoint: ODDS,
        status: 400,
        errorCode: 'invalid_parameters',
        failures: 1,
        chargedFailures: 0,
        chargedCredits: 0,
        lastSeenAt: bad.occurredAt,
      },
    ]);
    expect(log.failures('acct', 0)).toEqual([bad]);
  });

  it('counts a success without keeping it in the details', () => {
    const log = new HealthLog();
    log.record(entry({ status: 200, latencyMs: 7 }));
    log.record(entry({ status: 201, latencyMs: 5 }));
    expect(log.days('acct', 0)).toEqual([
      expect.objectContaining({ requests: 2, successful: 2, failed: 0, totalLatencyMs: 12, issues: new Map() }),
    ]);
    expect(log.failures('acct', 0)).toEqual([]);
  });

  it('counts a failure as charged only when it cost credits, and sums what it cost', () => {
    const log = new HealthLog();
    log.record(entry({ status: 404, errorCode: 'not_found', chargedCredits: 0 }));
    log.record(entry({ status: 404, errorCode: 'not_found', chargedCredits: 2 }));
    log.record(entry({ status: 404, errorCode: 'not_found', chargedCredits: 3 }));
    const [day] = log.days('acct', 0);
    expect(day).toMatchObject({ failed: 3, chargedFailures: 2, chargedFailureCredits: 5 });
    expect([...day!.issues.values()]).toEqual([expect.objectContaining({ failures: 3, chargedFailures: 2, chargedCredits: 5 })]);
  });

  it('files a failure without a code as internal_error', () => {
    const log = new HealthLog();
    log.record(entry({ status: 500, chargedCredits: 0 }));
    const [day] = log.days('acct', 0);
    expect([...day!.issues.values()]).toEqual([expect.objectContaining({ status: 500, errorCode: 'internal_error', failures: 1 })]);
  });

  it('keeps one issue per endpoint, status and code, in order of first failure, last seen at the latest', () => {
    const log = new HealthLog();
    const late = T0 + 5 * 3_600_000;
    log.record(entry({ status: 404, errorCode: 'not_found', occurredAt: late }));
    log.record(entry({ status: 404, errorCode: 'not_found', occurredAt: T0 + 3_600_000 })); // the clock was set back
    log.record(entry({ status: 400, errorCode: 'invalid_parameters' }));
    log.record(entry({ status: 404, errorCode: 'not_found', endpoint: '/v1/events' }));
    log.record(entry({ status: 503, errorCode: 'not_found' }));
    const issues = [...log.days('acct', 0)[0]!.issues.values()];
    expect(issues.map((i) => [i.endpoint, i.status, i.errorCode, i.failures])).toEqual([
      [ODDS, 404, 'not_found', 2],
      [ODDS, 400, 'invalid_parameters', 1],
      ['/v1/events', 404, 'not_found', 1],
      [ODDS, 503, 'not_found', 1],
    ]);
    expect(issues[0]!.lastSeenAt).toBe(late);
  });

  it('tallies by UTC day and lists the days from `since`, oldest first', () => {
    const log = new HealthLog();
    log.record(entry({ occurredAt: T0 + 2 * DAY + 5 }));
    log.record(entry({ occurredAt: T0 - 1 }));
    log.record(entry({ occurredAt: T0 }));
    log.record(entry({ occurredAt: T0 + DAY - 1 }));
    expect(log.days('acct', 0).map((d) => [d.day, d.requests])).toEqual([
      [T0 - DAY, 1],
      [T0, 2],
      [T0 + 2 * DAY, 1],
    ]);
    expect(log.days('acct', T0).map((d) => d.day)).toEqual([T0, T0 + 2 * DAY]);
    expect(log.days('other', 0)).toEqual([]);
  });

  it('lists failure details from `since` on, oldest first, per account', () => {
    const log = new HealthLog();
    const a = entry({ status: 404, errorCode: 'not_found', occurredAt: T0 + 1 });
    const b = entry({ status: 404, errorCode: 'not_found', occurredAt: T0 + 2 });
    log.record(a);
    log.record(b);
    log.record(entry({ accountId: 'other', status: 404, errorCode: 'not_found', occurredAt: T0 + 3 }));
    expect(log.failures('acct', T0 + 2)).toEqual([b]);
    expect(log.failures('acct', T0 + 1)).toEqual([a, b]);
    expect(log.failures('nobody', 0)).toEqual([]);
  });

  it('keeps the tallies of the last 90 UTC days', () => {
    const log = new HealthLog();
    log.record(entry({ occurredAt: T0 }));
    log.record(entry({ occurredAt: T0 + (HEALTH_DAYS - 1) * DAY }));
    expect(log.days('acct', 0).map((d) => d.day)).toEqual([T0, T0 + (HEALTH_DAYS - 1) * DAY]);
    log.record(entry({ occurredAt: T0 + HEALTH_DAYS * DAY }));
    expect(log.days('acct', 0).map((d) => d.day)).toEqual([T0 + (HEALTH_DAYS - 1) * DAY, T0 + HEALTH_DAYS * DAY]);
  });
});
