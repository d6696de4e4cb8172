import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackfillStore } from '../../examples/backfill-sqlite/store';
import { describeFailure } from '../../examples/lib/run';
import { InvalidParametersError, SportsOddsError } from '../../src';
import { buildCli } from '../helpers/cli';
import { useSharedStandaloneMock } from '../helpers/standalone';
import { finished, ROOT, runExample, type ExampleRun } from './run-example';

/**
 * Every example and bin, fed the mistakes a user makes (issue 31): an unknown flag, a malformed
 * number, an impossible range, an unknown sport, another job's state file. Each is one line
 * naming the mistake, then the usage, on stderr; exit 2; no stack; and nothing charged: the
 * examples call a standalone mock whose ledger is read after each. `--help` everywhere prints the
 * usage and exits 0 without running anything.
 */

const server = useSharedStandaloneMock();
let dir = '';
let bin = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-errors-'));
  bin = await buildCli();
  // A backfill file that holds another job (sport 4 of one day), as a user's earlier run left it.
  const other = new BackfillStore(join(dir, 'other-job.sqlite'));
  other.open({ sport_id: 4, starts_from: '2026-11-15T00:00:00Z', starts_to: '2026-11-15' }, '2026-11-16T00:00:00Z');
  await writeFile(join(dir, 'not-a-db.sqlite'), 'these are notes, not a database\n');
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The examples' environment: the shared standalone mock as their "real" service. */
const service = () => ({ SPORTS_ODDS_BASE_URL: server().url, SPORTS_ODDS_API_KEY: server().mock.apiKey });
const charged = () =>
  server()
    .mock.ledger()
    .reduce((sum, account) => sum + account.charged, 0);

/** Runs the `sports-odds-mock` bin. */
function runBin(args: string[]): Promise<ExampleRun> {
  return finished(spawn(process.execPath, [bin, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }));
}

type Case = [string, string[], RegExp];

/** [example, its arguments, the first line of stderr]. */
const EXAMPLES: Case[] = [
  ['quickstart', ['--bogus'], /^quickstart: unknown flag --bogus$/],
  ['quickstart', ['extra'], /^quickstart: unexpected argument "extra"$/],
  ['backfill-sqlite', ['--form', '2026-11-10'], /^backfill-sqlite: unknown flag --form \(did you mean --from\?\)$/],
  ['backfill-sqlite', ['--budget', '20k'], /^backfill-sqlite: --budget takes a number of credits at least 0, not "20k"$/],
  ['backfill-sqlite', ['--budget', '-5'], /^backfill-sqlite: --budget takes a number of credits at least 0, not "-5"$/],
  ['backfill-sqlite', ['--budget'], /^backfill-sqlite: --budget needs a value$/],
  ['backfill-sqlite', ['--from', '2026-11-20', '--to', '2026-11-10'], /^backfill-sqlite: --from 2026-11-20 is not before --to 2026-11-10/],
  ['backfill-sqlite', ['--from', 'yesterday'], /^backfill-sqlite: --from takes a UTC day \(2026-11-20\) or an RFC 3339 instant/],
  ['backfill-sqlite', ['--sport', 'soccer'], /^backfill-sqlite: --sport takes a sport id at least 1, not "soccer"$/],
  ['backfill-sqlite', ['--stop-after-pages', '1.5'], /^backfill-sqlite: --stop-after-pages takes a whole number at least 1, not "1.5"$/],
  [
    'backfill-sqlite',
    ['--db', '{dir}/other-job.sqlite'],
    /^backfill-sqlite: --db .*other-job\.sqlite holds another job \(sport 4 from 2026-11-15T00:00:00Z/,
  ],
  ['backfill-sqlite', ['--db', '{dir}/not-a-db.sqlite'], /^backfill-sqlite: --db .*not-a-db\.sqlite is not a backfill database/],
  ['fleet-backfill', ['--workers', '0'], /^fleet-backfill: --workers takes a whole number from 1 to 32, not "0"$/],
  ['fleet-backfill', ['--budget', '1e4'], /^fleet-backfill: --budget takes a number of credits at least 0, not "1e4"$/],
  ['fleet-backfill', ['--to', '2026-11-01', '--from', '2026-11-02'], /^fleet-backfill: --from 2026-11-02 is not before --to 2026-11-01/],
  ['fleet-backfill', ['--db', '{dir}/other-job.sqlite'], /^fleet-backfill: --db .*other-job\.sqlite holds another job/],
  ['live-scanner', ['--interval', 'fast'], /^live-scanner: --interval takes a number of seconds from 0 to 86400, not "fast"$/],
  ['live-scanner', ['--events', '0'], /^live-scanner: --events takes a whole number from 1 to 100, not "0"$/],
  ['live-scanner', ['--refresh', '2'], /^live-scanner: unknown flag --refresh \(did you mean --refreshes\?\)$/],
  ['clv-report', ['a.csv', 'b.csv'], /^clv-report: unexpected argument "b.csv"$/],
  ['clv-report', ['--output', 'x.csv'], /^clv-report: unknown flag --output/],
  ['key-rotation', ['--port', '70000'], /^key-rotation: --port takes a port \(0: any free one\) from 0 to 65535, not "70000"$/],
  ['browser', ['--mock-port', '-1'], /^browser: --mock-port takes a port \(0: any free one\) from 0 to 65535, not "-1"$/],
  ['browser', ['--sport', '0'], /^browser: --sport takes a sport id at least 1, not "0"$/],
  ['nonexistent', [], /^example: no example named "nonexistent"$/],
];

/** The same mistakes, and the sport the catalog does not list: asked of the catalog, its one request (1 credit, nothing else). */
const UNKNOWN_SPORT: Case[] = [
  [
    'backfill-sqlite',
    ['--sport', '9999', '--db', '{dir}/sport.sqlite'],
    /^backfill-sqlite: --sport 9999 is not in the catalog \(its sports: 1 Badminton, /,
  ],
  ['live-scanner', ['--sport', '9999', '--refreshes', '1'], /^live-scanner: --sport 9999 is not in the catalog/],
  ['browser', ['--sport', '9999'], /^browser: --sport 9999 is not in the catalog/],
];

const BINS: Case[] = [
  ['sports-odds-mock', ['--bogus'], /^sports-odds-mock: unknown flag --bogus$/],
  ['sports-odds-mock', ['--port', '20k'], /^sports-odds-mock: --port takes a port from 0 to 65535, not "20k"$/],
  ['sports-odds-mock', ['--latency', '-5'], /^sports-odds-mock: --latency takes a number of ms from 0 to 60000, not "-5"$/],
  [
    'sports-odds-mock verify',
    ['--max-credits', '20k', '--base', '{url}'],
    /^sports-odds-mock verify: --max-credits takes a whole number at least 0, not "20k"$/,
  ],
  [
    'sports-odds-mock verify',
    ['--max-credits', '100', '--base', '{url}', '--rate', '0'],
    /^sports-odds-mock verify: --rate takes a whole number at least 1, not "0"$/,
  ],
  [
    'sports-odds-mock verify',
    ['--max-credit', '100'],
    /^sports-odds-mock verify: unknown flag --max-credit \(did you mean --max-credits\?\)$/,
  ],
];

const filled = (args: string[]) => args.map((a) => a.replace('{dir}', dir).replace('{url}', server().url));

/** One line naming the mistake, a blank line, the usage; no stack. */
function expectUsageError(run: ExampleRun, first: RegExp): void {
  expect(run.code, run.stderr).toBe(2);
  const [line, blank, usage] = run.stderr.split('\n');
  expect(line).toMatch(first);
  expect(blank).toBe('');
  expect(usage).toMatch(/^Usage: /);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stdout).toBe('');
}

describe('every example, fed a mistake', () => {
  it.each(EXAMPLES)('%s %j: one line and the usage, exit 2, nothing sent', async (name, args, first) => {
    const run = await runExample(name, filled(args), service());
    expectUsageError(run, first);
    expect(charged()).toBe(0);
  });

  it.each(UNKNOWN_SPORT)('%s %j: the catalog is asked, nothing else, then one line, exit 2', async (name, args, first) => {
    const run = await runExample(name, filled(args), service());
    expect(run.code, run.stderr).toBe(2);
    const [line, blank, usage] = run.stderr.split('\n');
    expect([blank, usage?.startsWith('Usage: ')]).toEqual(['', true]);
    expect(line).toMatch(first);
    const charges = server()
      .mock.ledger()
      .flatMap((account) => account.charges);
    expect(charges.map((c) => c.routeId)).toEqual(['catalog.sports']);
  });
});

describe('every bin, fed a mistake', () => {
  it.each(BINS)('%s %j: one line and the usage, exit 2, nothing sent', async (_, args, first) => {
    const command = _.endsWith('verify') ? ['verify', ...filled(args)] : filled(args);
    expectUsageError(await runBin(command), first);
    expect(charged()).toBe(0);
  });
});

describe('--help', () => {
  const EVERY = ['quickstart', 'backfill-sqlite', 'fleet-backfill', 'live-scanner', 'clv-report', 'key-rotation', 'browser'];

  it.each(EVERY)('%s --help prints its usage and runs nothing', async (name) => {
    const run = await runExample(name, ['--help'], service());
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toMatch(new RegExp(`^Usage: npm run example -- ${name}`));
    expect(
      server()
        .mock.ledger()
        .flatMap((account) => account.charges),
    ).toEqual([]);
  });

  it('npm run example -- --help lists the examples, exit 0', async () => {
    const run = await runExample('--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run example -- <name>/);
    expect(run.stdout).toMatch(/quickstart +the SDK end to end/);
  });

  it.each([[['--help']], [['verify', '--help']]])('sports-odds-mock %j prints its usage, exit 0', async (args) => {
    const run = await runBin(args);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toMatch(/^Usage: sports-odds-mock/);
  });
});

describe('a refusal of the SDK, in an example', () => {
  it('is worded as local (nothing sent), never as an answer of the service', () => {
    const url = 'https://api.sports-odds.test';
    const param = InvalidParametersError.local([{ path: 'sport_id', message: 'must be a positive integer, got 0' }]);
    expect(describeFailure(param, url)).toBe('Refused locally, nothing sent: sport_id: must be a positive integer, got 0.');
    const option = new SportsOddsError('budget.maxCredits must be a non-negative integer of credits, got NaN');
    expect(describeFailure(option, url)).toBe(
      'Refused locally, nothing sent: budget.maxCredits must be a non-negative integer of credits, got NaN.',
    );
    const answered = new InvalidParametersError({ status: 400, code: 'invalid_parameters', message: 'sport_id: unknown' });
    expect(describeFailure(answered, url)).toBe(`${url} answered 400 invalid_parameters: sport_id: unknown`);
  });
});
