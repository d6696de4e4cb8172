import { describe, expect, it } from 'vitest';
import { sdkFor, useMockServer } from './mock-setup';

const newMock = useMockServer();

const OCTOBER = { sport_id: 29, starts_from: '2026-10-01T00:00:00Z', starts_to: '2026-10-31' };

/** A client on the mock, and the events scan of October and an odds history, neither started. */
function unstarted() {
  const mock = newMock();
  const { odds, seen } = sdkFor(mock);
  return { scan: odds.events.scan(OCTOBER), history: odds.events.oddsHistory(42), seen };
}

describe('estimate(rows): what a scan costs, known before anything is spent', () => {
  it('answers the examples of the README and the JSDoc', () => {
    const { scan, history, seen } = unstarted();
    expect(scan.estimate(3_000)).toEqual({ perRequest: 25, rowsPerRequest: 500, spent: 0, requests: 6, credits: 150 });
    expect(history.estimate(12_000)).toEqual({ perRequest: 250, rowsPerRequest: 5000, spent: 0, requests: 3, credits: 602 });
    expect(seen.requests).toHaveLength(0);
  });

  it('counts a credit per 20 rows of each page, a page boundary costing one more, never above the envelopes', () => {
    const { scan } = unstarted();
    // 501 rows: two requests; 26 credits of rows and one for the page boundary.
    expect(scan.estimate(501)).toMatchObject({ requests: 2, credits: 27 });
    // 1,000 rows: two full pages of 25 credits each.
    expect(scan.estimate(1_000)).toMatchObject({ requests: 2, credits: 50 });
    expect(scan.estimate(500)).toMatchObject({ requests: 1, credits: 25 });
    expect(scan.estimate(21)).toMatchObject({ requests: 1, credits: 2 });
  });

  it('takes one request and one credit for no rows or a single row: a request that answers nothing still costs one', () => {
    const { scan } = unstarted();
    expect(scan.estimate(0)).toEqual({ perRequest: 25, rowsPerRequest: 500, spent: 0, requests: 1, credits: 1 });
    expect(scan.estimate(1)).toMatchObject({ requests: 1, credits: 1 });
  });

  it('gives no request or credit figures for no count, or a count that is negative or not finite', () => {
    const { scan } = unstarted();
    const bare = { perRequest: 25, rowsPerRequest: 500, spent: 0 };
    expect(scan.estimate()).toEqual(bare);
    expect(scan.estimate(-1)).toEqual(bare);
    expect(scan.estimate(Number.NaN)).toEqual(bare);
    expect(scan.estimate(Number.POSITIVE_INFINITY)).toEqual(bare);
  });

  it('reports what the scan has spent so far', async () => {
    const { scan } = unstarted();
    const first = await scan.pages().next();
    expect(first.value?.meta.credits.cost).toBeGreaterThan(0);
    expect(scan.estimate()).toEqual({ perRequest: 25, rowsPerRequest: 500, spent: first.value?.meta.credits.cost });
  });
});
