import { describe, expect, it } from 'vitest';
import { createClock } from '../../mocks/service/clock';
import { createDataset } from '../../mocks/service/data';
import { handlers } from '../../mocks/service/handlers';
import {
  BudgetExceededError,
  IncompleteScanError,
  type Event,
  type EventScanState,
  type OddsHistoryState,
  type OddsSnapshot,
  type SportsOdds,
} from '../../src';
import { routes } from '../../src/schemas';
import { rejection } from './fake-fetch';
import { chargesOf, NOW, sdkFor, useMockServer } from './mock-setup';

const newMock = useMockServer();
const DAY = 86_400_000;

/** The events of a window listed day by day (each day checked complete): the scan's reference. */
async function dayByDay(
  odds: SportsOdds,
  filters: { sport_id?: number; league_id?: number },
  from: string,
  days: number,
): Promise<Event[]> {
  const all: Event[] = [];
  for (let d = 0; d < days; d++) {
    const day = new Date(Date.parse(from) + d * DAY).toISOString().slice(0, 10);
    const { data, meta } = await odds.events.list({ ...filters, starts_from: `${day}T00:00:00Z`, starts_to: day, limit: 500 }).withMeta();
    expect(meta.truncated).toBe(false);
    all.push(...data);
  }
  return all;
}

const idsOf = (events: readonly Event[]) => events.map((e) => e.event_id as number);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('odds.events.scan(): every event of a window', () => {
  it('returns every event of a month with no truncation, each once, with credits equal to the ledger', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    const scan = odds.events.scan({ sport_id: 29, starts_from: '2026-10-01T00:00:00Z', starts_to: '2026-10-31' });
    expect(scan.estimate()).toEqual({ perRequest: 25, rowsPerRequest: 500, spent: 0 });
    expect(seen.requests).toHaveLength(0);

    const before = chargesOf(mock).charged;
    const pages = await collect(scan.pages());
    const spent = chargesOf(mock).charged - before;
    const events = pages.flatMap((p) => p.data);

    expect(pages.length).toBeGreaterThan(3);
    expect(pages.slice(0, -1).every((p) => p.meta.truncated === true && !p.done)).toBe(true);
    expect(pages.at(-1)).toMatchObject({ done: true, incomplete: false });
    expect(new Set(idsOf(events)).size).toBe(events.length);
    expect(scan.state).toMatchObject({ done: true, incomplete: false, pages: pages.length, rows: events.length, credits: spent });
    expect(pages.reduce((sum, p) => sum + (p.meta.credits.cost ?? 0), 0)).toBe(spent);
    // Every event of October, as a day-by-day listing finds them.
    const reference = await dayByDay(odds, { sport_id: 29 }, '2026-10-01T00:00:00Z', 31);
    expect(sorted(idsOf(events))).toEqual(sorted(idsOf(reference)));
    expect(events.every((e) => (e.starts as string) >= '2026-10-01' && (e.starts as string) < '2026-11-01')).toBe(true);
  });

  it('narrows an instant with more events than a page, by sport then league', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    // Three events start at this instant, two of them of one sport (in two of its leagues).
    const window = { starts_from: '2026-10-03T12:35:00Z', starts_to: '2026-10-03T12:35:00Z' };
    const reference = await odds.events.list({ ...window, limit: 500 });
    expect(reference).toHaveLength(3);

    seen.requests.length = 0;
    const before = chargesOf(mock).charged;
    const scan = odds.events.scan(window, { pageSize: 1 });
    const events = await collect(scan);
    expect(sorted(idsOf(events))).toEqual(sorted(idsOf(reference)));
    expect(scan.state).toMatchObject({ done: true, incomplete: false, rows: 3 });
    const routesCalled = seen.requests.map((r) => r.routeId);
    expect(new Set(routesCalled)).toEqual(new Set(['events.list', 'catalog.sports', 'catalog.leagues']));
    expect(routesCalled.filter((r) => r === 'catalog.leagues')).toHaveLength(1);
    expect(seen.requests.some((r) => new URL(r.url).searchParams.has('league_id'))).toBe(true);
    expect(scan.state.credits).toBe(chargesOf(mock).charged - before);
    // Every request of the scan is a page of its progress (attempts retried after a 429 aside).
    expect(scan.state.pages).toBe(seen.requests.length - seen.retries.length);
  });

  it('ends incomplete when one league has more events at one instant than a page holds', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    // A soccer league with two events at one instant: with one event a page, nothing narrower is left.
    let target: { league: number; at: string } | undefined;
    for (const league of await odds.catalog.leagues({ sport_id: 29 })) {
      const events = await odds.events.list({
        league_id: league.league_id as number,
        starts_from: '2026-10-03T00:00:00Z',
        starts_to: '2026-10-03',
        limit: 500,
      });
      const counts = new Map<string, number>();
      for (const e of events) counts.set(e.starts as string, (counts.get(e.starts as string) ?? 0) + 1);
      const at = [...counts].find(([, n]) => n >= 2)?.[0];
      if (at !== undefined) {
        target = { league: league.league_id as number, at };
        break;
      }
    }
    if (target === undefined) throw new Error('no league with two events at one instant');
    const filters = { league_id: target.league, starts_from: target.at, starts_to: target.at };
    const pages = await collect(odds.events.scan(filters, { pageSize: 1 }).pages());
    expect(pages.at(-1)).toMatchObject({ done: true, incomplete: true, state: { incomplete: true } });
    expect(pages.flatMap((p) => p.data)).toHaveLength(1);
    const error = await rejection<IncompleteScanError>(collect(odds.events.scan(filters, { pageSize: 1 })));
    expect(error).toBeInstanceOf(IncompleteScanError);
    expect(error.message).toMatch(/more events of one league start at one instant than a page holds/);
  });

  it('saves its state as JSON and resumes it in another client', async () => {
    const mock = newMock();
    const full = await collect(
      sdkFor(mock).odds.events.scan({ sport_id: 4, starts_from: '2026-10-01T00:00:00Z', starts_to: '2026-10-20' }, { pageSize: 50 }),
    );
    const { odds } = sdkFor(mock);
    const scan = odds.events.scan({ sport_id: 4, starts_from: '2026-10-01T00:00:00Z', starts_to: '2026-10-20' }, { pageSize: 50 });
    const head: Event[] = [];
    for await (const event of scan) {
      head.push(event);
      if (head.length === 120) break;
    }
    const state = JSON.parse(JSON.stringify(scan)) as EventScanState;
    expect(state.done).toBe(false);
    const tail = await collect(sdkFor(mock).odds.events.resumeScan(state));
    // Breaking mid-page resumes at that page: the page's events already yielded come again.
    const ids = new Set([...idsOf(head), ...idsOf(tail)]);
    expect(sorted([...ids])).toEqual(sorted(idsOf(full)));
  });

  it('stops at its own credit allowance, before a request that could pass it', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const scan = odds.events.scan({ sport_id: 29, starts_from: '2026-10-01T00:00:00Z', starts_to: '2026-10-31' }, { maxCredits: 60 });
    const error = await rejection<BudgetExceededError>(collect(scan));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error.limit).toBe('scanMaxCredits');
    expect(scan.state.credits).toBeLessThanOrEqual(60);
    expect(scan.state.credits).toBeGreaterThan(60 - 25);
  });

  it('respects the client budget and refuses a bad window locally', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock, { budget: { maxCredits: 10 } });
    await expect(
      collect(odds.events.scan({ sport_id: 29, starts_from: '2026-10-01T00:00:00Z', starts_to: '2026-10-31' })),
    ).rejects.toMatchObject({
      name: 'BudgetExceededError',
      limit: 'maxCredits',
    });
    await expect(collect(odds.events.scan({ starts_from: 'October', starts_to: '2026-10-31' }))).rejects.toMatchObject({
      name: 'InvalidParametersError',
      sent: false,
    });
    expect(seen.requests).toHaveLength(0);
  });
});

describe('odds.events.oddsHistory(): a whole price history', () => {
  /** A finished soccer event whose history is above the 5,000-row cap of one answer. */
  async function longHistory(odds: SportsOdds): Promise<Event> {
    const events = await odds.events.list({ sport_id: 29, starts_from: '2026-11-10T00:00:00Z', starts_to: '2026-11-20', limit: 40 });
    for (const event of events) {
      const { meta } = await odds.events.odds(event, { full_history: true }).withMeta();
      if (meta.truncated) return event;
    }
    throw new Error('no event with a truncated history');
  }

  /** The event's whole history from the mock's own data, with no row cap. */
  async function reference(eventId: number): Promise<OddsSnapshot[]> {
    const clock = createClock(NOW);
    clock.freeze(NOW);
    const query = { full_history: true };
    const result = await handlers['events.odds']({
      params: { event_id: eventId },
      query,
      clock,
      rowCap: Number.MAX_SAFE_INTEGER,
      cursorSecret: undefined as never,
      data: createDataset('sports-odds'),
      liveScanLimit: 5000,
    });
    expect(routes['events.odds'].metering?.rowCap(query)).toBe(5000);
    // As the service sends them: its own source fields removed.
    return JSON.parse(JSON.stringify(routes['events.odds'].responses[200].parse(result.body))) as OddsSnapshot[];
  }

  it('returns every row of a history above the row cap, in order, without duplicates, with credits equal to the ledger', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    const event = await longHistory(odds);
    const expected = await reference(event.event_id as number);
    expect(expected.length).toBeGreaterThan(5000);

    seen.requests.length = 0;
    const before = chargesOf(mock).charged;
    const history = odds.events.oddsHistory(event);
    const requests = Math.ceil(expected.length / 5000);
    expect(history.estimate(expected.length)).toEqual({
      perRequest: 250,
      rowsPerRequest: 5000,
      spent: 0,
      requests,
      credits: Math.min(requests * 250, Math.ceil(expected.length / 20) + requests - 1),
    });
    const pages = await collect(history.pages());
    const rows = pages.flatMap((p) => p.data);
    const spent = chargesOf(mock).charged - before;

    expect(rows).toEqual(expected);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[0]?.meta.truncated).toBe(true);
    expect(pages.at(-1)).toMatchObject({ done: true, incomplete: false });
    expect(history.state).toMatchObject({ pages: pages.length, rows: expected.length, credits: spent, done: true });
    expect(spent).toBe(pages.reduce((sum, p) => sum + Math.max(1, Math.ceil(p.data.length / 20)), 0));
    // Each continuation sends `since`: the last snapshot's timestamp of the page before.
    const sinces = seen.requests.filter((r) => r.attempt === 1).map((r) => new URL(r.url).searchParams.get('since'));
    expect(sinces[0]).toBeNull();
    for (let i = 1; i < pages.length; i++) expect(sinces[i]).toBe(pages[i - 1]?.data.at(-1)?.timestamp);
  });

  it('resumes from a saved state and honours main_lines_only', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const event = await longHistory(odds);
    const all = (await reference(event.event_id as number)).filter((r) => r.alt_line_id === null);
    const history = odds.events.oddsHistory(event.event_id as number, { main_lines_only: true });
    const first = await history.pages().next();
    const state = JSON.parse(JSON.stringify(history)) as OddsHistoryState;
    const rest = await collect(sdkFor(mock).odds.events.resumeOddsHistory(state));
    expect([...(first.value?.data ?? []), ...rest]).toEqual(all);
  });

  it('refuses a row without an event id locally', () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    expect(() => odds.events.oddsHistory({ event_id: null })).toThrow(/carries no event_id/);
  });
});
