import { describe, expect, it } from 'vitest';
import { applySnapshot, emptyBoard, lineKeyOf, snapshotsOf } from '../../src/domain';
import type { OddsSnapshot } from '../../src';

/** The shared diff of the price watch and the MCP line_movement tool (src/domain/line-changes.ts). */

const row = (lineId: number, over: Partial<OddsSnapshot> = {}): OddsSnapshot => ({
  event_id: 7,
  line_id: lineId,
  alt_line_id: null,
  market: 'moneyline',
  period: 0,
  line: null,
  odds1: 1.9,
  odds0: null,
  odds2: 1.95,
  status: 1,
  timestamp: `2026-11-21T15:00:0${lineId % 10}Z`,
  score_home: null,
  score_away: null,
  red_cards_home: null,
  red_cards_away: null,
  ...over,
});
const kinds = (changes: { kind: string; key: string }[]) => changes.map((c) => `${c.kind} ${c.key}`);

describe('line changes', () => {
  it('keys a line by event, period, market and alt_line_id', () => {
    expect(lineKeyOf(row(1))).toBe('7|0|moneyline|main');
    expect(lineKeyOf(row(1, { market: 'spread', alt_line_id: 12, period: 1 }))).toBe('7|1|spread|12');
  });

  it('opens, moves, suspends, reopens and removes a line, each once', () => {
    const board = emptyBoard();
    const spread = { market: 'spread' as const, line: -1.5 };
    expect(kinds(applySnapshot(board, [row(1), row(1, spread)]))).toEqual([
      'event_state_changed 7',
      'line_opened 7|0|moneyline|main',
      'line_opened 7|0|spread|main',
    ]);
    // The same snapshot again, or an older one, changes nothing.
    expect(applySnapshot(board, [row(1, { odds1: 3 })])).toEqual([]);
    expect(kinds(applySnapshot(board, [row(2, { odds1: 2 }), row(2, spread)]))).toEqual(['price_moved 7|0|moneyline|main']);
    expect(kinds(applySnapshot(board, [row(3, { odds1: 2, status: 2 }), row(3, spread)]))).toEqual(['line_suspended 7|0|moneyline|main']);
    expect(kinds(applySnapshot(board, [row(4, { odds1: 2 }), row(4, { ...spread, status: 3 })]))).toEqual([
      'line_reopened 7|0|moneyline|main',
      'line_removed 7|0|spread|main',
    ]);
    // Off the board it stays unseen; quoted again it opens.
    expect(applySnapshot(board, [row(5, { odds1: 2 }), row(5, { ...spread, status: 3, odds1: 4 })])).toEqual([]);
    expect(kinds(applySnapshot(board, [row(6, { odds1: 2 }), row(6, spread)]))).toEqual(['line_opened 7|0|spread|main']);
    // Absent from its period's newer snapshot: removed, with no after.
    const removed = applySnapshot(board, [row(7, { odds1: 2 })]);
    expect(removed).toMatchObject([{ kind: 'line_removed', key: '7|0|spread|main', after: null, before: { line: -1.5 } }]);
    // A snapshot of another period leaves period 0's lines alone.
    expect(kinds(applySnapshot(board, [row(8, { period: 1 })]))).toEqual(['line_opened 7|1|moneyline|main']);
  });

  it('says when the in-play state of the full event moves', () => {
    const board = emptyBoard();
    applySnapshot(board, [row(1)]);
    const kickoff = applySnapshot(board, [row(2, { score_home: 0, score_away: 0, red_cards_home: 0, red_cards_away: 0 })]);
    expect(kickoff).toMatchObject([{ kind: 'event_state_changed', key: '7', before: { score_home: null }, after: { score_home: 0 } }]);
    expect(applySnapshot(board, [row(3, { score_home: 0, score_away: 0, red_cards_home: 0, red_cards_away: 0 })])).toEqual([]);
  });

  it('splits rows into snapshots of one event, period and line_id', () => {
    const rows = [row(1), row(1, { market: 'spread' }), row(2, { period: 1 }), row(3)];
    expect(snapshotsOf(rows).map((s) => s.length)).toEqual([2, 1, 1]);
  });
});
