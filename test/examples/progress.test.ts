import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BackfillTotals, showProgress } from '../../examples/lib/progress';

/** The backfills' progress when piped: a line every two seconds, and where it ended. */

let printed: string[] = [];
beforeEach(() => {
  printed = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line));
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('showProgress, piped', () => {
  it('prints the totals every two seconds and once more when stopped', () => {
    const totals: BackfillTotals = { events: 114, done: 0, rows: 0, credits: 0 };
    const shown = showProgress(() => totals, false);
    expect(printed).toEqual([]);
    Object.assign(totals, { done: 23, rows: 38_796, credits: 1_960 });
    vi.advanceTimersByTime(2_000);
    Object.assign(totals, { done: 114, rows: 272_072, credits: 13_678 });
    vi.advanceTimersByTime(1_000);
    shown.stop();
    vi.advanceTimersByTime(10_000);
    expect(printed).toEqual(['histories 23/114 · 38,796 rows · 1,960 credits', 'histories 114/114 · 272,072 rows · 13,678 credits']);
  });
});
