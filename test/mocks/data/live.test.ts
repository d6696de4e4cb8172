import { describe, expect, it } from 'vitest';
import { routes } from '../../../src/schemas';
import type { Clock } from '../../../mocks/service/clock';
import type { Fixture, LiveState } from '../../../mocks/service/data';
import { handlers } from '../../../mocks/service/handlers';
import { prevalidateLiveCursor } from '../../../mocks/service/routes/live-cursor';
import type { DataResult, ServiceContext } from '../../../mocks/service/contract';
import { DAY, HOUR, MINUTE, NOW, call, data, frozenClock, rowsOf, secret } from './context';

type Query = Record<string, string | number | boolean>;

/** The fixtures in play at `now`, by live state. */
const inPlay = (now: number): Map<LiveState, Fixture[]> => {
  const out = new Map<LiveState, Fixture[]>();
  for (const f of data.fixturesBetween(now - DAY, now, now)) {
    const state = data.liveState(f, now);
    out.set(state, [...(out.get(state) ?? []), f]);
  }
  return out;
};

/** Follows a live scan to its end. */
async function scan(query: Query, clock: Clock, options: { liveScanLimit?: number; between?: () => void } = {}) {
  const pages: DataResult[] = [];
  let cursor: string | undefined;
  do {
    const page = await call('events.list', {
      query: { ...query, live: true, ...(cursor === undefined ? {} : { cursor }) },
      clock,
      ...(options.liveScanLimit === undefined ? {} : { liveScanLimit: options.liveScanLimit }),
    });
    pages.push(page);
    cursor = page.nextCursor;
    options.between?.();
  } while (cursor !== undefined && pages.length < 500);
  return { pages, rows: pages.flatMap(rowsOf) };
}

const states = inPlay(NOW);
const offered = states.get('offered') ?? [];

describe('live=1: which events are listed (docs/service.md, Events)', () => {
  it('has dozens of in-play candidates across sports at the test instant, most of them offered', () => {
    const candidates = [...states.entries()].filter(([s]) => s !== 'ended' && s !== 'prematch').flatMap(([, fs]) => fs);
    expect(candidates.length).toBeGreaterThanOrEqual(24);
    expect(offered.length).toBeGreaterThanOrEqual(12);
    expect(new Set(offered.map((f) => f.sport.sportId)).size).toBeGreaterThanOrEqual(5);
    for (const state of ['suspended', 'expired', 'not-covered', 'ended'] as const)
      expect(states.get(state)?.length ?? 0).toBeGreaterThan(0);
  });

  it('lists exactly the offered in-play events: suspended, expired, historical-only and ended ones are excluded', async () => {
    const { rows, pages } = await scan({ limit: 500 }, frozenClock());
    expect(pages).toHaveLength(1);
    expect(pages[0]!.truncated).toBe(false);
    expect(new Set(rows.map((r) => r.event_id))).toEqual(new Set(offered.map((f) => f.eventId)));
    expect(rows.every((r) => r.live_status === 1)).toBe(true);
  });

  it('an offered event has an open line whose cutoff is after now in its latest odds', () => {
    for (const f of offered) {
      const latest = data.odds(f, NOW, { fullHistory: false, mainOnly: false, rowCap: 500 }).rows;
      expect(latest.some((r) => r.status === 1 && Date.parse(r.cutoff as string) > NOW)).toBe(true);
    }
    for (const state of ['suspended', 'expired', 'not-covered'] as const) {
      for (const f of states.get(state) ?? []) {
        const latest = data.odds(f, NOW, { fullHistory: false, mainOnly: false, rowCap: 500 }).rows;
        expect(latest.some((r) => r.status === 1 && Date.parse(r.cutoff as string) > NOW)).toBe(false);
      }
    }
  });

  it('an exact event_id lookup verifies only that event', async () => {
    const listed = await call('events.list', { query: { live: true, event_id: offered[0]!.eventId } });
    expect(listed).toMatchObject({ rows: 1, verified: 1, truncated: false });
    const suspended = states.get('suspended')![0]!;
    expect(await call('events.list', { query: { live: true, event_id: suspended.eventId } })).toMatchObject({ rows: 0, verified: 1 });
    const ended = states.get('ended')![0]!;
    expect(await call('events.list', { query: { live: true, event_id: ended.eventId } })).toMatchObject({ rows: 0, verified: 0 });
  });

  it('re-checks at final validation with a fresh clock read', async () => {
    // A clock that jumps 3 hours between the page's first read and its final validation.
    const clock = frozenClock(NOW);
    let reads = 0;
    const jumping: Clock = { ...clock, now: () => (reads++ === 0 ? NOW : NOW + 3 * HOUR) };
    const result = await call('events.list', { query: { live: true, limit: 500 }, clock: jumping });
    const later = NOW + 3 * HOUR;
    expect(result.verified).toBe(
      offered.length + [...states.entries()].filter(([s]) => !['offered', 'ended', 'prematch'].includes(s)).flatMap(([, f]) => f).length,
    );
    for (const r of rowsOf(result)) expect(data.liveState(data.fixture(r.event_id as number)!, later)).toBe('offered');
    expect(result.rows).toBeLessThan(offered.length);
  });

  it('since filters fixture metadata changes', async () => {
    const since = NOW - 30 * MINUTE;
    const rows = rowsOf(await call('events.list', { query: { live: true, limit: 500, since: new Date(since).toISOString() } }));
    const expected = offered.filter((f) => data.lastChangeAt(f, NOW) > since).map((f) => f.eventId);
    expect(rows.map((r) => r.event_id).sort()).toEqual(expected.sort());
    expect(expected.length).toBeLessThan(offered.length);
  });
});

describe('live=1: paging (rules 7 and 8)', () => {
  it('verifies at most max(4, 2 x limit) candidates per page and follows cursors to completion', async () => {
    const { pages, rows } = await scan({ limit: 2 }, frozenClock());
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages) {
      expect(page.verified).toBeLessThanOrEqual(4);
      expect(page.rows).toBeLessThanOrEqual(2);
      if (page.nextCursor !== undefined) {
        expect(page.truncated).toBe(true);
        expect(page.nextCursor.length).toBeLessThanOrEqual(1024);
        expect(page.nextCursor).toMatch(/^[A-Za-z0-9_.-]+$/);
      }
    }
    expect(pages.at(-1)!.truncated).toBe(false);
    expect(pages.at(-1)!.nextCursor).toBeUndefined();
    const ids = rows.map((r) => r.event_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(offered.map((f) => f.eventId)));
  });

  it('carries a cursor across short and empty pages', async () => {
    // Search the timeline for an instant where some page comes back empty (deterministic for the seed).
    for (let k = 0; k < 60; k++) {
      const now = NOW + k * 11 * MINUTE;
      const { pages, rows } = await scan({ limit: 1 }, frozenClock(now));
      const empty = pages.findIndex((p) => p.rows === 0 && p.nextCursor !== undefined);
      if (empty < 0) continue;
      const expected = [...data.fixturesBetween(now - DAY, now, now)].filter((f) => data.liveState(f, now) === 'offered');
      expect(new Set(rows.map((r) => r.event_id))).toEqual(new Set(expected.map((f) => f.eventId)));
      expect(pages.at(-1)!.nextCursor).toBeUndefined();
      return;
    }
    throw new Error('no empty intermediate page found');
  });

  it('binds the scan to the kickoff snapshot: events kicking off later are not added', async () => {
    const clock = frozenClock(NOW);
    const { rows } = await scan({ limit: 1 }, clock, { between: () => clock.advance(20_000) });
    expect(rows.every((r) => Date.parse(r.starts as string) <= NOW)).toBe(true);
  });

  it('ends truncated without a cursor once the scan passes liveScanLimit candidates', async () => {
    const { pages } = await scan({ limit: 1 }, frozenClock(), { liveScanLimit: 6 });
    const last = pages.at(-1)!;
    expect(last.nextCursor).toBeUndefined();
    expect(last.truncated).toBe(true);
    expect(pages.reduce((s, p) => s + (p.verified ?? 0), 0)).toBe(6);
  });
});

describe('live cursor checks', () => {
  const firstPage = async (clock: Clock, query: Query = {}) => {
    const page = await call('events.list', { query: { live: true, limit: 1, ...query }, clock });
    expect(page.nextCursor).toBeDefined();
    return page.nextCursor!;
  };

  it('rejects a tampered cursor as invalid_parameters', async () => {
    const clock = frozenClock();
    const cursor = await firstPage(clock);
    const flipped = `${cursor[0] === 'A' ? 'B' : 'A'}${cursor.slice(1)}`;
    for (const bad of [flipped, `${cursor}x`, 'not-a-cursor', cursor.split('.')[0]!]) {
      await expect(call('events.list', { query: { live: true, limit: 1, cursor: bad }, clock })).rejects.toMatchObject({
        status: 400,
        code: 'invalid_parameters',
      });
    }
  });

  it('rejects a cursor whose filters differ, but allows another page size', async () => {
    const clock = frozenClock();
    const cursor = await firstPage(clock);
    await expect(call('events.list', { query: { live: true, limit: 1, sport_id: 29, cursor }, clock })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('filters'),
    });
    await expect(call('events.list', { query: { live: true, limit: 3, cursor }, clock })).resolves.toBeDefined();
  });

  it('expires five minutes after issue on the mock clock', async () => {
    const clock = frozenClock();
    const cursor = await firstPage(clock);
    clock.advance(5 * MINUTE);
    await expect(call('events.list', { query: { live: true, limit: 1, cursor }, clock })).resolves.toBeDefined();
    clock.advance(1000);
    await expect(call('events.list', { query: { live: true, limit: 1, cursor }, clock })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_parameters',
      message: expect.stringContaining('expired'),
    });
  });

  it('prevalidateLiveCursor checks before reservation and hands the verified state to the handler', async () => {
    const clock = frozenClock();
    const cursor = await firstPage(clock);
    const service = { cursorSecret: secret, clock } as unknown as ServiceContext;
    const query = routes['events.list'].query.parse({ live: '1', limit: '1', cursor });
    await prevalidateLiveCursor({ query }, service);
    // The handler runs later; the cursor verified before reservation is not judged again.
    clock.advance(6 * MINUTE);
    const result = await handlers['events.list']({
      params: {},
      query,
      clock,
      rowCap: 1,
      cursorSecret: secret,
      data,
      liveScanLimit: 5000,
    });
    expect(result.verified).toBeGreaterThan(0);
    const stale = routes['events.list'].query.parse({ live: '1', limit: '1', cursor });
    await expect(prevalidateLiveCursor({ query: stale }, service)).rejects.toMatchObject({ status: 400 });
    await expect(prevalidateLiveCursor({ query: { live: true } }, service)).resolves.toBeUndefined();
  });
});
