import { describe, expect, it } from 'vitest';
import { createDataset } from '../../../mocks/service/data';
import { decodeEventId, decodeSpecialId, FIRST_PROP_SPECIAL_ID } from '../../../mocks/service/data/shared/ids';
import { DAY, data, findFixture, fixtures, HOUR, NOW } from './context';

const sample = (seed: string) => {
  const ds = createDataset(seed);
  const [f] = [...ds.fixturesBetween(NOW - 3 * DAY, NOW - 2 * DAY, NOW, { sportId: 29 })];
  if (f === undefined) throw new Error('no fixture');
  return { f, odds: ds.odds(f, NOW, { fullHistory: true, mainOnly: false, rowCap: 200 }).rows, event: ds.event(f, NOW) };
};

describe('dataset determinism', () => {
  it('the same seed gives the same fixtures and rows', () => {
    const a = sample('alpha');
    const b = sample('alpha');
    expect(b.event).toEqual(a.event);
    expect(b.odds).toEqual(a.odds);
  });

  it('a different seed gives different fixtures or prices', () => {
    const a = sample('alpha');
    const b = sample('beta');
    expect(JSON.stringify([b.event, b.odds])).not.toEqual(JSON.stringify([a.event, a.odds]));
  });

  it('accepts a numeric seed as its decimal string', () => {
    expect(createDataset(42).seed).toBe('42');
    expect(sample('42').odds).toEqual(
      createDataset(42).odds(sample('42').f, NOW, { fullHistory: true, mainOnly: false, rowCap: 200 }).rows,
    );
  });
});

describe('catalog', () => {
  it('has 44 sports with history, positive unique ids, and the offering flags', () => {
    const sports = data.sports();
    expect(sports).toHaveLength(44);
    expect(new Set(sports.map((s) => s.sport_id)).size).toBe(44);
    for (const s of sports) {
      expect(s.sport_id).toBeGreaterThan(0);
      expect(s.has_history).toBe(true);
    }
    const names = sports.map((s) => s.name);
    for (const name of ['Soccer', 'Basketball', 'Tennis', 'Ice Hockey', 'American Football', 'Baseball']) expect(names).toContain(name);
    expect(sports.some((s) => s.has_live === false)).toBe(true);
    expect(sports.some((s) => s.has_props === true)).toBe(true);
    expect(sports.some((s) => s.has_outrights === true)).toBe(true);
  });

  it('gives every sport leagues with alpha-2 or null country codes and a container', () => {
    for (const s of data.sports()) {
      const leagues = data.leagues(s.sport_id as number);
      expect(leagues.length).toBeGreaterThanOrEqual(1);
      expect(leagues.length).toBeLessThanOrEqual(12);
      for (const l of leagues) {
        expect(l.league_id).toBeGreaterThan(0);
        expect(l.country_code === null || /^[A-Z]{2}$/.test(l.country_code)).toBe(true);
        expect(typeof l.container).toBe('string');
      }
    }
    expect(data.leagues(9999)).toEqual([]);
  });

  it('defines period 0 for every sport and keeps the deprecated team-totals labels only where the source sends them', () => {
    let withLegacy = 0;
    let without = 0;
    for (const s of data.sports()) {
      const periods = data.periods(s.sport_id as number);
      expect(periods[0]?.period).toBe(0);
      for (const p of periods) {
        expect(typeof p.home_totals_description).toBe('string');
        expect(typeof p.away_totals_short_description).toBe('string');
      }
      if (periods.every((p) => 'team_totals_description' in p)) withLegacy++;
      else if (periods.every((p) => !('team_totals_description' in p) && !('team_totals_short_description' in p))) without++;
    }
    expect(withLegacy).toBeGreaterThan(0);
    expect(without).toBeGreaterThan(0);
    expect(withLegacy + without).toBe(44);
    expect(data.periods(9999)).toEqual([]);
  });
});

describe('fixtures', () => {
  it('decodes event ids directly and lists fixtures in (starts, event_id) order', () => {
    const list = fixtures(NOW, NOW + 6 * HOUR);
    expect(list.length).toBeGreaterThan(20);
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1]!;
      const b = list[i]!;
      expect(a.starts < b.starts || (a.starts === b.starts && a.eventId < b.eventId)).toBe(true);
    }
    for (const f of list) {
      const key = decodeEventId(f.eventId)!;
      expect(key.ordinal).toBe(f.league.ordinal);
      expect(data.fixture(f.eventId)).toEqual(f);
    }
  });

  it('has child fixtures whose parent_id is the parent event', () => {
    const parent = findFixture((f) => f.child === null && f.league.children.length > 0);
    const children = data.children(parent);
    expect(children.length).toBeGreaterThan(0);
    for (const c of children) {
      const row = data.event(c, NOW);
      expect(row.parent_id).toBe(parent.eventId);
      expect(row.starts).toBe(data.event(parent, NOW).starts);
      expect(row.runner_home).toMatch(/\((Corners|Bookings)\)$/);
    }
  });

  it('exists from two weeks before its start', () => {
    const [f] = fixtures(NOW + 13 * DAY, NOW + 14 * DAY);
    expect(f).toBeDefined();
    expect(data.fixtureAt(f!.eventId, NOW)).toBeDefined();
    expect(data.fixtureAt(f!.eventId, f!.createdAt - 1)).toBeUndefined();
    expect(data.fixtureAt(123, NOW)).toBeUndefined();
  });

  it('raises version on every record change and reports the last change instant', () => {
    const f = findFixture((x) => x.correctedAt !== null);
    const times = [f.createdAt - 1, f.createdAt, f.openAt, f.starts, f.endAt, f.settledAt, f.correctedAt!];
    const versions = times.map((t) => data.event(f, t).version as number);
    for (let i = 1; i < versions.length; i++) expect(versions[i]).toBeGreaterThan(versions[i - 1]!);
    expect(data.lastChangeAt(f, f.settledAt + 1)).toBe(f.settledAt);
    expect(data.event(f, f.starts - 1).live_status).toBe(0);
    expect(data.event(f, f.starts).live_status).toBe(1);
    expect(data.event(f, f.endAt).live_status).toBe(2);
  });

  it('shows the original start until a reschedule is published', () => {
    const f = findFixture((x) => x.rescheduleAt !== null, NOW + 8 * DAY, NOW + 14 * DAY);
    expect(data.startsAt(f, f.rescheduleAt! - 1)).toBe(f.originalStarts);
    expect(data.startsAt(f, f.rescheduleAt!)).toBe(f.starts);
    expect(data.event(f, f.rescheduleAt!).version).toBe(data.event(f, f.rescheduleAt! - 1).version! + 1);
  });

  it('flags opening and closing availability from the lifecycle', () => {
    const f = findFixture((x) => x.priced, NOW + 8 * DAY, NOW + 13 * DAY);
    expect(data.event(f, NOW)).toMatchObject({ opening_available: false, closing_available: false, live_status: 0 });
    expect(data.event(f, f.openAt)).toMatchObject({ opening_available: true, closing_available: false });
    expect(data.event(f, f.starts)).toMatchObject({ opening_available: true, closing_available: true });
  });

  it('makes about one event in 40 heavy', () => {
    const list = fixtures(NOW - 6 * DAY, NOW - 2 * DAY);
    const share = list.filter((f) => f.heavy).length / list.length;
    expect(share).toBeGreaterThan(0.01);
    expect(share).toBeLessThan(0.06);
  });
});

describe('special ids', () => {
  it('never collide between props and outrights', () => {
    const outrights = data.outrights(undefined, NOW);
    expect(outrights.length).toBeGreaterThan(0);
    for (const o of outrights) {
      expect(o.special_id).toBeLessThan(FIRST_PROP_SPECIAL_ID);
      expect(decodeSpecialId(o.special_id as number)?.type).toBe('outright');
      expect(o.event_id).toBeNull();
    }
    const f = findFixture((x) => x.sport.props && x.child === null && x.priced);
    const props = data.props(f, NOW);
    expect(props.length).toBeGreaterThan(0);
    for (const p of props) {
      expect(p.special_id).toBeGreaterThanOrEqual(FIRST_PROP_SPECIAL_ID);
      expect(decodeSpecialId(p.special_id as number)).toMatchObject({ type: 'prop', eventId: f.eventId });
    }
  });
});
