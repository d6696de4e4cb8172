import { describe, expect, it } from 'vitest';
import { DAY, NOW, call, data, findFixture, frozenClock, rowsOf } from './context';

const event = findFixture((f) => f.sport.props && f.child === null && f.priced);

describe('event props', () => {
  it('list a few specials with 2 to 20 contestants each', async () => {
    const rows = rowsOf(await call('events.props', { params: { event_id: event.eventId } }));
    const bySpecial = new Map<number, Record<string, unknown>[]>();
    for (const r of rows) bySpecial.set(r.special_id as number, [...(bySpecial.get(r.special_id as number) ?? []), r]);
    expect(bySpecial.size).toBeGreaterThanOrEqual(2);
    for (const contestants of bySpecial.values()) {
      expect(contestants.length).toBeGreaterThanOrEqual(2);
      expect(contestants.length).toBeLessThanOrEqual(20);
      expect(contestants.every((c) => c.event_id === event.eventId && c.runner_home === event.home)).toBe(true);
    }
  });

  it('are empty for a sport without props, and 404 for an unknown event', async () => {
    const plain = findFixture((f) => !f.sport.props);
    expect(rowsOf(await call('events.props', { params: { event_id: plain.eventId } }))).toEqual([]);
    await expect(call('events.props', { params: { event_id: 5 } })).rejects.toMatchObject({ status: 404 });
  });
});

describe('prop odds', () => {
  const props = data.props(event, NOW);
  const multi = props.find((p) => p.bet_type === 'multi_way')!.special_id as number;

  it('latest: exactly one row per special_id + contestant_line_id, its greatest line_id', async () => {
    const latest = rowsOf(await call('props.odds', { params: { prop_id: multi } }));
    const history = rowsOf(await call('props.odds', { params: { prop_id: multi }, query: { full_history: true } }));
    expect(history.length).toBeGreaterThan(latest.length);
    const keys = latest.map((r) => `${r.special_id}/${r.contestant_line_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(latest.length).toBe(props.filter((p) => p.special_id === multi).length);
    for (const r of latest) {
      const max = Math.max(...history.filter((h) => h.contestant_line_id === r.contestant_line_id).map((h) => h.line_id as number));
      expect(r.line_id).toBe(max);
    }
    expect(new Set(latest.map((r) => r.line_id)).size).toBeGreaterThan(1);
    const ids = history.map((h) => h.line_id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('keep one latest row per contestant line even when the handicap moved', async () => {
    const withOu = findFixture((f) => f.sport.props && f.child === null && f.priced && data.props(f, NOW).some((p) => p.bet_type === 'over_under'));
    const ou = data.props(withOu, NOW).find((p) => p.bet_type === 'over_under')!;
    const history = rowsOf(await call('props.odds', { params: { prop_id: ou.special_id as number }, query: { full_history: true } }));
    const latest = rowsOf(await call('props.odds', { params: { prop_id: ou.special_id as number } }));
    expect(latest).toHaveLength(2);
    expect(new Set(history.map((h) => h.handicap)).size).toBeGreaterThan(1);
    expect(latest[0]!.timestamp).toBe(latest[1]!.timestamp);
  });

  it('price with a margin and proportional fair prices across the book', async () => {
    const latest = rowsOf(await call('props.odds', { params: { prop_id: multi } }));
    const book = latest.reduce((s, r) => s + 1 / (r.odds as number), 0);
    expect(book).toBeGreaterThan(1);
    for (const r of latest) expect(r.odds as number).toBeGreaterThan(1);
  });

  it('are empty before the prop opens and 404 for an unknown prop', async () => {
    const future = findFixture((f) => f.sport.props && f.child === null && f.priced, NOW + 9 * DAY, NOW + 12 * DAY);
    const special = data.props(future, NOW)[0]!.special_id as number;
    expect(rowsOf(await call('props.odds', { params: { prop_id: special } }))).toEqual([]);
    await expect(call('props.odds', { params: { prop_id: 424242 } })).rejects.toMatchObject({ status: 404 });
    await expect(call('props.odds', { params: { prop_id: event.eventId * 10 + 9 } })).rejects.toMatchObject({ status: 404 });
  });
});

describe('outrights', () => {
  it('list open outrights of a sport, not tied to an event, priced through the prop odds route', async () => {
    const rows = rowsOf(await call('outrights.list', { query: { sport_id: 29 } }));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.event_id === null && r.closing_available === false)).toBe(true);
    const latest = rowsOf(await call('props.odds', { params: { prop_id: rows[0]!.special_id as number } }));
    expect(latest.length).toBe(rows.filter((r) => r.special_id === rows[0]!.special_id).length);
  });

  it('cover all sports without sport_id (truncated at the row cap) and none for an unknown sport', async () => {
    const all = await call('outrights.list');
    expect(all.rows).toBeLessThanOrEqual(500);
    expect(new Set(rowsOf(all).map((r) => r.special_id)).size).toBeGreaterThan(1);
    expect(rowsOf(await call('outrights.list', { query: { sport_id: 9999 } }))).toEqual([]);
    expect(rowsOf(await call('outrights.list', { query: { sport_id: 29 }, clock: frozenClock(Date.parse('2021-01-01T12:00:00Z')) }))).toEqual([]);
  });
});

describe('catalog routes', () => {
  it('answer the sports, leagues and periods; unknown sports give empty arrays', async () => {
    expect((await call('catalog.sports')).rows).toBe(44);
    expect((await call('catalog.leagues', { query: { sport_id: 29 } })).rows).toBe(12);
    expect((await call('catalog.periods', { query: { sport_id: 4 } })).rows).toBe(7);
    expect(await call('catalog.leagues', { query: { sport_id: 9999 } })).toMatchObject({ body: [], rows: 0, truncated: false });
    expect(await call('catalog.periods', { query: { sport_id: 9999 } })).toMatchObject({ body: [], rows: 0 });
  });
});
