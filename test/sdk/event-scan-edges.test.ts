import { describe, expect, it } from 'vitest';
import { BudgetExceededError, IncompleteScanError, type Event, type EventScanPage, type SportsOdds } from '../../src';
import { rejection } from './fake-fetch';
import type { MockService } from '../../mocks';
import { allPages, chargesOf, sdkFor, useMockServer } from './mock-setup';

const newMock = useMockServer();

/** A kickoff instant no generated event uses (they start on whole minutes): the tests crowd it with events of their own. */
const CROWDED = '2026-10-03T12:35:17Z';
const SPORT = 29;

const idsOf = (events: readonly Event[]) => events.map((e) => e.event_id as number);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/**
 * Four events of one sport at the crowded instant, two in each of two leagues: more than a page of
 * three holds. (The generated data never has more than three events of a league, nor four of a
 * sport, at one instant that day, so pages of three list the rest of it completely.)
 */
async function crowd(mock: MockService, odds: SportsOdds): Promise<{ sportId: number; leagueIds: number[]; atInstant: number[] }> {
  const leagueIds = (await odds.catalog.leagues({ sport_id: SPORT })).flatMap((l) =>
    typeof l.league_id === 'number' ? [l.league_id] : [],
  );
  const atInstant = [5, 5, 6, 6].map((index, i) =>
    mock.data.addEvent({
      sport_id: SPORT,
      league_id: leagueIds[index] as number,
      runner_home: `Home ${i}`,
      runner_away: `Away ${i}`,
      starts: CROWDED,
    }),
  );
  return { sportId: SPORT, leagueIds, atInstant };
}

const PAGE = 3;

/** The window listed in one request, checked complete: the scan's reference. */
async function reference(
  odds: SportsOdds,
  filters: { sport_id?: number; league_id?: number; starts_from: string; starts_to: string },
): Promise<Event[]> {
  const { data, meta } = await odds.events.list({ ...filters, limit: 500 }).withMeta();
  expect(meta.truncated).toBe(false);
  return data;
}

const rowsOf = (pages: readonly EventScanPage[]) => pages.flatMap((p) => p.data);

describe('an events scan past a crowded kickoff instant', () => {
  it('lists the rest of a window ending on a UTC day through 23:59:59.999 of that day', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const { sportId, atInstant } = await crowd(mock, odds);
    const filters = { sport_id: sportId, starts_from: CROWDED, starts_to: '2026-10-03' };
    const expected = await reference(odds, filters);
    // Events after the crowded instant that day, the last of them in the evening: the rest of the day counts.
    expect(expected.length).toBeGreaterThan(atInstant.length);
    expect(expected.at(-1)?.starts as string).toMatch(/^2026-10-03T(1[89]|2\d):/);

    const pages = await allPages(odds.events.scan(filters, { pageSize: PAGE }).pages());
    expect(sorted(idsOf(rowsOf(pages)))).toEqual(sorted(idsOf(expected)));
    expect(pages.at(-1)).toMatchObject({ done: true, incomplete: false });
  });

  it('lists the rest of a window ending at a timestamp up to that timestamp', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const { sportId } = await crowd(mock, odds);
    const filters = { sport_id: sportId, starts_from: CROWDED, starts_to: '2026-10-03T18:00:00Z' };
    const expected = await reference(odds, filters);
    const events = rowsOf(await allPages(odds.events.scan(filters, { pageSize: PAGE }).pages()));
    expect(sorted(idsOf(events))).toEqual(sorted(idsOf(expected)));
    expect(events.every((e) => (e.starts as string) <= '2026-10-03T18:00:00Z')).toBe(true);
  });

  it('checkpoints the narrowing: one segment per league at the instant, then the rest of the window from just after it', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const { sportId, leagueIds, atInstant } = await crowd(mock, odds);
    const before = chargesOf(mock).charged;
    const scan = odds.events.scan({ sport_id: sportId, starts_from: CROWDED, starts_to: '2026-10-03' }, { pageSize: PAGE });
    const first = await scan.pages().next();
    const page = first.value as EventScanPage;
    expect(page).toMatchObject({ done: false, incomplete: false });
    expect(page.data).toHaveLength(PAGE);
    const yielded = idsOf(page.data);
    expect(yielded.every((id) => atInstant.includes(id))).toBe(true);

    // The catalog call that found the leagues is a page of the scan's progress.
    expect(scan.state).toMatchObject({ pages: 2, rows: PAGE, done: false, incomplete: false });
    expect(scan.state.credits).toBe(chargesOf(mock).charged - before);
    expect(scan.state.segments).toEqual([
      ...leagueIds.map((leagueId) => ({ sport_id: sportId, league_id: leagueId, from: CROWDED, to: CROWDED, seen: yielded })),
      { sport_id: sportId, from: '2026-10-03T12:35:17.001Z', to: '2026-10-03', seen: [] },
    ]);
  });

  it('moves a truncated page on to its last kickoff instant, remembering the events of that instant it yielded', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const { sportId } = await crowd(mock, odds);
    const filters = { sport_id: sportId, starts_from: '2026-10-03T00:00:00Z', starts_to: '2026-10-03' };
    const expected = await reference(odds, filters);
    const crowdedIndex = expected.findIndex((e) => e.starts === CROWDED);
    expect(crowdedIndex).toBeGreaterThan(0);
    // A page that ends on the first event of the crowded instant.
    const scan = odds.events.scan(filters, { pageSize: crowdedIndex + 1 });
    const page = (await scan.pages().next()).value as EventScanPage;
    expect(page.meta.truncated).toBe(true);
    expect(scan.state.segments).toEqual([
      { sport_id: sportId, from: '2026-10-03T12:35:17.000Z', to: '2026-10-03', seen: [expected[crowdedIndex]?.event_id] },
    ]);
    const rest = await allPages(odds.events.resumeScan(scan.state).pages());
    expect(sorted(idsOf([...page.data, ...rowsOf(rest)]))).toEqual(sorted(idsOf(expected)));
  });

  it('keeps the rest of a window that ends one millisecond after the crowded instant, and lists the event there', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const { sportId, leagueIds } = await crowd(mock, odds);
    const justAfter = '2026-10-03T12:35:17.001Z';
    const last = mock.data.addEvent({
      sport_id: SPORT,
      league_id: leagueIds[5] as number,
      runner_home: 'Late',
      runner_away: 'Kick',
      starts: justAfter,
    });
    const filters = { sport_id: sportId, starts_from: CROWDED, starts_to: justAfter };
    const scan = odds.events.scan(filters, { pageSize: PAGE });
    await scan.pages().next();
    expect(scan.state.segments.at(-1)).toEqual({ sport_id: sportId, from: justAfter, to: justAfter, seen: [] });
    const events = rowsOf(await allPages(odds.events.resumeScan(scan.state).pages()));
    expect(idsOf(events)).toContain(last);
  });

  it('asks for nothing after a crowded instant that ends the window', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const { sportId, leagueIds, atInstant } = await crowd(mock, odds);
    const scan = odds.events.scan({ sport_id: sportId, starts_from: CROWDED, starts_to: CROWDED }, { pageSize: PAGE });
    await scan.pages().next();
    // Only the per-league segments of the instant remain: no segment starting after the window's end.
    expect(scan.state.segments.map((s) => s.from)).toEqual(leagueIds.map(() => CROWDED));
    const rest = rowsOf(await allPages(odds.events.resumeScan(scan.state).pages()));
    expect(sorted(idsOf(rest)).every((id) => atInstant.includes(id))).toBe(true);
  });
});

describe('an events scan that cannot list everything', () => {
  it('marks only its last page incomplete, and the row iterator throws after the last row', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    // Two events of one league at the crowded instant: a page of one cannot hold both, and nothing is narrower.
    const { leagueIds } = await crowd(mock, odds);
    const leagueId = leagueIds[5] as number;
    const filters = { league_id: leagueId, starts_from: CROWDED, starts_to: '2026-10-06' };
    const expectedAfter = (await reference(odds, { ...filters, starts_from: '2026-10-03T12:35:18Z' })).length;
    expect(expectedAfter).toBeGreaterThan(0);

    const pages = await allPages(odds.events.scan(filters, { pageSize: 1 }).pages());
    // The page that gave up on the instant goes on: the rest of the window is still listed.
    expect(pages.slice(0, -1).every((p) => !p.done && !p.incomplete)).toBe(true);
    expect(pages.at(-1)).toMatchObject({ done: true, incomplete: true });
    expect(rowsOf(pages)).toHaveLength(1 + expectedAfter);

    const rows: Event[] = [];
    const error = await rejection<IncompleteScanError>(
      (async () => {
        for await (const event of odds.events.scan(filters, { pageSize: 1 })) rows.push(event);
      })(),
    );
    expect(error).toBeInstanceOf(IncompleteScanError);
    expect(error.filters).toEqual(filters);
    expect(error.message).toBe(
      'the events scan could not list every event: more events of one league start at one instant than a page holds',
    );
    expect(rows).toHaveLength(1 + expectedAfter);
  });

  it('skips catalog rows without an id when it narrows an instant', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    await crowd(mock, odds);
    const sports = await odds.catalog.sports();
    mock.use('catalog.sports', () => [{ ...sports[0], sport_id: null }, ...sports], { once: true });
    const expected = await odds.events.list({ starts_from: CROWDED, starts_to: CROWDED, limit: 500 });
    const scan = odds.events.scan({ starts_from: CROWDED, starts_to: CROWDED }, { pageSize: PAGE });
    const events = rowsOf(await allPages(scan.pages()));
    expect(sorted(idsOf(events))).toEqual(sorted(idsOf(expected)));
    expect(scan.state).toMatchObject({ done: true, incomplete: false });
  });
});

describe("an events scan's own credit allowance", () => {
  it('sends a request whose envelope exactly fits the allowance', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    // One request of 500 events reserves 25 credits.
    const scan = odds.events.scan({ sport_id: 29, starts_from: '2026-10-01T00:00:00Z', starts_to: '2026-10-31' }, { maxCredits: 25 });
    const first = await scan.pages().next();
    expect(first.value?.data.length).toBeGreaterThan(0);
    expect(seen.requests).toHaveLength(1);
  });

  it('refuses the next request once what it spent leaves less than an envelope, saying what is left', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    const scan = odds.events.scan({ sport_id: 29, starts_from: '2026-10-01T00:00:00Z', starts_to: '2026-10-31' }, { maxCredits: 30 });
    const error = await rejection<BudgetExceededError>(allPages(scan.pages()));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(seen.requests).toHaveLength(1);
    expect(error).toMatchObject({ limit: 'scanMaxCredits', envelope: 25, available: 30 - scan.state.credits });
    expect(scan.state.credits).toBeGreaterThan(5);
  });

  it('checks a catalog call of the narrowing against the allowance before sending it', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    const { sportId } = await crowd(mock, odds);
    seen.requests.length = 0;
    // A page of one event costs a credit; the leagues call then reserves more than the one credit left.
    const scan = odds.events.scan({ sport_id: sportId, starts_from: CROWDED, starts_to: CROWDED }, { pageSize: 1, maxCredits: 2 });
    const error = await rejection<BudgetExceededError>(allPages(scan.pages()));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error.limit).toBe('scanMaxCredits');
    expect(seen.requests.map((r) => r.routeId)).toEqual(['events.list']);
    expect(error.available).toBe(1);
  });
});
