// Whole windows and whole histories, as a backfill job reads them: every event of a month past the
// listing's limit, and every row of a price history past its 5,000-row cap, with exact credits.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SportsOdds, type Event, type OddsSnapshot } from 'sports-odds-data';
import { createMockService } from 'sports-odds-data/mocks';

const mock = createMockService({ now: '2026-11-21T15:00:00Z' });
const server = setupServer(...mock.handlers);
const odds = new SportsOdds({ apiKey: mock.apiKey, baseUrl: mock.baseUrl, logLevel: 'off' });
const charged = () => mock.ledger().find((e) => e.email === mock.demoEmail)?.charged ?? 0;

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

describe('a month of events', () => {
  it('scans every event of the month, with no truncation, each once, for the credits the mock charged', async () => {
    const scan = odds.events.scan({ sport_id: 29, starts_from: '2026-10-01T00:00:00Z', starts_to: '2026-10-31' });
    expect(scan.estimate()).toEqual({ perRequest: 25, rowsPerRequest: 500, spent: 0 });
    const before = charged();
    const events: Event[] = [];
    let pages = 0;
    for await (const page of scan.pages()) {
      pages += 1;
      events.push(...page.data);
      expect(page.state.pages).toBe(pages);
      expect(page.state.rows).toBe(events.length);
    }
    const spent = charged() - before;
    expect(pages).toBeGreaterThan(1);
    expect(scan.state).toMatchObject({ done: true, incomplete: false, credits: spent, rows: events.length });

    // The same month day by day: each day fits one answer, so this is every event.
    const daily: Event[] = [];
    for (let day = 1; day <= 31; day++) {
      const date = `2026-10-${String(day).padStart(2, '0')}`;
      const { data, meta } = await odds.events
        .list({ sport_id: 29, starts_from: `${date}T00:00:00Z`, starts_to: date, limit: 500 })
        .withMeta();
      expect(meta.truncated).toBe(false);
      daily.push(...data);
    }
    const ids = (list: Event[]) => list.map((e) => e.event_id).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(events.length).toBeGreaterThan(500);
    expect(new Set(ids(events)).size).toBe(events.length);
    expect(ids(events)).toEqual(ids(daily));
  });
});

describe('a price history above the row cap', () => {
  it('reads every row, in order and once, continuing with since, for the credits the mock charged', async () => {
    const candidates = await odds.events.list({ sport_id: 29, starts_from: '2026-11-10T00:00:00Z', starts_to: '2026-11-20', limit: 40 });
    let event: Event | undefined;
    for (const candidate of candidates) {
      if ((await odds.events.odds(candidate, { full_history: true }).withMeta()).meta.truncated) {
        event = candidate;
        break;
      }
    }
    if (event === undefined) throw new Error('no event with a history above the cap');

    const history = odds.events.oddsHistory(event);
    expect(history.estimate()).toEqual({ perRequest: 250, rowsPerRequest: 5000, spent: 0 });
    const before = charged();
    const rows: OddsSnapshot[] = [];
    const sizes: number[] = [];
    for await (const page of history.pages()) {
      rows.push(...page.data);
      sizes.push(page.data.length);
    }
    const spent = charged() - before;
    expect(rows.length).toBeGreaterThan(5000);
    expect(sizes.length).toBeGreaterThan(1);
    expect(history.state).toMatchObject({ done: true, incomplete: false, rows: rows.length, credits: spent });
    expect(spent).toBe(sizes.reduce((sum, n) => sum + Math.max(1, Math.ceil(n / 20)), 0));

    // Every row once, in time order; the rows after the first page are exactly what `since` answers.
    const keys = rows.map((r) => `${r.line_id}|${r.alt_line_id}|${r.market}|${r.period}|${r.line}|${r.timestamp}`);
    expect(new Set(keys).size).toBe(rows.length);
    const times = rows.map((r) => Date.parse(r.timestamp ?? ''));
    expect(times.every((t, i) => i === 0 || t >= (times[i - 1] as number))).toBe(true);
    const firstPage = sizes[0] as number;
    const lastOfFirst = rows[firstPage - 1]?.timestamp ?? '';
    const after = odds.events.oddsHistory(event, { since: lastOfFirst });
    const rest: OddsSnapshot[] = [];
    for await (const row of after) rest.push(row);
    expect(rest).toEqual(rows.slice(firstPage));
  });
});
