import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runExample } from '../examples/run-example';
import { extractSamples, sampleMismatch, type Sample } from './samples';

/**
 * The output samples of docs/examples.md are what the examples print: each is run with the command
 * its first line shows, and its lines are found in the output (masked where every run differs:
 * clock times, ports, temporary paths, keys). Files the examples write go to a temporary folder.
 */

const { samples, unmarked } = extractSamples(readFileSync(join(ROOT, 'docs/examples.md'), 'utf8'));
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'samples-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Where each example writes, moved out of examples/out (the masks make the paths equal). */
const outputs: Record<string, (name: string) => string[]> = {
  'clv-report': (name) => ['--out', join(dir, name, 'clv-report.csv')],
  'backfill-sqlite': (name) => ['--db', join(dir, name, 'backfill.sqlite')],
  'fleet-backfill': (name) => ['--db', join(dir, name, 'fleet.sqlite')],
};

describe('the samples of docs/examples.md', () => {
  it('mark every output block with the command that prints it', () => {
    expect(unmarked).toEqual([]);
    expect(samples.map((s) => s.args[0])).toEqual([
      'quickstart',
      'live-scanner',
      'clv-report',
      'price-watch',
      'backfill-sqlite',
      'fleet-backfill',
      'key-rotation',
    ]);
  });

  it('tell a sample that is not what was printed', () => {
    const sample: Sample = { line: 1, args: ['x'], lines: ['a', '...', 'c 12:00:01'], varies: false };
    expect(sampleMismatch(sample, 'a\nb\nc 13:14:15\n')).toBeUndefined();
    expect(sampleMismatch(sample, 'a\nb\nc 13:14:15\nd\n')).toMatch(/are not at the end of the output/);
    expect(sampleMismatch(sample, 'x\na\nc 13:14:15\n')).toMatch(/are not at the start of the output/);
    expect(sampleMismatch({ ...sample, lines: ['a', 'total 2.10'] }, 'a\ntotal 2.55\n')).toMatch(/not at the start/);
    expect(sampleMismatch({ ...sample, lines: ['a', 'total 2.10'], varies: true }, 'a\ntotal   13.5\n')).toBeUndefined();
  });

  for (const sample of samples) {
    const [name = '', ...args] = sample.args;
    it(`docs/examples.md:${sample.line}: npm run example -- ${sample.args.join(' ')}`, { timeout: 240_000 }, async () => {
      const run = await runExample(name, [...args, ...(outputs[name]?.(`line-${sample.line}`) ?? [])], { REDIS_URL: '' });
      expect(run.code, run.stderr).toBe(0);
      const mismatch = sampleMismatch(sample, run.stdout);
      if (mismatch) expect.fail(`${mismatch}\n\nWhat it printed:\n${run.stdout}`);
    });
  }
});
