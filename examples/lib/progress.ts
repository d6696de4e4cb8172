/**
 * The progress display of the backfills: a bar on a terminal, and a line every two seconds when the
 * output is piped (a log file, CI), where a bar would print nothing readable.
 */
import { Presets, SingleBar } from 'cli-progress';
import { count, credits } from './format';

/** Where a backfill stands: events listed, histories complete, odds rows and credits stored. */
export interface BackfillTotals {
  events: number;
  done: number;
  rows: number;
  credits: number;
}

/** How often a piped display prints a line. */
const LINE_EVERY_MS = 2_000;
/** How often a terminal's bar reads the totals again. */
const BAR_EVERY_MS = 250;

/** The line a piped display prints: `histories 23/114 · 38,796 rows · 1,960 credits`. */
const progressLine = (t: BackfillTotals): string =>
  `histories ${count(t.done)}/${count(t.events)} · ${count(t.rows)} rows · ${credits(t.credits)}`;

/**
 * Shows the histories' progress, read from `read()` (the job's SQLite file) until `stop()`, which
 * shows where it ended. On a terminal a bar, redrawn four times a second; piped, a line every two
 * seconds and one at the end.
 *
 * @example
 * const shown = showProgress(() => store.totals());
 * try { await work(); } finally { shown.stop(); }
 */
export function showProgress(read: () => BackfillTotals, interactive = process.stdout.isTTY === true): { stop(): void } {
  if (interactive) {
    const bar = new SingleBar(
      { format: 'histories |{bar}| {value}/{total} events · {rows} rows · {credits} credits', hideCursor: true, clearOnComplete: false },
      Presets.shades_classic,
    );
    const t = read();
    bar.start(t.events, t.done, { rows: count(t.rows), credits: count(t.credits) });
    const redraw = () => {
      const now = read();
      bar.setTotal(now.events);
      bar.update(now.done, { rows: count(now.rows), credits: count(now.credits) });
    };
    const timer = setInterval(redraw, BAR_EVERY_MS);
    return {
      stop: () => {
        clearInterval(timer);
        redraw();
        bar.stop();
      },
    };
  }
  const line = () => console.log(progressLine(read()));
  const timer = setInterval(line, LINE_EVERY_MS);
  return {
    stop: () => {
      clearInterval(timer);
      line();
    },
  };
}
