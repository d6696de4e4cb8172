import { describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE, NOW, call, data, findFixture, frozenClock, rowsOf, steppingClock } from './context';

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const startsOf = (rows: Record<string, unknown>[]) => rows.map((r) => Date.parse(r.starts as string));

const ordered = (rows: Record<string, unknown>[]) =>
  rows.every((r, i) => {
    const p = rows[i - 1];
    if (p === undefined) return true;
    const a = Date.parse(p.starts as string);
    const b = Date.parse(r.starts as string);
    return a < b || (a === b && (p.event_id as number) < (r.event_id as number));
  });

describe('GET /v1/events without live (docs/service.md, Events)', () => {
  it('rule 1: by default lists future pre-match events only, limit 100, ordered, truncated when more match', async () => {
    const result = await call('events.list');
    const rows = rowsOf(result);
    expect(rows).toHaveLength(100);
    expect(result.truncated).toBe(true);
    expect(startsOf(rows).every((s) => s > NOW)).toBe(true);
    expect(rows.every((r) => r.live_status === 0)).toBe(true);
    expect(ordered(rows)).toBe(true);
  });

  it('rule 1: re-checks every start against a fresh clock read at final validation', async () => {
    // Each clock read is 90 minutes after the previous one: the final check drops what started meanwhile.
    const slow = await call('events.list', { clock: steppingClock(NOW, 90 * MINUTE) });
    const frozen = rowsOf(await call('events.list'));
    const rows = rowsOf(slow);
    expect(rows.length).toBeLessThan(frozen.length);
    expect(startsOf(rows).every((s) => s > NOW + 90 * MINUTE)).toBe(true);
    expect(rows).toEqual(frozen.filter((r) => Date.parse(r.starts as string) > NOW + 90 * MINUTE));
  });

  it('follows a moving clock: what kicked off is no longer listed', async () => {
    const clock = frozenClock(NOW);
    const before = rowsOf(await call('events.list', { clock, query: { limit: 10 } }));
    const first = Date.parse(before[0]!.starts as string);
    clock.set(first);
    const after = rowsOf(await call('events.list', { clock, query: { limit: 10 } }));
    expect(startsOf(after).every((s) => s > first)).toBe(true);
    expect(after.map((r) => r.event_id)).not.toContain(before[0]!.event_id);
  });

  it('limit bounds the rows; a smaller page is a prefix of a larger one', async () => {
    const five = await call('events.list', { query: { limit: 5 } });
    const twenty = rowsOf(await call('events.list', { query: { limit: 20 } }));
    expect(five.rows).toBe(5);
    expect(five.truncated).toBe(true);
    expect(rowsOf(five)).toEqual(twenty.slice(0, 5));
    expect(five.nextCursor).toBeUndefined();
  });

  it('rule 2: a future or present starts_from is a future lower bound', async () => {
    const from = NOW + 3 * DAY;
    const rows = rowsOf(await call('events.list', { query: { starts_from: iso(from) } }));
    expect(rows.length).toBeGreaterThan(0);
    expect(startsOf(rows).every((s) => s >= from)).toBe(true);
    const present = rowsOf(await call('events.list', { query: { starts_from: iso(NOW) } }));
    expect(startsOf(present).every((s) => s > NOW)).toBe(true);
  });

  it('rule 2: only a genuinely past starts_from selects historical fixtures', async () => {
    const from = NOW - 5 * DAY;
    const rows = rowsOf(await call('events.list', { query: { starts_from: iso(from), limit: 50 } }));
    expect(rows).toHaveLength(50);
    expect(startsOf(rows).every((s) => s >= from && s < NOW)).toBe(true);
    expect(rows.every((r) => r.live_status === 2)).toBe(true);
    expect(ordered(rows)).toBe(true);
    const early = rowsOf(await call('events.list', { query: { starts_from: '2021-01-01T00:00:00Z', limit: 3 } }));
    expect(early).toHaveLength(3);
    expect(startsOf(early).every((s) => s < Date.parse('2021-01-02T00:00:00Z'))).toBe(true);
  });

  it('rule 3: starts_to is an inclusive bound, a timestamp or a whole UTC day', async () => {
    const upcoming = rowsOf(await call('events.list', { query: { limit: 30 } }));
    const edge = upcoming[10]!.starts as string;
    const rows = rowsOf(await call('events.list', { query: { starts_to: edge, limit: 500 } }));
    expect(rows.at(-1)!.starts).toBe(edge);
    expect(startsOf(rows).every((s) => s <= Date.parse(edge))).toBe(true);
    const day = rowsOf(await call('events.list', { query: { starts_from: '2026-11-22T00:00:00Z', starts_to: '2026-11-22', limit: 500 } }));
    expect(day.length).toBeGreaterThan(0);
    expect(day.every((r) => (r.starts as string).startsWith('2026-11-22'))).toBe(true);
    const lastOfDay = [...data.fixturesBetween(Date.parse('2026-11-22T23:00:00Z'), Date.parse('2026-11-22T23:59:59.999Z'), NOW)].at(-1)!;
    const late = rowsOf(await call('events.list', { query: { starts_from: '2026-11-22T23:00:00Z', starts_to: '2026-11-22' } }));
    expect(late.map((r) => r.event_id)).toContain(lastOfDay.eventId);
  });

  it('rule 4: exact event_id and parent_id lookups are not limited to the future', async () => {
    const past = findFixture((f) => f.child === null && f.league.children.length > 0);
    const one = rowsOf(await call('events.list', { query: { event_id: past.eventId } }));
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ event_id: past.eventId, live_status: 2, version: data.event(past, NOW).version });
    const children = rowsOf(await call('events.list', { query: { parent_id: past.eventId } }));
    expect(children.length).toBe(past.league.children.length);
    expect(children.every((r) => r.parent_id === past.eventId)).toBe(true);
    expect(rowsOf(await call('events.list', { query: { event_id: 12345 } }))).toEqual([]);
  });

  it('filters by sport and league; an unknown sport lists nothing', async () => {
    const soccer = rowsOf(await call('events.list', { query: { sport_id: 29, limit: 40 } }));
    expect(soccer.length).toBe(40);
    expect(soccer.every((r) => data.fixture(r.event_id as number)?.sport.sportId === 29)).toBe(true);
    const league = data.leagues(29)[0]!.league_id as number;
    const one = rowsOf(await call('events.list', { query: { league_id: league, limit: 10 } }));
    expect(one.every((r) => data.fixture(r.event_id as number)?.league.leagueId === league)).toBe(true);
    const none = await call('events.list', { query: { sport_id: 9999 } });
    expect(none).toMatchObject({ body: [], rows: 0, truncated: false });
    expect(rowsOf(await call('events.list', { query: { sport_id: 4, league_id: league } }))).toEqual([]);
  });

  it('rule 9: since filters metadata changes and the implicit future boundary still applies', async () => {
    const since = NOW - 2 * HOUR;
    const rows = rowsOf(await call('events.list', { query: { since: iso(since), limit: 500 } }));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const f = data.fixture(r.event_id as number)!;
      expect(data.lastChangeAt(f, NOW)).toBeGreaterThan(since);
      expect(Date.parse(r.starts as string)).toBeGreaterThan(NOW);
    }
    // Moving since forward: a poll one hour later sees only fixtures changed in that hour.
    const later = NOW + HOUR;
    const next = rowsOf(await call('events.list', { clock: frozenClock(later), query: { since: iso(NOW), limit: 500 } }));
    expect(next.length).toBeGreaterThan(0);
    expect(next.every((r) => data.lastChangeAt(data.fixture(r.event_id as number)!, later) > NOW)).toBe(true);
    // With a past starts_from, since finds settled fixtures too.
    const settled = rowsOf(await call('events.list', { query: { since: iso(since), starts_from: iso(NOW - 2 * DAY), limit: 500 } }));
    expect(settled.some((r) => r.live_status === 2)).toBe(true);
  });

  it('rule 9: since finds every changed fixture (checked against a full scan)', async () => {
    const since = NOW - 6 * HOUR;
    const query = { since: iso(since), starts_from: iso(NOW - 6 * DAY), sport_id: 29, limit: 500 };
    const result = await call('events.list', { query });
    expect(result.truncated).toBe(false);
    const expected = [...data.fixturesBetween(NOW - 6 * DAY, NOW + 15 * DAY, NOW, { sportId: 29 })]
      .filter((f) => data.lastChangeAt(f, NOW) > since)
      .map((f) => f.eventId);
    expect(rowsOf(result).map((r) => r.event_id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(20);
  });
});
