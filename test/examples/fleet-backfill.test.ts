import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRedisInstalled } from '../../examples/lib/redis-server';
import { backfillContents as contents } from './backfill-db';
import { runExample } from './run-example';

/**
 * The fleet backfill (worker processes sharing one account through a local Redis it starts) stores
 * exactly what the one-process backfill stores for the same window, draws no 429, and stops at the
 * fleet's budget with a way to continue.
 */

// Four days of Rugby Union: a dozen events.
const WINDOW = ['--sport', '27', '--from', '2026-11-12', '--to', '2026-11-15'];
let dir = '';
beforeAll(async () => {
  checkRedisInstalled();
  dir = await mkdtemp(join(tmpdir(), 'fleet-backfill-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run example -- fleet-backfill', () => {
  it('stores with three worker processes what one process stores, with progress lines when piped and no 429', async () => {
    const fleet = join(dir, 'fleet.sqlite');
    const alone = join(dir, 'alone.sqlite');
    const [run, single] = await Promise.all([
      runExample('fleet-backfill', [...WINDOW, '--workers', '3', '--db', fleet], { REDIS_URL: '' }),
      runExample('backfill-sqlite', [...WINDOW, '--db', alone]),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(single.code, single.stderr).toBe(0);
    expect(run.stdout).toMatch(/Redis: +redis:\/\/127\.0\.0\.1:\d+ \(started for this run\)/);
    expect(run.stdout).toMatch(/^histories \d+\/\d+ · [\d,]+ rows · [\d,]+ credits$/m);
    expect(run.stdout).toMatch(/^ {3}worker 3: [\d,]+ histories, [\d,]+ rows, [\d,]+ credits; no event left$/m);
    expect(run.stdout).toMatch(/\nComplete: /);
    expect(run.stdout).toMatch(/answered 0 requests with|, 0 answered 429 rate_limited\./);
    const mine = contents(fleet);
    const theirs = contents(alone);
    expect(mine.events.length).toBeGreaterThan(5);
    expect(mine.events).toEqual(theirs.events);
    expect(mine.odds).toEqual(theirs.odds);
    expect(mine.credits).toBe(theirs.credits);
  }, 180_000);

  it('stops every worker at the fleet budget, spending no more, and says how to continue', async () => {
    const db = join(dir, 'budget.sqlite');
    const run = await runExample('fleet-backfill', [...WINDOW, '--workers', '3', '--db', db, '--budget', '600'], { REDIS_URL: '' });
    expect(run.code, run.stderr).toBe(3);
    expect(run.stdout).toContain('The credit budget is reached.');
    expect(run.stdout).toMatch(/stopped by the fleet budget/);
    const spent = contents(db).credits;
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(600);
  }, 180_000);
});
