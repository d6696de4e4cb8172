import { describe, expect, it } from 'vitest';
import { closingAt, lineMarks, openingAt } from '../../../mocks/service/data/rows/lines';
import type { Quote } from '../../../mocks/service/data/pricing/quotes';
import type { Timeline } from '../../../mocks/service/data/events/timeline';
import { NOW, data, findFixture } from './context';

/**
 * The line rules read only an event's timeline (snapshots and their quotes), whatever produced it:
 * here a timeline written by hand, with what the generator never does (a period first quoted in
 * play, a line taken off the board before the close).
 */
const f = findFixture((x) => x.priced && !x.abandoned && x.model.engine === 'count');
const HOUR = 3_600_000;

const q = (market: Quote['market'], line: number | null, odds: number[], alt = 0): Quote => ({
  market,
  alt,
  line,
  odds,
  fair: odds.map((o) => o * 1.02),
  status: 1,
  maxWin: 100,
});

const snapshots: { t: number; period: number; live: 0 | 1; quotes: Quote[] }[] = [
  {
    t: f.starts - 48 * HOUR,
    period: 0,
    live: 0,
    quotes: [q('moneyline', null, [2.1, 3.3, 3.6]), q('totals', 2.5, [1.9, 1.9]), q('totals', 3.5, [3.1, 1.35], 2)],
  },
  // The alternate 3.5 is taken off the board before the close.
  { t: f.starts - HOUR, period: 0, live: 0, quotes: [q('moneyline', null, [2.0, 3.4, 3.8]), q('totals', 2.5, [1.95, 1.85])] },
  // Period 1 is first quoted in play.
  { t: f.starts + 60_000, period: 1, live: 1, quotes: [q('moneyline', null, [2.9, 2.0, 4.4])] },
  // A line first quoted in play.
  { t: f.starts + 120_000, period: 0, live: 1, quotes: [q('moneyline', null, [1.6, 3.9, 5.5]), q('totals', 4.5, [5.1, 1.12])] },
];

const generated = data.timeline(f);
const timeline: Timeline = {
  fixture: f,
  periods: [0, 1],
  count: snapshots.length,
  t: Float64Array.from(snapshots, (s) => s.t),
  period: Uint8Array.from(snapshots, (s) => s.period),
  live: Uint8Array.from(snapshots, (s) => s.live),
  status: Uint8Array.from(snapshots, () => 1),
  cutoff: Float64Array.from(snapshots, (s) => (s.live === 1 ? s.t + 180_000 : f.starts)),
  quotes: (i) => snapshots[i]!.quotes,
  // The play is the generated one: this test is about the lines.
  runningScore: true,
  score: (p, t) => generated.score(p, t),
  lastScoreAt: (p, t) => generated.lastScoreAt(p, t),
  redCards: (t) => generated.redCards(t),
  settlementError: (p) => generated.settlementError(p),
};

const keys = (rows: readonly { period: number | null; market: string | null; line: number | null }[]) =>
  rows.map((r) => `${r.period}|${r.market}|${r.line}`);

describe('the closing board and the openings of any timeline', () => {
  it('closes each period on its last pre-start snapshot: a line taken off before the close has no closing row', () => {
    const rows = closingAt(timeline, data.results(f, NOW), NOW);
    expect(keys(rows)).toEqual(['0|moneyline|null', '0|totals|2.5']);
    expect(rows.every((r) => r.line_id === f.eventId * 100_000 + 2)).toBe(true);
    expect(rows[0]).toMatchObject({ odds1: 2.0, odds0: 3.4, odds2: 3.8, result_status: 1 });
  });

  it('gives a period first quoted in play no closing rows', () => {
    expect(closingAt(timeline, data.results(f, NOW), NOW).some((r) => r.period === 1)).toBe(false);
  });

  it('opens every line at its earliest snapshot, pre-match or in play', () => {
    const marks = lineMarks(timeline);
    expect(keys(openingAt(timeline, marks, NOW))).toEqual([
      '0|moneyline|null',
      '0|totals|2.5',
      '0|totals|3.5',
      '0|totals|4.5',
      '1|moneyline|null',
    ]);
    const opened = openingAt(timeline, marks, NOW);
    expect(opened.find((r) => r.period === 1)).toMatchObject({ line_id: f.eventId * 100_000 + 3, odds1: 2.9 });
    expect(opened.find((r) => r.line === 4.5)).toMatchObject({ line_id: f.eventId * 100_000 + 4, odds1: 5.1 });
    // Before the start, only the pre-match openings exist.
    expect(keys(openingAt(timeline, marks, f.starts - 1))).toEqual(['0|moneyline|null', '0|totals|2.5', '0|totals|3.5']);
  });
});
