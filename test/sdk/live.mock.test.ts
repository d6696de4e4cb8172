import { describe, expect, it } from 'vitest';
import {
  CursorExpiredError,
  IncompleteScanError,
  InvalidParametersError,
  type Event,
  type LiveFilters,
  type LiveScanState,
} from '../../src';
import { rejection } from './fake-fetch';
import { allPages, sdkFor, useMockServer } from './mock-setup';

const newMock = useMockServer();

/** An instant whose all-sports scan with limit 1 has an empty page before its last (the dataset is seeded). */
const WITH_EMPTY_PAGE = '2026-11-21T20:00:00Z';

describe('live-cursor scans against the mock service', () => {
  it('follows the cursor across pages, past empty ones, until the header is absent', async () => {
    const mock = newMock({ now: WITH_EMPTY_PAGE });
    const { odds, seen } = sdkFor(mock);
    const pages = await allPages(odds.events.live({ limit: 1 }).pages());
    expect(pages.length).toBeGreaterThan(3);
    const emptyBeforeLast = pages.slice(0, -1).filter((p) => p.data.length === 0);
    expect(emptyBeforeLast.length).toBeGreaterThan(0);
    expect(pages.slice(0, -1).every((p) => !p.done && p.meta.nextCursor !== undefined)).toBe(true);
    const last = pages.at(-1);
    expect(last).toMatchObject({ done: true, incomplete: false, state: { done: true, pages: pages.length } });
    expect(last?.meta.nextCursor).toBeUndefined();
    expect(last?.state.cursor).toBeUndefined();

    const events = pages.flatMap((p) => p.data);
    expect(events.every((e) => e.live_status === 1)).toBe(true);
    expect(new Set(events.map((e) => e.event_id)).size).toBe(events.length);
    // One request per page, plus the retries the frozen clock's rate window draws (20 per second).
    expect(seen.requests).toHaveLength(pages.length + seen.retries.length);
    // Every request after the first repeats the filters and adds the cursor.
    for (const request of seen.requests.slice(1)) {
      const q = new URL(request.url).searchParams;
      expect(q.get('live')).toBe('1');
      expect(q.get('limit')).toBe('1');
      expect(q.get('cursor')).toBeTruthy();
    }
    const cost = pages.reduce((sum, p) => sum + (p.meta.credits.cost ?? 0), 0);
    expect(odds.credits.spent).toBe(cost);
  });

  it('iterates events directly, the same as the pages', async () => {
    const mock = newMock({ now: WITH_EMPTY_PAGE });
    const { odds } = sdkFor(mock);
    const viaPages = (await allPages(odds.events.live({ sport_id: 29, limit: 2 }).pages())).flatMap((p) => p.data);
    const viaEvents: Event[] = [];
    for await (const event of odds.events.live({ sport_id: 29, limit: 2 })) viaEvents.push(event);
    expect(viaEvents.map((e) => e.event_id)).toEqual(viaPages.map((e) => e.event_id));
  });

  it('saves its state as JSON and resumes it with another client', async () => {
    const mock = newMock({ now: WITH_EMPTY_PAGE });
    const full = (await allPages(sdkFor(mock).odds.events.live({ limit: 2 }).pages())).flatMap((p) => p.data);

    const { odds } = sdkFor(mock);
    const scan = odds.events.live({ limit: 2 });
    const head: Event[] = [];
    for await (const page of scan.pages()) {
      head.push(...page.data);
      if (page.state.pages === 2) break;
    }
    const saved = JSON.stringify(scan);
    const state = JSON.parse(saved) as LiveScanState<LiveFilters>;
    expect(state).toMatchObject({ filters: { limit: 2 }, pages: 2, done: false });
    expect(typeof state.cursor).toBe('string');
    expect(Date.parse(state.cursorReceivedAt as string)).toBe(mock.clock.now());

    const tail: Event[] = [];
    for await (const event of sdkFor(mock).odds.events.resumeLive(state)) tail.push(event);
    expect([...head, ...tail].map((e) => e.event_id)).toEqual(full.map((e) => e.event_id));
  });

  it('refuses a cursor older than five minutes locally, before sending', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    const scan = odds.events.live({ limit: 1 });
    for await (const page of scan.pages()) if (page.state.pages === 1) break;
    mock.clock.advance(5 * 60_000 + 1_000);
    const sent = seen.requests.length;
    const error = await rejection<CursorExpiredError>(
      (async () => {
        for await (const event of odds.events.resumeLive(scan.state)) void event;
      })(),
    );
    expect(error).toBeInstanceOf(CursorExpiredError);
    expect(error.filters).toEqual({ limit: 1 });
    expect(error.cause).toBeUndefined();
    expect(seen.requests).toHaveLength(sent);
  });

  it("maps the service's refusal of a cursor (400) to CursorExpiredError", async () => {
    const mock = newMock();
    // This client's clock stands still: it believes the cursor fresh, the service does not.
    const frozenAt = mock.clock.now();
    const { odds, seen } = sdkFor(mock, { now: () => frozenAt });
    const scan = odds.events.live({ limit: 1 });
    for await (const page of scan.pages()) if (page.state.pages === 1) break;
    mock.clock.advance(6 * 60_000);
    const error = await rejection<CursorExpiredError>(scan.pages().next());
    expect(error).toBeInstanceOf(CursorExpiredError);
    expect(error.cause).toBeInstanceOf(InvalidParametersError);
    expect(seen.requests).toHaveLength(2);
    expect(seen.retries).toHaveLength(0);

    const tampered = { ...scan.state, cursor: `${scan.state.cursor?.slice(0, -2)}AA` };
    await expect(odds.events.resumeLive(tampered).pages().next()).rejects.toBeInstanceOf(CursorExpiredError);
  });

  it("keeps a refusal of the first page (no cursor sent) as the request's own error, not CursorExpiredError", async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'events.list', status: 400, code: 'invalid_parameters' });
    const { odds } = sdkFor(mock);
    const error = await rejection(odds.events.live({ limit: 1 }).pages().next());
    expect(error).toBeInstanceOf(InvalidParametersError);
    expect(error).not.toBeInstanceOf(CursorExpiredError);
  });

  it('reports a scan that ends truncated without a cursor as incomplete', async () => {
    const mock = newMock({ liveScanLimit: 6 });
    const { odds } = sdkFor(mock);
    const pages = await allPages(odds.events.live({ limit: 2 }).pages());
    expect(pages.at(-1)).toMatchObject({ done: true, incomplete: true, state: { incomplete: true } });
    expect(pages.at(-1)?.meta.truncated).toBe(true);

    const error = await rejection<IncompleteScanError>(
      (async () => {
        for await (const event of odds.events.live({ limit: 2 })) void event;
      })(),
    );
    expect(error).toBeInstanceOf(IncompleteScanError);
    expect(error.message).toMatch(/narrow the sport, league or kickoff window/);
    expect(error.filters).toEqual({ limit: 2 });
  });
});
