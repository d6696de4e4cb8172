import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../examples/clv-report/csv';
import { runExample } from './run-example';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'clv-report-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('npm run example -- clv-report', () => {
  it('prints per-bet and total CLV and expected win, and writes the report', async () => {
    const out = join(dir, 'report.csv');
    const run = await runExample('clv-report', ['--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^CLV of 10 bets from .*examples\/clv-report\/bets\.csv$/m);
    expect(run.stdout).toMatch(/^10 bets on 7 events: one closing-lines request each, at most 175 credits$/m);
    expect(run.stdout).toMatch(/^ {2}B-1001 +840073520 +moneyline home +2\.550 +2\.418 +2\.533 +\+0\.66% +50 +0\.33$/m);
    expect(run.stdout).toContain('B-1009   570064330  totals over 13.5          4.200  no closing line');
    expect(run.stdout).toContain('B-1010   570064330  totals draw 5.5           3.000  invalid: side: side does not fit the market');
    expect(run.stdout).toMatch(/^8 of 10 bets analysed; 2 beat the fair closing price\.$/m);

    const report = parseCsv(await readFile(out, 'utf8'));
    expect(report.map((r) => r['status'])).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'no closing line', 'invalid']);
    let stake = 0;
    let expected = 0;
    for (const r of report.filter((row) => row['status'] === 'ok')) {
      // The service's arithmetic (clv = odds / fair close - 1, expected win = stake x clv), written
      // at a readable precision: CLV to six decimals, the expected win to four.
      const clv = Number(r['odds']) / Number(r['true_closing_odds']) - 1;
      expect(r['clv']).toMatch(/^-?\d+(\.\d{1,6})?$/);
      expect(r['expected_win']).toMatch(/^-?\d+(\.\d{1,4})?$/);
      expect(Number(r['clv'])).toBe(Number(clv.toFixed(6)));
      expect(Number(r['expected_win'])).toBe(Number((Number(r['stake']) * clv).toFixed(4)));
      stake += Number(r['stake']);
      expected += Number(r['expected_win']);
    }
    const total = /^total stake (\d+), expected win (-?[\d.]+), stake-weighted CLV ([-+][\d.]+)%$/m.exec(run.stdout);
    expect(Number(total?.[1])).toBe(stake);
    expect(Number(total?.[2])).toBeCloseTo(expected, 2);
    expect(Number(total?.[3])).toBeCloseTo((expected / stake) * 100, 2);
    // One closing-lines answer per distinct event of the valid bets (7 events; each board under 20 rows, so a
    // credit each), whatever the bets on it: the bet without a closing row costs nothing more, and the invalid bet
    // never left the client.
    expect(run.stdout).toMatch(/\(7 credits spent\)$/m);
  });

  it('says in one line that the CSV cannot be read', async () => {
    const run = await runExample('clv-report', [join(dir, 'missing.csv')]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`Cannot open ${join(dir, 'missing.csv')} (ENOENT).`);
  });
});
