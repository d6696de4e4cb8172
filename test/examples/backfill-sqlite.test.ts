import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillContents as contents } from './backfill-db';
import { runExample } from './run-example';

/**
 * The backfill, stopped after every third stored page and resumed until complete, ends with exactly
 * the rows and credits of one uninterrupted run; a budget stops it with a way to continue.
 */

// Three soccer events, one of them with a history of four pages (past the 5,000-row cap).
const WINDOW = ['--sport', '29', '--from', '2026-11-15T09:05:00Z', '--to', '2026-11-15T09:15:00Z'];
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'backfill-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run example -- backfill-sqlite', () => {
  it('runs its default job (yesterday, soccer) to the end inside the default budget, with progress lines when piped', async () => {
    const file = join(dir, 'default.sqlite');
    const run = await runExample('backfill-sqlite', ['--db', file]);
    expect(run.code, run.stderr).toBe(0);
    const yesterday = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000).toISOString().slice(0, 10);
    expect(run.stdout).toMatch(new RegExp(`^Backfill of sport 29, events starting ${yesterday}T00:00:00Z to ${yesterday},`, 'm'));
    expect(run.stdout).toMatch(/; budget 20,000 credits, 0 spent by earlier runs$/m);
    const listed = Number(/^events listed: (\d+);/m.exec(run.stdout)?.[1]);
    expect(listed).toBeGreaterThan(20);
    // Piped, the bar is a line (every two seconds, and one at the end), never terminal escapes.
    const lines = [...run.stdout.matchAll(/^histories ([\d,]+)\/([\d,]+) · [\d,]+ rows · [\d,]+ credits$/gm)];
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.at(-1)?.slice(1, 3)).toEqual([String(listed), String(listed)]);
    expect(run.stdout).not.toContain('\x1b[');
    expect(run.stdout).toMatch(new RegExp(`^Complete: ${listed} events, ${listed} histories complete, [\\d,]+ odds rows`, 'm'));
  });

  it('resumes after every stop at the page it stopped, and ends with the rows and credits of one clean run', async () => {
    const resumed = join(dir, 'resumed.sqlite');
    const runs: string[] = [];
    for (let i = 0; i < 10; i++) {
      const run = await runExample('backfill-sqlite', [...WINDOW, '--db', resumed, '--stop-after-pages', '2']);
      expect(run.code, run.stderr).toBe(0);
      runs.push(run.stdout);
      if (run.stdout.includes('\nComplete:')) break;
      expect(run.stdout).toContain('Run the same command to resume after the last stored page.');
      // The first stop falls inside the long history: one of its four pages stored, the rest to resume.
      if (i === 0) expect(contents(resumed).events).toContainEqual(expect.objectContaining({ history_done: 0, history_rows: 4_986 }));
    }
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs[0]).toMatch(/^new job in /m);
    expect(runs[1]).toMatch(/^resuming job in .*; budget 20,000 credits, \d+ spent by earlier runs$/m);

    const clean = join(dir, 'clean.sqlite');
    const once = await runExample('backfill-sqlite', [...WINDOW, '--db', clean]);
    expect(once.code, once.stderr).toBe(0);
    expect(once.stdout).toMatch(/^Complete: 2 events, 2 histories complete, [\d,]+ odds rows, [\d,]+ credits in all/m);

    const a = contents(resumed);
    const b = contents(clean);
    expect(a.events).toEqual(b.events);
    expect(a.odds.length).toBeGreaterThan(15_000);
    expect(a.odds).toEqual(b.odds);
    expect(a.credits).toBe(b.credits);
  });

  it('stops at the credit budget before a request could pass it, and continues with a larger one', async () => {
    const file = join(dir, 'budget.sqlite');
    const short = await runExample('backfill-sqlite', [...WINDOW, '--db', file, '--budget', '600']);
    expect(short.code).toBe(3);
    expect(short.stdout).toMatch(/The credit budget is reached: (\d+) of 600 spent/);
    expect(Number(/reached: (\d+) of 600/.exec(short.stdout)?.[1])).toBeLessThanOrEqual(600);
    expect(short.stdout).toContain('Run the same command with a larger --budget to continue where it stopped.');
    const more = await runExample('backfill-sqlite', [...WINDOW, '--db', file, '--budget', '5000']);
    expect(more.code).toBe(0);
    expect(more.stdout).toMatch(/^Complete: 2 events, 2 histories complete/m);
  });

  it('refuses to mix another job into the same file', async () => {
    const file = join(dir, 'budget.sqlite');
    const other = await runExample('backfill-sqlite', ['--sport', '4', '--from', '2026-11-15', '--to', '2026-11-15', '--db', file]);
    expect(other.code).toBe(2);
    expect(other.stderr.split('\n')[0]).toBe(
      `backfill-sqlite: --db ${file} holds another job (sport 29 from 2026-11-15T09:05:00Z to 2026-11-15T09:15:00Z): give the same options, or another --db`,
    );
  });
});
