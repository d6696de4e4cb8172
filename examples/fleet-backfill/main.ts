/**
 * Fleet backfill: several worker processes share one account through a Redis coordinator (one
 * pacing at the plan's rate, one credit budget for all of them) and backfill a month of a sport's
 * odds histories into one SQLite file, with one progress display.
 *
 *   npm run example -- fleet-backfill [--workers 4] [--sport 27] [--from 2026-10-27] [--to 2026-11-25] [--budget 50000] [--db file.sqlite]
 *
 * `--from` and `--to` take a UTC day (`--to` includes the whole day) or an RFC 3339 instant.
 *
 * With `REDIS_URL` set, the fleet shares that Redis; without it, a local `redis-server` is started
 * for the run on a free port (Debian: `apt-get install redis-server`). Against the embedded mock the
 * workers call a standalone mock server this process starts (they are other processes); with
 * SPORTS_ODDS_BASE_URL and SPORTS_ODDS_API_KEY set, the real service. This process lists the
 * window's events (one scan); the workers then take events from the file one at a time (a claim in
 * SQLite) and store every page of each history with its checkpoint, so the same command resumes a
 * stopped run. The budget counts every run of the job: what is left of it is the fleet's
 * `budget.maxCredits`, held for all workers together by the coordinator.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { BudgetExceededError, SportsOdds } from '../../src';
import { redisCoordinator, type RedisCoordinator } from '../../src/redis';
import { openStore } from '../backfill-sqlite/store';
import { checkSport, exampleCli } from '../lib/cli';
import { count, credits, shownPath } from '../lib/format';
import { showProgress } from '../lib/progress';
import { startRedisServer, type RedisServer } from '../lib/redis-server';
import { runExample } from '../lib/run';
import { realService } from '../lib/target';
import type { FleetWorkerConfig } from './worker';

const cli = exampleCli(
  'fleet-backfill',
  '[--workers <n>] [--sport <id>] [--from <day|instant>] [--to <day|instant>] [--budget <credits>] [--db <file>]',
  'Several worker processes on one account (one pacing, one budget, through Redis) backfill a month into SQLite.\nREDIS_URL: a Redis to share (default: a redis-server started for the run).',
  `  --workers <n>             worker processes, 1 to 32 (default 4)
  --sport <id>              the sport (default 27); refused unless the catalog lists it
  --from, --to <day|instant>  the window: a UTC day (--to includes it) or an RFC 3339 instant (default the last 30 days)
  --budget <credits>        the most every run of this job together may spend (default 50000)
  --db <file>               the job's SQLite file (default examples/out/fleet-backfill-...sqlite); one job per file
  --help                    show this help`,
);
const { values: args } = cli.parse(process.argv.slice(2), {
  workers: { type: 'string', default: '4' },
  sport: { type: 'string', default: '27' },
  from: { type: 'string' },
  to: { type: 'string' },
  budget: { type: 'string', default: '50000' },
  db: { type: 'string' },
});
const workers = cli.integer('--workers', args.workers, { min: 1, max: 32 }) as number;

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// Default: the 30 UTC days before today (a month of finished events with whole histories).
const startOfToday = Math.floor(Date.now() / DAY) * DAY;
const from = cli.instant('--from', args.from) ?? day(startOfToday - 30 * DAY);
const to = cli.instant('--to', args.to) ?? day(startOfToday - DAY);
cli.range('--from', from, '--to', to);
const job = {
  sport_id: cli.integer('--sport', args.sport, { min: 1, what: 'a sport id' }) as number,
  // A UTC day starts at its midnight; an RFC 3339 instant is taken as it is (as the one-process backfill does).
  starts_from: /^\d{4}-\d{2}-\d{2}$/.test(from) ? `${from}T00:00:00Z` : from,
  starts_to: to,
};
const budget = cli.integer('--budget', args.budget, { what: 'a number of credits' }) as number;
const root = resolve(dirname(process.argv[1] ?? '.'), '../..');
const cwd = process.env['INIT_CWD'] ?? process.cwd();
const real = realService();
const file = args.db
  ? resolve(cwd, args.db)
  : join(
      root,
      `examples/out/fleet-backfill-${real ? 'service' : 'mock'}-${job.sport_id}-${job.starts_from.slice(0, 10)}-${job.starts_to.slice(0, 10)}.sqlite`,
    );

/** Runs one worker process, its lines prefixed; resolves to its exit code. */
function worker(config: FleetWorkerConfig): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', join(root, 'scripts/run-ts.mjs'), join(root, 'examples/fleet-backfill/worker.ts')],
    {
      cwd: root,
      env: { ...process.env, FLEET_BACKFILL: JSON.stringify(config) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => lines.push(line));
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (code) => {
      for (const line of lines) console.log(`   ${line}`);
      done(code ?? 1);
    });
  });
}

// The job's file is checked before anything starts or is sent: not a backfill database, or another job's, is exit 2.
await mkdir(dirname(file), { recursive: true });
const opened = openStore(cli, file, job);

let redisServer: RedisServer | undefined;
let mockServer: MockServer | undefined;
let coordinator: RedisCoordinator | undefined;
let redis: Redis | undefined;
await runExample(real?.baseUrl ?? 'the mock server', async (signal) => {
  const redisUrl = process.env['REDIS_URL']?.trim() || (redisServer = await startRedisServer()).url;
  let baseUrl = real?.baseUrl ?? '';
  let apiKey = real?.apiKey ?? '';
  if (!real) {
    mockServer = await startMockServer({ port: 0 });
    baseUrl = mockServer.url;
    apiKey = mockServer.mock.apiKey;
  }
  const { store, known, credits: before } = opened;
  store.releaseClaims();
  const maxCredits = Math.max(0, budget - before);
  // One namespace per run: its shared spend is this run's, under what is left of the job's budget.
  const namespace = `fleet-backfill-${randomBytes(6).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  coordinator = redisCoordinator({ redis, namespace, secret });
  const odds = new SportsOdds({
    apiKey,
    baseUrl,
    coordinator,
    rateLimit: { requestsPerSecond: 'account' },
    budget: { maxCredits },
    logLevel: 'warn',
  });

  // A new job's sport is checked first (a resumed one was then); its row is written once it is known.
  if (!known) await checkSport(cli, odds, job.sport_id, signal);
  // The catalog the check read is the job's first spend: the budget counts it.
  const { resumed } = store.open(job, new Date().toISOString(), odds.credits.spent);
  console.log(`Fleet backfill of sport ${job.sport_id}, events starting ${job.starts_from} to ${job.starts_to}`);
  console.log(`   service: ${real ? baseUrl : `a standalone mock server at ${baseUrl}`}`);
  console.log(`   Redis:   ${redisUrl}${redisServer ? ' (started for this run)' : ''}, namespace ${namespace}`);
  console.log(
    `   ${resumed ? 'resuming' : 'new'} job in ${shownPath(file)}; budget ${credits(budget)}, ${count(before)} spent by earlier runs\n`,
  );

  // Phase 1, here: every event of the window (skipped when an earlier run listed them all).
  let outcome: 'complete' | 'budget' | 'stopped' | 'failed' = 'complete';
  try {
    const { state, done } = store.scanState();
    if (!done) {
      const scan = state ? odds.events.resumeScan(state, { signal }) : odds.events.scan(job, { signal });
      let spent = scan.state.credits;
      for await (const page of scan.pages()) {
        store.saveEvents(page.data, page.state, page.state.credits - spent);
        spent = page.state.credits;
      }
    }
  } catch (error) {
    if (!(error instanceof BudgetExceededError)) throw error;
    outcome = 'budget';
  }
  if (outcome === 'complete' && !signal.aborted) {
    const t = store.totals();
    console.log(
      `events listed: ${count(t.events)}, ${count(t.events - t.done)} histories to fetch by ${workers} workers sharing one account\n`,
    );
    // Phase 2: the workers, each its own process, share the coordinator's pacing and budget.
    const shown = showProgress(() => store.totals());
    const codes = await Promise.all(
      Array.from({ length: workers }, (_, i) =>
        worker({ name: `worker ${i + 1}`, db: file, baseUrl, apiKey, redisUrl, namespace, secret, maxCredits }),
      ),
    ).finally(() => shown.stop());
    if (codes.includes(1)) outcome = 'failed';
    else if (codes.includes(3)) outcome = 'budget';
    else if (codes.includes(130) || signal.aborted) outcome = 'stopped';
  } else if (signal.aborted) outcome = 'stopped';

  const t = store.totals();
  const fleet = await odds.readCredits();
  if (outcome === 'complete' && t.done === t.events) store.finish(new Date().toISOString());
  console.log(
    `\n${outcome === 'complete' ? 'Complete' : 'Stopped'}: ${count(t.events)} events, ${count(t.done)} histories complete, ${count(t.rows)} odds rows, ${credits(t.credits)} in all.`,
  );
  console.log(
    `This run: ${credits(fleet.spent)} spent by the fleet in ${count(fleet.meteredCalls)} metered calls (budget ${credits(maxCredits)}); the service's daily window: ${count(fleet.daily.remaining)} of ${count(fleet.daily.limit)} left.`,
  );
  // What the service itself saw: its request health counts every failure of the account by code.
  const health = await odds.account.requestHealth({ days: 1 }).catch(() => undefined);
  if (health) {
    const limited = health.issues.filter((i) => i.error_code === 'rate_limited').reduce((sum, i) => sum + i.failures, 0);
    console.log(
      `The service's request health: ${count(health.summary.requests)} requests today, ${count(limited)} answered 429 rate_limited.`,
    );
  }
  store.close();
  if (outcome === 'budget') {
    console.log('The credit budget is reached. Run the same command with a larger --budget to continue where it stopped.');
    process.exitCode = 3;
  } else if (outcome === 'stopped') {
    console.log('Run the same command to resume after the last stored page.');
  } else if (outcome === 'failed') {
    process.exitCode = 1;
  }
});
await coordinator?.clear().catch(() => undefined);
redis?.disconnect();
await mockServer?.close();
await redisServer?.close();
