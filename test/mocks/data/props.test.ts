import { describe, expect, it } from 'vitest';
import type { Fixture } from '../../../mocks/service/data';
import { DAY, NOW, call, data, findFixture, fixtures, frozenClock, rowsOf } from './context';

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
    const moved = (f: Fixture) =>
      data
        .props(f, NOW)
        .some(
          (p) =>
            p.bet_type === 'over_under' &&
            new Set(data.specialOdds(data.special(p.special_id as number, NOW)!, NOW, true).map((r) => r.handicap)).size > 1,
        );
    const withOu = findFixture((f) => f.sport.props && f.child === null && f.priced && moved(f));
    const ou = data.props(withOu, NOW).find((p) => p.bet_type === 'over_under')!;
    const history = rowsOf(await call('props.odds', { params: { prop_id: ou.special_id as number }, query: { full_history: true } }));
    const latest = rowsOf(await call('props.odds', { params: { prop_id: ou.special_id as number } }));
    expect(latest).toHaveLength(2);
    expect(new Set(history.map((h) => h.handicap)).size).toBeGreaterThan(1);
    expect(latest[0]!.timestamp).toBe(latest[1]!.timestamp);
  });

  it('price with a book margin of 10 to 25 % and fair prices summing to one across the book', async () => {
    for (const f of fixtures(NOW - 4 * DAY, NOW - 3 * DAY).filter((x) => x.sport.props && x.child === null && x.priced)) {
      for (const id of new Set(data.props(f, NOW).map((p) => p.special_id as number))) {
        const latest = data.specialOdds(data.special(id, NOW)!, NOW, false);
        const book = latest.reduce((s, r) => s + 1 / (r.odds as number), 0) - 1;
        expect(book, `prop ${id}`).toBeGreaterThan(0.09);
        expect(book, `prop ${id}`).toBeLessThan(0.27);
        // Each latest row carries the fair price of its own snapshot's book: close to one over the rows.
        expect(latest.reduce((s, r) => s + 1 / (r.todds as number), 0)).toBeCloseTo(1, 1);
        for (const r of latest) expect(r.odds as number).toBeGreaterThanOrEqual(1.01);
      }
    }
  });

  it('are empty before the prop opens and 404 for an unknown prop', async () => {
    const future = findFixture((f) => f.sport.props && f.child === null && f.priced, NOW + 9 * DAY, NOW + 12 * DAY);
    const special = data.props(future, NOW)[0]!.special_id as number;
    expect(rowsOf(await call('props.odds', { params: { prop_id: special } }))).toEqual([]);
    await expect(call('props.odds', { params: { prop_id: 424242 } })).rejects.toMatchObject({ status: 404 });
    await expect(call('props.odds', { params: { prop_id: event.eventId * 10 + 9 } })).rejects.toMatchObject({ status: 404 });
  });
});

/** At most `count` items of `items`, evenly spread from the first to the last. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))] as T);
}

describe('props priced from the event model at the moment', () => {
  it('an over/under prop sits on the main totals line of the same moment, at the same chance of the over', () => {
    let checked = 0;
    const priced = fixtures(NOW - 5 * DAY, NOW - 3 * DAY).filter(
      (x) => x.sport.props && x.child === null && x.priced && x.model.engine !== 'duel',
    );
    // A hundred of the four hundred or so events, across the window: each prop's history is priced in full.
    for (const f of spread(priced, 100)) {
      const ou = data.props(f, NOW).find((p) => p.bet_type === 'over_under');
      if (ou === undefined) continue;
      const overs = data
        .specialOdds(data.special(ou.special_id as number, NOW)!, NOW, true)
        .filter((row) => row.contestant_line_id === (ou.special_id as number) * 100 + 1);
      // Its first and last prices and two between: each row costs a whole odds snapshot of its moment.
      for (const row of spread(overs, 4)) {
        const at = Date.parse(row.timestamp as string);
        // The main totals row the odds route served at that instant.
        const main = data
          .odds(f, at, { fullHistory: false, mainOnly: true, rowCap: 500 })
          .rows.find((r) => r.period === 0 && r.market === 'totals')!;
        expect(row.handicap).toBe(main.line);
        expect(main.timestamp).toBe(row.timestamp);
        // The same fair chance, up to the rounding of the prop's price ladder.
        expect(Math.abs(1 / (row.todds as number) - 1 / (main.todds1 as number))).toBeLessThan(0.01);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("a total prop whose handicap steps by a whole goal moves its P(over) as its event's totals ladder does", () => {
    // Soccer: P(over) falls some twenty points per goal of line, on the prop as on the ladder.
    const steps: { prop: number; ladder: number; up: number }[] = [];
    const overAt = (f: Fixture, at: number, line: number): number | undefined => {
      const row = data
        .odds(f, at, { fullHistory: false, mainOnly: false, rowCap: 500 })
        .rows.find((r) => r.period === 0 && r.market === 'totals' && r.line === line);
      return row === undefined ? undefined : 1 / (row.todds1 as number);
    };
    for (const f of fixtures(NOW - 9 * DAY, NOW - 2 * DAY).filter((x) => x.sport.name === 'Soccer' && x.child === null && x.priced)) {
      if (steps.length >= 12) break;
      const ou = data.props(f, NOW).find((p) => p.bet_type === 'over_under');
      if (ou === undefined) continue;
      const over = data
        .specialOdds(data.special(ou.special_id as number, NOW)!, NOW, true)
        .filter((r) => r.contestant_line_id === (ou.special_id as number) * 100 + 1);
      over.forEach((row, i) => {
        const prev = over[i - 1];
        if (prev === undefined || Math.abs((row.handicap as number) - (prev.handicap as number)) !== 1) return;
        // The ladder's P(over) at the new line now against at the old line then: the same step on the event's own board.
        const now = overAt(f, Date.parse(row.timestamp as string), row.handicap as number);
        const then = overAt(f, Date.parse(prev.timestamp as string), prev.handicap as number);
        if (now === undefined || then === undefined) throw new Error('a total prop off its event ladder');
        steps.push({
          prop: 1 / (row.todds as number) - 1 / (prev.todds as number),
          ladder: now - then,
          up: (row.handicap as number) - (prev.handicap as number),
        });
      });
    }
    expect(steps.length).toBeGreaterThanOrEqual(12);
    for (const s of steps) {
      expect(Math.abs(s.prop - s.ladder)).toBeLessThan(0.015);
      expect(-s.prop * s.up).toBeGreaterThan(0.1);
    }
  });

  it('a prop snapshot uses only what was known at its time: its history up to then never changes later', () => {
    const f = findFixture((x) => x.sport.props && x.child === null && x.priced);
    for (const p of data.props(f, NOW)) {
      const def = data.special(p.special_id as number, NOW)!;
      if (!('times' in def)) throw new Error('a generated special');
      const full = data.specialOdds(def, NOW, true);
      const mid = def.times[Math.floor(def.times.length / 2)]!;
      expect(data.specialOdds(def, mid, true)).toEqual(full.filter((r) => Date.parse(r.timestamp as string) <= mid));
    }
  });

  it('prices longshots as longshots, with no clamp', () => {
    const prices = fixtures(NOW - 4 * DAY, NOW - 3 * DAY)
      .filter((x) => x.sport.props && x.child === null && x.priced)
      .flatMap((f) => data.props(f, NOW).map((p) => p.special_id as number))
      .flatMap((id) => data.specialOdds(data.special(id, NOW)!, NOW, false).map((r) => r.odds as number));
    expect(prices.filter((o) => o > 60).length).toBeGreaterThan(5);
  });
});

describe('outrights', () => {
  it('carry a book margin of 15 to 40 %, prices from 1.01 to 1001, longshots well above 50', () => {
    const rows = data.outrights(undefined, NOW);
    let longshots = 0;
    for (const id of new Set(rows.map((o) => o.special_id as number))) {
      const latest = data.specialOdds(data.special(id, NOW)!, NOW, false);
      const book = latest.reduce((s, r) => s + 1 / (r.odds as number), 0) - 1;
      expect(book, `outright ${id}`).toBeGreaterThan(0.14);
      expect(book, `outright ${id}`).toBeLessThan(0.42);
      for (const r of latest) {
        expect(r.odds as number).toBeGreaterThanOrEqual(1.01);
        expect(r.odds as number).toBeLessThanOrEqual(1001);
        if ((r.odds as number) > 50) longshots++;
      }
    }
    expect(longshots).toBeGreaterThan(20);
  });

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
    expect(
      rowsOf(await call('outrights.list', { query: { sport_id: 29 }, clock: frozenClock(Date.parse('2021-01-01T12:00:00Z')) })),
    ).toEqual([]);
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
