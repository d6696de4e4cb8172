import { describe, expect, it } from 'vitest';
import type { MockService } from '../../../mocks';
import { useMockServer } from '../../helpers/mock-server';
import {
  call,
  charged,
  checkErrorTable,
  DAY,
  data,
  expectFree,
  expectMetered,
  findFixture,
  HOUR,
  iso,
  LOAD_PLAN,
  MINUTE,
  type Row,
  T0,
} from './helpers';

const newMock = useMockServer();
const EVENTS = '/v1/events';

const startsOf = (rows: Row[]) => rows.map((r) => Date.parse(r.starts as string));
const idsOf = (rows: Row[]) => rows.map((r) => r.event_id as number);

/** Ordered by (starts, event_id), strictly. */
const ordered = (rows: Row[]) =>
  rows.every((r, i) => {
    const p = rows[i - 1];
    if (p === undefined) return true;
    const a = Date.parse(p.starts as string);
    const b = Date.parse(r.starts as string);
    return a < b || (a === b && (p.event_id as number) < (r.event_id as number));
  });

const EVENT_FIELDS = [
  'event_id',
  'parent_id',
  'starts',
  'runner_home',
  'runner_away',
  'live_status',
  'opening_available',
  'closing_available',
  'resulting_unit',
  'version',
];

/** Lists events with `query` and checks the success headers (never cached, never a cursor). */
async function list(mock: MockService, query = '', options: { truncated?: boolean } = {}): Promise<Row[]> {
  const answer = await call(mock, `${EVENTS}${query}`);
  const rows = expectMetered(answer, options);
  expect(answer.headers.get('X-Cache')).toBeNull();
  expect(answer.headers.get('X-Next-Cursor')).toBeNull();
  return rows;
}

/** The event record of an exact lookup at the mock's current time, or undefined. */
async function lookup(mock: MockService, eventId: number): Promise<Row | undefined> {
  const rows = await list(mock, `?event_id=${eventId}`);
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}

// Fixtures starting exactly at the mock's "now" (2026-11-21T15:00:00Z).
const atNow = [...data.fixturesBetween(T0, T0, T0)].map((f) => f.eventId);

describe('GET /v1/events: rule 1 (default: future pre-match events only)', () => {
  it('lists 100 future pre-match events by default, ordered, truncated, costing 5, with Event fields only', async () => {
    const mock = newMock();
    const rows = await list(mock, '', { truncated: true });
    expect(rows).toHaveLength(100);
    expect(mock.ledger()[0]!.charged).toBe(5);
    expect(startsOf(rows).every((s) => s > T0)).toBe(true);
    expect(rows.every((r) => r.live_status === 0)).toBe(true);
    expect(ordered(rows)).toBe(true);
    for (const r of rows) for (const key of Object.keys(r)) expect(EVENT_FIELDS).toContain(key);
    expect(rows.every((r) => Number.isInteger(r.version) && (r.version as number) >= 1)).toBe(true);
  });

  it('excludes an event starting exactly at now; it is listed one second earlier', async () => {
    expect(atNow.length).toBeGreaterThan(0);
    // The clock only moves forward: one second before now first, then now.
    const mock = newMock({ now: T0 - 1000 });
    const window = `?starts_to=${iso(T0 + HOUR)}&limit=500`;
    const before = idsOf(await list(mock, window));
    mock.clock.set(T0);
    const now = idsOf(await list(mock, window));
    for (const id of atNow) expect(now).not.toContain(id);
    for (const id of atNow) expect(before).toContain(id);
  });

  it('follows the clock: once the first listed event kicks off it is no longer listed', async () => {
    const mock = newMock();
    const first = (await list(mock, '?limit=3'))[0]!;
    mock.clock.set(first.starts as string);
    const after = await list(mock, '?limit=3');
    expect(idsOf(after)).not.toContain(first.event_id);
    expect(startsOf(after).every((s) => s > Date.parse(first.starts as string))).toBe(true);
  });

  it('limit bounds the page (1 to 500, default 100); a smaller page is a prefix of a larger one', async () => {
    const mock = newMock(LOAD_PLAN);
    const five = await list(mock, '?limit=5', { truncated: true });
    const twenty = await list(mock, '?limit=20', { truncated: true });
    expect(five).toEqual(twenty.slice(0, 5));
    expect(await list(mock, '?limit=1')).toEqual(five.slice(0, 1));
    const max = await call(mock, `${EVENTS}?limit=500`);
    expect(expectMetered(max, { cost: 25, truncated: true })).toHaveLength(500);
    const before = mock.ledger()[0]!.charged;
    for (const limit of ['0', '501', '-1', '1.5', 'ten', '']) {
      expectFree(await call(mock, `${EVENTS}?limit=${limit}`), 400, 'invalid_parameters', 'limit');
    }
    expect(mock.ledger()[0]!.charged).toBe(before);
  });
});

describe('GET /v1/events: rule 2 (starts_from)', () => {
  it('enforces a future starts_from as the lower bound', async () => {
    const mock = newMock();
    const from = T0 + 3 * DAY + 7 * MINUTE;
    const rows = await list(mock, `?starts_from=${iso(from)}`);
    expect(rows).toHaveLength(100);
    expect(startsOf(rows).every((s) => s >= from)).toBe(true);
    expect(startsOf(rows)[0]!).toBeLessThan(from + HOUR);
    expect(rows.every((r) => r.live_status === 0)).toBe(true);
  });

  it('treats a present starts_from as the future bound: the same page as the default, nothing starting at now', async () => {
    const mock = newMock();
    const present = await list(mock, `?starts_from=${iso(T0)}`);
    expect(present).toEqual(await list(mock));
    for (const id of atNow) expect(idsOf(present)).not.toContain(id);
  });

  it('selects historical fixtures only with a genuinely past starts_from', async () => {
    const mock = newMock(LOAD_PLAN);
    const justPast = await list(mock, `?starts_from=${iso(T0 - 1000)}&starts_to=${iso(T0)}`);
    expect(idsOf(justPast).sort()).toEqual([...atNow].sort());
    expect(justPast.every((r) => r.live_status === 1)).toBe(true);

    const from = T0 - 5 * DAY;
    const rows = await list(mock, `?starts_from=${iso(from)}&limit=50`, { truncated: true });
    expect(rows).toHaveLength(50);
    expect(ordered(rows)).toBe(true);
    expect(startsOf(rows).every((s) => s >= from && s < from + DAY)).toBe(true);
    expect(rows.every((r) => r.live_status === 2 && r.closing_available === true)).toBe(true);

    const early = await list(mock, '?starts_from=2021-01-01T00:00:00Z&limit=3');
    expect(early).toHaveLength(3);
    expect(startsOf(early).every((s) => s >= Date.parse('2021-01-01T00:00:00Z') && s < Date.parse('2021-01-02T00:00:00Z'))).toBe(true);
  });
});

describe('GET /v1/events: rule 3 (starts_to, inclusive)', () => {
  it('includes an event starting exactly at a starts_to timestamp and nothing later', async () => {
    const mock = newMock(LOAD_PLAN);
    const upcoming = await list(mock, '?limit=30');
    const edge = upcoming[10]!.starts as string;
    const edgeIds = upcoming.filter((r) => r.starts === edge).map((r) => r.event_id);
    const rows = await list(mock, `?starts_to=${edge}&limit=500`, { truncated: false });
    expect(rows.at(-1)!.starts).toBe(edge);
    for (const id of edgeIds) expect(idsOf(rows)).toContain(id);
    expect(startsOf(rows).every((s) => s > T0 && s <= Date.parse(edge))).toBe(true);
    expect(rows).toEqual(upcoming.filter((r) => Date.parse(r.starts as string) <= Date.parse(edge)));
    const before = await list(mock, `?starts_to=${iso(Date.parse(edge) - 1000)}&limit=500`);
    for (const id of edgeIds) expect(idsOf(before)).not.toContain(id);
  });

  it('reads a UTC day as the whole day through 23:59:59.999Z', async () => {
    const mock = newMock(LOAD_PLAN);
    const day = await list(mock, '?starts_from=2026-11-22T00:00:00Z&starts_to=2026-11-22&limit=500');
    expect(day.length).toBeGreaterThan(0);
    expect(day.every((r) => (r.starts as string).startsWith('2026-11-22'))).toBe(true);
    const lastOfDay = [...data.fixturesBetween(Date.parse('2026-11-22T23:00:00Z'), Date.parse('2026-11-22T23:59:59.999Z'), T0)].at(-1)!;
    const late = await list(mock, '?starts_from=2026-11-22T23:00:00Z&starts_to=2026-11-22');
    expect(late.at(-1)!.event_id).toBe(lastOfDay.eventId);
    expect(late.at(-1)!.starts).toBe(new Date(lastOfDay.starts).toISOString().replace('.000Z', 'Z'));
    const nextDay = await list(mock, '?starts_from=2026-11-23T00:00:00Z&limit=1');
    expect(idsOf(late)).not.toContain(nextDay[0]!.event_id);
  });

  it('keeps the future bound: today as starts_to lists only what starts after now, a past one lists nothing (costing 1)', async () => {
    const mock = newMock(LOAD_PLAN);
    const today = await list(mock, '?starts_to=2026-11-21&limit=500');
    expect(today.length).toBeGreaterThan(0);
    expect(today.every((r) => Date.parse(r.starts as string) > T0 && (r.starts as string).startsWith('2026-11-21'))).toBe(true);
    const past = await call(mock, `${EVENTS}?starts_to=${iso(T0 - HOUR)}`);
    expect(expectMetered(past, { cost: 1, truncated: false })).toEqual([]);
  });
});

describe('GET /v1/events: rule 4 (exact event_id / parent_id lookups)', () => {
  const parent = findFixture((f) => f.child === null && f.league.children.length > 0, T0 - 10 * DAY, T0 - 2 * DAY);
  const inPlay = [...data.fixturesBetween(T0 - 3 * HOUR, T0, T0)].find((f) => data.liveStatus(f, T0) === 1)!;
  const future = findFixture(() => true, T0 + 10 * DAY, T0 + 11 * DAY);

  it('finds an event in any lifecycle state by event_id', async () => {
    const mock = newMock(LOAD_PLAN);
    expect(await lookup(mock, parent.eventId)).toMatchObject({ event_id: parent.eventId, live_status: 2, parent_id: null });
    expect(await lookup(mock, inPlay.eventId)).toMatchObject({ event_id: inPlay.eventId, live_status: 1 });
    expect(await lookup(mock, future.eventId)).toMatchObject({ event_id: future.eventId, live_status: 0 });
  });

  it('lists the children of a past parent by parent_id, and one child with both', async () => {
    const mock = newMock(LOAD_PLAN);
    const children = await list(mock, `?parent_id=${parent.eventId}`);
    expect(children).toHaveLength(parent.league.children.length);
    expect(children.every((r) => r.parent_id === parent.eventId && r.live_status === 2)).toBe(true);
    const child = children[0]!.event_id as number;
    expect(idsOf(await list(mock, `?parent_id=${parent.eventId}&event_id=${child}`))).toEqual([child]);
    expect(await lookup(mock, child)).toMatchObject({ event_id: child, parent_id: parent.eventId });
  });

  it('answers an event that does not exist (yet) with an empty array costing 1, not 404', async () => {
    const mock = newMock(LOAD_PLAN);
    const unknown = await call(mock, `${EVENTS}?event_id=12345`);
    expect(expectMetered(unknown, { cost: 1, truncated: false })).toEqual([]);
    // A fixture is listed two weeks before its start: one starting in 20 days does not exist yet.
    const later = [...data.fixturesBetween(T0 + 20 * DAY, T0 + 20 * DAY + HOUR, T0 + 20 * DAY)][0]!;
    expect(await lookup(mock, later.eventId)).toBeUndefined();
    mock.clock.set(later.createdAt);
    expect(await lookup(mock, later.eventId)).toMatchObject({ event_id: later.eventId, live_status: 0, version: 1 });
  });
});

describe('GET /v1/events: sport and league filters', () => {
  it('filters by sport_id and league_id; a league of another sport lists nothing', async () => {
    const mock = newMock(LOAD_PLAN);
    const soccer = await list(mock, '?sport_id=29&limit=40');
    expect(soccer).toHaveLength(40);
    expect(soccer.every((r) => data.fixture(r.event_id as number)?.sport.sportId === 29)).toBe(true);
    const leagues = expectMetered(await call(mock, '/v1/catalog/leagues?sport_id=29'));
    const league = leagues[0]!.league_id as number;
    const one = await list(mock, `?league_id=${league}&limit=10`);
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((r) => data.fixture(r.event_id as number)?.league.leagueId === league)).toBe(true);
    expect(await list(mock, `?sport_id=29&league_id=${league}&limit=10`)).toEqual(one);
    expect(await list(mock, `?sport_id=4&league_id=${league}`)).toEqual([]);
    expect(await list(mock, '?sport_id=9999', { truncated: false })).toEqual([]);
  });
});

describe('GET /v1/events: rule 9 (since: fixture metadata changes, future boundary kept)', () => {
  // A window of starts one week ahead, where the odds open (a record change) during the last two hours.
  const from = T0 + 7 * DAY - 3 * HOUR;
  const to = T0 + 7 * DAY + HOUR;
  const window = `starts_from=${iso(from)}&starts_to=${iso(to)}&limit=500`;

  it('lists exactly the window events whose version changed after since (checked by lookups at since)', async () => {
    const mock = newMock(LOAD_PLAN);
    const since = T0 - 2 * HOUR;
    const all = await list(mock, `?${window}`, { truncated: false });
    const changed = await list(mock, `?${window}&since=${iso(since)}`, { truncated: false });
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(all.length);
    expect(changed).toEqual(all.filter((r) => idsOf(changed).includes(r.event_id as number)));
    // The clock only moves forward: the lookups at since are made on a mock that stands there.
    const atSince = newMock({ ...LOAD_PLAN, now: since });
    const versionAtSince = new Map<number, number>();
    for (const r of all)
      versionAtSince.set(r.event_id as number, ((await lookup(atSince, r.event_id as number))?.version as number | undefined) ?? 0);
    const expected = all.filter((r) => (r.version as number) > versionAtSince.get(r.event_id as number)!).map((r) => r.event_id);
    expect(idsOf(changed)).toEqual(expected);
  });

  it('keeps the implicit future boundary: events that kicked off or ended since are listed only with a past starts_from', async () => {
    const mock = newMock(LOAD_PLAN);
    const since = iso(T0 - 2 * HOUR);
    const future = await list(mock, `?since=${since}&limit=500`);
    expect(future.length).toBeGreaterThan(0);
    expect(startsOf(future).every((s) => s > T0)).toBe(true);
    const withPast = await list(mock, `?since=${since}&starts_from=${iso(T0 - DAY)}&limit=500`);
    const started = withPast.filter((r) => r.live_status !== 0);
    expect(started.length).toBeGreaterThan(0);
    for (const r of started) expect(idsOf(future)).not.toContain(r.event_id);
  });

  it('moves with the poll: a reschedule published later shows up, with its new start and a higher version', async () => {
    const moved = findFixture((f) => f.rescheduleAt !== null && f.rescheduleAt > T0 && f.rescheduleAt < T0 + 12 * HOUR, T0, T0 + 14 * DAY);
    const mock = newMock(LOAD_PLAN);
    const before = (await lookup(mock, moved.eventId))!;
    const firstPoll = await list(mock, `?since=${iso(T0 - HOUR)}&limit=500`);
    expect(idsOf(firstPoll)).not.toContain(moved.eventId);
    mock.clock.set(moved.rescheduleAt! + MINUTE);
    const secondPoll = await list(mock, `?since=${iso(T0)}&limit=500`);
    const row = secondPoll.find((r) => r.event_id === moved.eventId);
    expect(row).toBeDefined();
    expect(row!.starts).not.toBe(before.starts);
    expect(row!.version as number).toBeGreaterThan(before.version as number);
    expect(startsOf(secondPoll).every((s) => s > moved.rescheduleAt! + MINUTE)).toBe(true);
  });
});

describe('GET /v1/events: input validation (400 invalid_parameters, free)', () => {
  it('refuses malformed values and unknown combinations, naming the parameter', async () => {
    const mock = newMock(LOAD_PLAN);
    const cases: [string, string][] = [
      ['?starts_from=2026-11-22', 'starts_from'],
      ['?starts_from=2026-11-22T10:00:00%2B01:00', 'starts_from'],
      ['?starts_to=tomorrow', 'starts_to'],
      ['?since=yesterday', 'since'],
      ['?sport_id=0', 'sport_id'],
      ['?league_id=x', 'league_id'],
      ['?event_id=-5', 'event_id'],
      ['?parent_id=1e3', 'parent_id'],
      ['?live=yes', 'live'],
      ['?cursor=abc', 'cursor'],
      ['?live=0&cursor=abc', 'cursor'],
      ['?sport=29', 'sport'],
      ['?limit=5&limit=6', 'limit'],
    ];
    for (const [query, name] of cases) expectFree(await call(mock, `${EVENTS}${query}`), 400, 'invalid_parameters', name);
    expect(charged(mock)).toBe(0);
  });

  it('follows every data-route row of the error table', async () => {
    await checkErrorTable(newMock, EVENTS, 'events.list', 5);
  });
});
