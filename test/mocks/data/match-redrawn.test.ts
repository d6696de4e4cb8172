import { describe, expect, it } from 'vitest';
import { createDataset } from '../../../mocks/service/data';
import { matchOf } from '../../../mocks/service/data/events/fixtures';
import type { Match } from '../../../mocks/service/data/events/match';
import { DAY, NOW } from './context';

/** What a match holds, its news included (drawn on first use), as plain data. */
const facts = (m: Match) => ({ close: m.close, units: m.units, overtime: m.overtime, sets: m.sets, edge: m.edge, news: m.news() });

/**
 * A fixture keeps its timing, planned from its match when built, but not the match itself: the match
 * is drawn again from the fixture's seed when asked for (issue 34: less memory per generated fixture).
 * The two must be the same match, or scores and prices would contradict the timing.
 */
describe("a fixture's match, drawn again when asked for", () => {
  const fixtures = [...createDataset('demo').fixturesBetween(NOW - 20 * DAY, NOW + 10 * DAY, NOW)];

  it('fits the timing planned when the fixture was built: one natural segment per unit of play', () => {
    const checked = new Set<string>();
    for (const f of fixtures) {
      if (f.model.engine === 'duel') continue;
      expect(f.timing.natural.length, `${f.sport.name} event ${f.eventId}`).toBe(matchOf(f).units.length);
      checked.add(f.model.engine);
    }
    expect([...checked].sort()).toEqual(['count', 'normal', 'race']);
  });

  it('is the same match for every fixture built for the event, and drawn once per fixture', () => {
    const again = createDataset('demo');
    for (const f of fixtures.filter((_, i) => i % 25 === 0)) {
      const other = again.fixture(f.eventId);
      expect(other).toBeDefined();
      expect(facts(matchOf(other!))).toEqual(facts(matchOf(f)));
      expect(matchOf(other!)).toBe(matchOf(other!));
    }
  });

  it('is not a property of the fixture: a fixture nobody asked it of holds none', () => {
    expect(Object.keys(fixtures[0]!)).not.toContain('match');
  });
});
