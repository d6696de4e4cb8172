import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  CURSOR_TTL_MS,
  CursorExpiredError,
  LiveScan,
  type Event,
  type LiveFilters,
  type LivePage,
  type LiveScanState,
  type WithMeta,
} from '../../src';
import { buildMeta } from '../../src/core/answer/received';
import { rejection } from './fake-fetch';
import { allPages, sdkFor, useMockServer } from './mock-setup';

const newMock = useMockServer();

/** An instant whose all-sports scan with limit 1 has several pages (the dataset is seeded). */
const SEVERAL_PAGES = '2026-11-21T20:00:00Z';

describe('a live scan counts what it read and spent', () => {
  it('counts rows and credits across pages, each page state holding the running totals', async () => {
    const mock = newMock({ now: SEVERAL_PAGES });
    const { odds } = sdkFor(mock);
    const scan = odds.events.live({ limit: 1 });
    expect(scan.state).toMatchObject({ pages: 0, rows: 0, credits: 0, done: false, incomplete: false });
    const pages = await allPages(scan.pages());
    expect(pages.length).toBeGreaterThan(2);
    let rows = 0;
    let credits = 0;
    for (const page of pages) {
      rows += page.data.length;
      credits += page.meta.credits.cost ?? 0;
      expect([page.state.rows, page.state.credits]).toEqual([rows, credits]);
    }
    expect(rows).toBeGreaterThan(0);
    expect(credits).toBeGreaterThan(0);
    expect(scan.state).toMatchObject({ rows, credits, done: true });
  });

  it('resumes the counts of a saved state, and counts from zero for a state saved without them', async () => {
    const mock = newMock({ now: SEVERAL_PAGES });
    const { odds } = sdkFor(mock);
    const first = await odds.events.live({ limit: 1 }).pages().next();
    const saved = (first.value as LivePage<Event, LiveFilters>).state;
    expect(saved.done).toBe(false);

    const counted = { ...saved, rows: 7, credits: 5 };
    const next = (await odds.events.resumeLive(counted).pages().next()).value as LivePage<Event, LiveFilters>;
    expect([next.state.rows, next.state.credits]).toEqual([7 + next.data.length, 5 + (next.meta.credits.cost ?? 0)]);

    const { rows: _rows, credits: _credits, ...older } = saved;
    const old = odds.events.resumeLive(older as LiveScanState<LiveFilters>);
    expect([old.state.rows, old.state.credits]).toEqual([0, 0]);
    const page = (await old.pages().next()).value as LivePage<Event, LiveFilters>;
    expect([page.state.rows, page.state.credits]).toEqual([page.data.length, page.meta.credits.cost ?? 0]);
  });
});

// The cursor's age is judged on the service's clock as the client knows it: a LiveScan over a
// page fetcher of the caller's and a clock held still, so the five minutes are exact.
describe("a live cursor's five minutes (docs/service.md, Constants)", () => {
  const T = Date.parse('2026-11-22T12:00:00Z');
  const filters = { sport_id: 29 };
  const page = (rows: number[]): WithMeta<number[]> => ({
    data: rows,
    meta: buildMeta(new Headers({ 'x-credits-cost': '1' }), 200, 1, T),
    response: new Response('[]'),
  });
  const cost = { perRequest: 1, rowsPerRequest: 100 };
  const resumed = (receivedAt: string | undefined, fetch: () => Promise<WithMeta<number[]>>, known = true) => {
    const state: LiveScanState<typeof filters> = { filters, cursor: 'c1', pages: 1, rows: 1, credits: 1, done: false, incomplete: false };
    if (receivedAt !== undefined) state.cursorReceivedAt = receivedAt;
    return new LiveScan<number, typeof filters>(state, fetch, { known, now: () => T }, cost);
  };

  it('is still valid at exactly five minutes', async () => {
    const scan = resumed(new Date(T - CURSOR_TTL_MS).toISOString(), async () => page([2]));
    const next = await scan.pages().next();
    expect(next.value).toMatchObject({ data: [2], done: true, state: { pages: 2, rows: 2, credits: 2 } });
  });

  it('is refused past five minutes without asking the service, the error giving its age in seconds', async () => {
    let calls = 0;
    const scan = resumed(new Date(T - CURSOR_TTL_MS - 1_400).toISOString(), async () => {
      calls++;
      return page([]);
    });
    const error = await rejection<CursorExpiredError>(scan.pages().next());
    expect(error).toBeInstanceOf(CursorExpiredError);
    expect(error.message).toBe('the live cursor is 301 s old (valid for 5 minutes): restart the scan from its filters');
    expect(error.filters).toEqual(filters);
    expect(calls).toBe(0);
  });

  it('is refused when the state does not say when it was received, as of unknown age', async () => {
    const error = await rejection<CursorExpiredError>(
      resumed(undefined, async () => page([]))
        .pages()
        .next(),
    );
    expect(error).toBeInstanceOf(CursorExpiredError);
    expect(error.message).toContain('the live cursor is of unknown age (valid for 5 minutes)');
  });

  it("is left to the service while the client has not heard the service's time", async () => {
    const scan = resumed(new Date(T - 10 * CURSOR_TTL_MS).toISOString(), async () => page([2]), false);
    expect((await scan.pages().next()).value).toMatchObject({ data: [2] });
  });

  it("turns the service's 400 on a cursor into CursorExpiredError, quoting the service's message", async () => {
    const refusal = new BadRequestError({ status: 400, code: 'invalid_parameters', message: 'cursor expired' });
    const scan = resumed(new Date(T).toISOString(), () => Promise.reject(refusal));
    const error = await rejection<CursorExpiredError>(scan.pages().next());
    expect(error).toBeInstanceOf(CursorExpiredError);
    expect(error.message).toBe(`the service refused the live cursor: ${refusal.message}`);
    expect(error.message).toContain('cursor expired');
    expect(error.cause).toBe(refusal);
  });
});
