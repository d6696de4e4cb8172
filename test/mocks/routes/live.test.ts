import { describe, expect, it } from 'vitest';
import type { MockService, MockServiceOptions } from '../../../mocks';
import { MAX_EVENT_LENGTH } from '../../../mocks/service/data';
import { useMockServer } from '../../helpers/mock-server';
import {
  type Answer,
  call,
  charged,
  checkErrorTable,
  credits,
  data,
  expectFree,
  expectMetered,
  HOUR,
  iso,
  LOAD_PLAN,
  MINUTE,
  type Row,
  T0,
  tinyPlan,
} from './helpers';

const newMock = useMockServer();
const LIVE = '/v1/events?live=1';
const CURSOR_TTL = 5 * MINUTE;

/** In-play fixtures (kicked off, not ended) at `now`, in (starts, event_id) order, with their live state. */
const inPlayAt = (now: number) =>
  [...data.fixturesBetween(now - MAX_EVENT_LENGTH, now, now)]
    .filter((f) => data.liveStatus(f, now) === 1)
    .map((f) => ({ fixture: f, state: data.liveState(f, now) }));

const atT0 = inPlayAt(T0);
const offeredIds = atT0.filter((c) => c.state === 'offered').map((c) => c.fixture.eventId);
const idsIn = (state: string) => atT0.filter((c) => c.state === state).map((c) => c.fixture.eventId);
const endedAtT0 = [...data.fixturesBetween(T0 - 6 * HOUR, T0, T0)].filter((f) => data.liveStatus(f, T0) === 2).map((f) => f.eventId);

/** The first instant from T0 on (minute by minute) where some in-play event is in `state`, and that event. */
function firstIn(state: string): { at: number; eventId: number } {
  for (let at = T0; at < T0 + 12 * HOUR; at += MINUTE) {
    const hit = inPlayAt(at).find((c) => c.state === state);
    if (hit !== undefined) return { at, eventId: hit.fixture.eventId };
  }
  throw new Error(`no ${state} event within 12 hours`);
}
/** An event whose in-play feed stopped (its last line expired while play goes on), and when. */
const expired = firstIn('expired');

const idsOf = (rows: Row[]) => rows.map((r) => r.event_id as number);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** The live reservation envelope of docs/service.md, "Metering: credits, windows and headers", computed independently of the mock. */
const liveEnvelope = (limit: number) => Math.max(Math.ceil(limit / 20), Math.ceil(Math.min(512, Math.max(4, 2 * limit)) / 20));

/**
 * One live page: checks the success headers of a live answer (never cached; a cursor only with
 * truncation, at most 1024 characters). The cost is `cost` when given, else at least the row credits
 * and at most the envelope of the page's limit.
 */
function page(answer: Answer, limit: number, cost?: number): { rows: Row[]; cursor: string | null; truncated: boolean } {
  const rowCount = Array.isArray(answer.body) ? answer.body.length : 0;
  const rows = expectMetered(answer, { cost: cost ?? [credits(rowCount), liveEnvelope(limit)] });
  expect(answer.headers.get('X-Cache')).toBeNull();
  const cursor = answer.headers.get('X-Next-Cursor');
  const truncated = answer.headers.get('X-Result-Truncated') === 'true';
  if (cursor !== null) {
    expect(truncated).toBe(true);
    expect(cursor.length).toBeGreaterThan(0);
    expect(cursor.length).toBeLessThanOrEqual(1024);
  }
  expect(rows.every((r) => r.live_status === 1)).toBe(true);
  return { rows, cursor, truncated };
}

/** Requests a live page by its full path and checks it with `page`. */
async function get(mock: MockService, path: string, cost?: number): Promise<ReturnType<typeof page>> {
  const limit = Number(new URL(path, 'https://x.test').searchParams.get('limit') ?? 100);
  return page(await call(mock, path), limit, cost);
}

const withCursor = (query: string, cursor: string) => `${LIVE}${query}&cursor=${encodeURIComponent(cursor)}`;

/** Follows a live scan to completion, calling `between` after each page. */
async function scan(mock: MockService, query: string, between?: (n: number) => void) {
  const pages: ReturnType<typeof page>[] = [];
  const costs: number[] = [];
  const limit = Number(new URLSearchParams(query).get('limit') ?? 100);
  let cursor: string | null = null;
  do {
    const answer = await call(mock, cursor === null ? `${LIVE}${query}` : withCursor(query, cursor));
    const p = page(answer, limit);
    costs.push(Number(answer.headers.get('X-Credits-Cost')));
    pages.push(p);
    cursor = p.cursor;
    between?.(pages.length);
  } while (cursor !== null && pages.length < 1000);
  return { pages, costs, rows: pages.flatMap((p) => p.rows) };
}

/** The cursor of the first page of a `limit=1` scan. */
async function firstCursor(mock: MockService, query = '&limit=1'): Promise<string> {
  const { cursor } = await get(mock, `${LIVE}${query}`);
  expect(cursor).not.toBeNull();
  return cursor!;
}

describe('GET /v1/events?live=1: rule 5 (currently offered in-play events)', () => {
  it('has offered, suspended, historical-only and ended events at the test instant, and an expired one soon after', () => {
    expect(offeredIds.length).toBeGreaterThanOrEqual(10);
    for (const state of ['suspended', 'not-covered']) expect(idsIn(state).length, state).toBeGreaterThan(0);
    expect(endedAtT0.length).toBeGreaterThan(0);
    expect(data.liveState(data.fixture(expired.eventId)!, expired.at)).toBe('expired');
  });

  it('lists exactly the offered in-play events in one page when limit covers them', async () => {
    const mock = newMock(LOAD_PLAN);
    const { rows, cursor, truncated } = await get(mock, `${LIVE}&limit=500`);
    expect(cursor).toBeNull();
    expect(truncated).toBe(false);
    expect(sorted(idsOf(rows))).toEqual(sorted(offeredIds));
  });

  /** Whether the event's latest odds (odds route, default mode) hold an explicitly open line whose cutoff is after now. */
  const openFuture = async (mock: MockService, eventId: number) => {
    const odds = expectMetered(await call(mock, `/v1/events/${eventId}/odds`));
    return odds.some((r) => r.event_id === eventId && r.status === 1 && Date.parse(r.cutoff as string) > T0);
  };

  it('every listed event has an explicitly open line with a future cutoff in its latest odds', async () => {
    const mock = newMock(LOAD_PLAN);
    const listed = idsOf((await get(mock, `${LIVE}&limit=500`)).rows);
    expect(listed.length).toBeGreaterThan(0);
    for (const id of listed) expect(await openFuture(mock, id), String(id)).toBe(true);
  });

  it('excludes only in-play events whose latest odds hold no open line with a future cutoff (agrees with the odds route)', async () => {
    const mock = newMock(LOAD_PLAN);
    const listed = new Set(idsOf((await get(mock, `${LIVE}&limit=500`)).rows));
    const disagree: string[] = [];
    for (const { fixture } of atT0) {
      const open = await openFuture(mock, fixture.eventId);
      if (open !== listed.has(fixture.eventId))
        disagree.push(`${fixture.eventId}: listed ${listed.has(fixture.eventId)}, open line with future cutoff ${open}`);
    }
    expect(disagree).toEqual([]);
  });

  it('an exact event_id lookup lists an offered event and excludes suspended, expired, historical-only and ended ones, each costing 1', async () => {
    const mock = newMock(LOAD_PLAN);
    const listed = await get(mock, `${LIVE}&event_id=${offeredIds[0]}`, 1);
    expect(idsOf(listed.rows)).toEqual([offeredIds[0]]);
    expect(listed.cursor).toBeNull();
    const excludedAt = async (id: number, at: number) => {
      mock.clock.set(at);
      const excluded = await get(mock, `${LIVE}&event_id=${id}`, 1);
      expect(excluded.rows, String(id)).toEqual([]);
      expect(excluded.cursor).toBeNull();
      // It exists: the plain lookup finds it (in play or ended).
      const plain = expectMetered(await call(mock, `/v1/events?event_id=${id}`));
      expect(plain).toHaveLength(1);
      expect(plain[0]!.live_status).toBe(id === endedAtT0[0] ? 2 : 1);
    };
    for (const id of [idsIn('suspended')[0]!, idsIn('not-covered')[0]!, endedAtT0[0]!]) await excludedAt(id, T0);
    await excludedAt(expired.eventId, expired.at);
  });
});

describe('GET /v1/events?live=1: rule 6 (no kickoff minimum, since on metadata, never cached)', () => {
  it('applies no minimum kickoff: events that kicked off hours ago are listed; starts_from filters when given', async () => {
    const mock = newMock(LOAD_PLAN);
    const all = (await get(mock, `${LIVE}&limit=500`)).rows;
    expect(Math.min(...all.map((r) => Date.parse(r.starts as string)))).toBeLessThan(T0 - 2 * HOUR);
    const from = T0 - HOUR;
    const recent = (await get(mock, `${LIVE}&limit=500&starts_from=${iso(from)}`)).rows;
    expect(recent.length).toBeGreaterThan(0);
    expect(recent).toEqual(all.filter((r) => Date.parse(r.starts as string) >= from));
  });

  it('since keeps the offered events whose record changed after it (checked by lookups at since)', async () => {
    const mock = newMock(LOAD_PLAN);
    const since = T0 - 30 * MINUTE;
    const all = (await get(mock, `${LIVE}&limit=500`)).rows;
    const changed = (await get(mock, `${LIVE}&limit=500&since=${iso(since)}`)).rows;
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(all.length);
    // The clock only moves forward: the lookups at since are made on a mock that stands there.
    const atSince = newMock({ ...LOAD_PLAN, now: since });
    const expected: number[] = [];
    for (const r of all) {
      const before = expectMetered(await call(atSince, `/v1/events?event_id=${r.event_id}`))[0];
      if (before === undefined || (r.version as number) > (before.version as number)) expected.push(r.event_id as number);
    }
    expect(sorted(idsOf(changed))).toEqual(sorted(expected));
  });

  it('is never response-cached: no X-Cache, and an event that ends is gone on the next identical request', async () => {
    const mock = newMock(LOAD_PLAN);
    const endsSoon = atT0
      .filter((c) => c.state === 'offered')
      .map((c) => c.fixture)
      .sort((a, b) => a.endAt - b.endAt)[0]!;
    expect(endsSoon.endAt - T0).toBeLessThan(HOUR);
    const first = await call(mock, `${LIVE}&limit=500`);
    expect(idsOf(page(first, 500).rows)).toContain(endsSoon.eventId);
    mock.clock.set(endsSoon.endAt);
    const second = await call(mock, `${LIVE}&limit=500`);
    expect(idsOf(page(second, 500).rows)).not.toContain(endsSoon.eventId);
    expect(second.headers.get('X-Cache')).toBeNull();
  });
});

describe('GET /v1/events?live=1: rules 7 and 8 (bounded pages and cursor paging)', () => {
  it('pages with limit=2 to completion: short pages, a cursor on each but the last, the same set as one big page', async () => {
    const mock = newMock(LOAD_PLAN);
    const whole = (await get(mock, `${LIVE}&limit=500`)).rows;
    const { pages, costs, rows } = await scan(mock, '&limit=2');
    // At most max(4, 2 x 2) = 4 candidates verified per page: covering every in-play candidate takes that many pages.
    expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(atT0.length / 4));
    for (const p of pages) expect(p.rows.length).toBeLessThanOrEqual(2);
    expect(pages.slice(0, -1).every((p) => p.cursor !== null)).toBe(true);
    expect(pages.some((p) => p.cursor !== null && p.rows.length < 2)).toBe(true);
    const last = pages.at(-1)!;
    expect(last.cursor).toBeNull();
    expect(last.truncated).toBe(false);
    const ids = idsOf(rows);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sorted(ids)).toEqual(sorted(idsOf(whole)));
    // Each page verified at most 4 candidates and returned at most 2 rows: 1 credit each.
    expect(costs.every((c) => c === 1)).toBe(true);
  });

  it('follows the cursor through empty intermediate pages', async () => {
    // Find an instant with at least 7 consecutive non-offered candidates: with limit=1 (4 verified per page) one page holds none.
    let instant: number | undefined;
    for (let k = 0; k < 200 && instant === undefined; k++) {
      const t = T0 + k * 7 * MINUTE;
      let run = 0;
      for (const c of inPlayAt(t)) {
        run = c.state === 'offered' ? 0 : run + 1;
        if (run >= 7) instant = t;
      }
    }
    expect(instant).toBeDefined();
    const mock = newMock({ ...LOAD_PLAN, now: instant! });
    const whole = (await get(mock, `${LIVE}&limit=500`)).rows;
    const { pages, rows } = await scan(mock, '&limit=1');
    const empty = pages.findIndex((p) => p.rows.length === 0 && p.cursor !== null);
    expect(empty).toBeGreaterThanOrEqual(0);
    expect(pages.length).toBeGreaterThan(empty + 1);
    expect(pages.at(-1)!.cursor).toBeNull();
    expect(sorted(idsOf(rows))).toEqual(sorted(idsOf(whole)));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('binds the scan to the kickoff snapshot: events kicking off after the first page are not added', async () => {
    const start = T0 + MINUTE;
    const kickingOff = [...data.fixturesBetween(start + 1, start + 5 * MINUTE, start)].map((f) => f.eventId);
    expect(kickingOff.length).toBeGreaterThan(0);
    const mock = newMock({ ...LOAD_PLAN, now: start });
    const { rows, pages } = await scan(mock, '&limit=1', (n) => n === 1 && mock.clock.set(start + 4 * MINUTE + 30_000));
    expect(pages.length).toBeGreaterThan(2);
    expect(rows.every((r) => Date.parse(r.starts as string) <= start)).toBe(true);
    // A scan started at the later instant does list them: they are offered by then.
    const fresh = idsOf((await get(mock, `${LIVE}&limit=500`)).rows);
    expect(kickingOff.some((id) => fresh.includes(id))).toBe(true);
    for (const id of kickingOff) expect(idsOf(rows)).not.toContain(id);
  });

  it('ends truncated without a cursor when the scan cannot complete (narrow and restart)', async () => {
    const mock = newMock({ ...LOAD_PLAN, liveScanLimit: 6 });
    const { pages } = await scan(mock, '&limit=1');
    const last = pages.at(-1)!;
    expect(last.cursor).toBeNull();
    expect(last.truncated).toBe(true);
    expect(pages.length).toBeGreaterThan(1);
  });
});

describe('GET /v1/events?live=1: cursor checks (400 invalid_parameters, free)', () => {
  it('binds the cursor to the original filters: another filter is refused, the same filters in another order are accepted', async () => {
    const mock = newMock(LOAD_PLAN);
    const query = `&limit=1&starts_from=${iso(T0 - 5 * HOUR)}`;
    const cursor = await firstCursor(mock, query);
    const before = charged(mock);
    for (const changed of [
      `&limit=1`,
      `&limit=1&starts_from=${iso(T0 - 4 * HOUR)}`,
      `${query}&sport_id=29`,
      `${query}&league_id=1`,
      `${query}&starts_to=${iso(T0)}`,
      `${query}&since=${iso(T0 - HOUR)}`,
      `${query}&event_id=${offeredIds[0]}`,
      `${query}&parent_id=${offeredIds[0]}`,
    ]) {
      expectFree(await call(mock, withCursor(changed, cursor)), 400, 'invalid_parameters', 'cursor');
    }
    expect(charged(mock)).toBe(before);
    // The same filters: in another order, and with live=true for live=1.
    await get(mock, `/v1/events?starts_from=${iso(T0 - 5 * HOUR)}&cursor=${encodeURIComponent(cursor)}&limit=1&live=true`);
    // The page size is not a filter (the mock's reading of "repeat the original filters").
    await get(mock, withCursor(`&limit=3&starts_from=${iso(T0 - 5 * HOUR)}`, cursor));
  });

  it('refuses a tampered, truncated, foreign or oversized cursor, free', async () => {
    const other = newMock(LOAD_PLAN);
    const foreign = await firstCursor(other);
    const mock = newMock(LOAD_PLAN);
    const cursor = await firstCursor(mock);
    const [body, signature] = cursor.split('.') as [string, string];
    const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`;
    const bad = [
      `${flip(body, 3)}.${signature}`,
      `${body}.${flip(signature, 5)}`,
      `${body}.${signature}x`,
      cursor.slice(0, -1),
      body,
      'not-a-cursor',
      foreign,
    ];
    for (const value of bad) expectFree(await call(mock, withCursor('&limit=1', value)), 400, 'invalid_parameters', 'cursor');
    expectFree(await call(mock, withCursor('&limit=1', 'A'.repeat(1025))), 400, 'invalid_parameters', 'cursor');
    expectFree(await call(mock, `${LIVE}&limit=1&cursor=`), 400, 'invalid_parameters', 'cursor');
    expect(charged(mock)).toBe(1);
    // The genuine cursor still works.
    await get(mock, withCursor('&limit=1', cursor));
  });

  it('expires five minutes after it was issued, on the mock clock; each page issues a fresh one', async () => {
    const mock = newMock(LOAD_PLAN);
    const c1 = await firstCursor(mock);
    mock.clock.advance(CURSOR_TTL - 60_000);
    const p2 = await get(mock, withCursor('&limit=1', c1));
    expect(p2.cursor).not.toBeNull();
    mock.clock.advance(60_000);
    // Exactly five minutes after issue: still valid.
    await get(mock, withCursor('&limit=1', c1));
    mock.clock.advance(1000);
    const before = charged(mock);
    expectFree(await call(mock, withCursor('&limit=1', c1)), 400, 'invalid_parameters', 'expired');
    expect(charged(mock)).toBe(before);
    // The cursor issued four minutes in is still valid, until five minutes after its own issue.
    await get(mock, withCursor('&limit=1', p2.cursor!));
    mock.clock.advance(CURSOR_TTL - 60_000 - 1000);
    await get(mock, withCursor('&limit=1', p2.cursor!));
    mock.clock.advance(1000);
    expectFree(await call(mock, withCursor('&limit=1', p2.cursor!)), 400, 'invalid_parameters', 'expired');
  });
});

describe('GET /v1/events?live=1: metering (docs/service.md, Metering: credits, windows and headers)', () => {
  it('charges the greater of row credits and ceil(verified / 20): a page with few rows but many candidates costs more', async () => {
    // Find an instant where the in-play candidates need more credit blocks than the offered rows.
    let instant: number | undefined;
    for (let k = 1; k < 300 && instant === undefined; k++) {
      const t = T0 - k * 5 * MINUTE;
      const c = inPlayAt(t);
      const offered = c.filter((x) => x.state === 'offered').length;
      if (c.length <= 500 && Math.ceil(c.length / 20) > credits(offered)) instant = t;
    }
    expect(instant).toBeDefined();
    const candidates = inPlayAt(instant!);
    const mock = newMock({ ...LOAD_PLAN, now: instant! });
    const answer = await call(mock, `${LIVE}&limit=500`);
    const rows = expectMetered(answer, { cost: Math.ceil(candidates.length / 20), truncated: false });
    expect(rows).toHaveLength(candidates.filter((x) => x.state === 'offered').length);
    expect(Number(answer.headers.get('X-Credits-Cost'))).toBeGreaterThan(credits(rows.length));
    expect(charged(mock)).toBe(Math.ceil(candidates.length / 20));
  });

  it('charges the whole scan exactly what the headers say', async () => {
    const mock = newMock(LOAD_PLAN);
    const { costs } = await scan(mock, '&limit=3');
    expect(charged(mock)).toBe(costs.reduce((a, b) => a + b, 0));
  });

  it('reserves the live envelope max(ceil(limit / 20), ceil(min(512, max(4, 2 x limit)) / 20)) before any work', async () => {
    // limit=500: live envelope 26 credits, an ordinary listing 25.
    const mock25 = newMock(tinyPlan(25));
    expectFree(await call(mock25, `${LIVE}&limit=500`), 429, 'quota_exceeded');
    expect(charged(mock25)).toBe(0);
    expectMetered(await call(mock25, '/v1/events?limit=500'), { cost: 25 });
    // limit=11: 22 candidates verified at most -> 2 credits; limit=10: 20 -> 1 credit.
    const mock1 = newMock(tinyPlan(1));
    expectFree(await call(mock1, `${LIVE}&limit=11`), 429, 'quota_exceeded');
    expect(charged(mock1)).toBe(0);
    await get(mock1, `${LIVE}&limit=10`, 1);
    // The default limit (100): 200 candidates verified at most -> 10 credits.
    const mock9 = newMock(tinyPlan(9));
    expectFree(await call(mock9, LIVE), 429, 'quota_exceeded');
    const mock10 = newMock(tinyPlan(10));
    await get(mock10, LIVE);
    expect(mock10.ledger()[0]!.reserved).toBe(0);
  });

  it('follows every data-route row of the error table', async () => {
    await checkErrorTable(newMock as (options?: MockServiceOptions) => MockService, LIVE, 'events.list', 10);
  });
});
