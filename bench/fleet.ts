/**
 * A fleet on one account: 1, 2, 4, 8, 16 and 32 worker processes (test/fleet/worker.ts), each a client on
 * one Redis coordinator, calling the standalone mock as fast as their pacing lets them, on the trial
 * plan (2 requests per second) and the pro plan (20). Per run: requests per second together, as a
 * fraction of the plan's rate (counted over the run's whole seconds from its first request, when
 * every worker has work), and the most requests in any one-second span; `429`s from the service; credits the mock charged against what the
 * coordinator counted; the p50 and p99 wait of a call for its slot; Redis round trips (scripts) per
 * call, over the whole run and in steady state (from the end of its first quarter: each process's
 * start-up, its scripts loaded, falls before), and Redis commands per call (every command the
 * scripts ran, from INFO commandstats). Then the
 * shared budget: the same fleets, unpaced on a fast plan, with `maxCredits: 300` between them.
 * Targets (issues 22 and 30): 0 rate_limited; at most 4 round trips per call; at least 90% of the plan's rate together; charged = counted,
 * and never over the budget.
 *
 *   npx node scripts/run-ts.mjs bench/fleet.ts   (BENCH_SECONDS=20 per run by default; BENCH_FLEETS=1,2,4,8,16,32)
 */
import { Redis } from 'ioredis';
import { startMockServer } from '../mocks/server/node';
import { startRedisServer } from '../examples/lib/redis-server';
import { buildWorker, busiestSecond, forkFleet, percentile, removeWorkerBundle, sendRate, total } from '../test/fleet/harness';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 20);
const FLEETS = (process.env['BENCH_FLEETS'] ?? '1,2,4,8,16,32').split(',').map(Number);
/** Calls each worker keeps in flight: more than its share of any plan's rate, so pacing is what limits it. */
const CONCURRENCY = 4;
const FAST = { slug: 'fast', name: 'Fast', periodCredits: 1e9, periodDays: 30, dailyCredits: 1e9, rateLimitRps: 1e6 };

/**
 * Round trips to Redis so far (the scripts the clients ran, EVALSHA and EVAL, and loaded, SCRIPT
 * LOAD), and every command Redis ran (the scripts' own included; not this bench's INFO).
 */
async function roundTrips(redis: Redis): Promise<{ trips: number; commands: number }> {
  const info = await redis.info('commandstats');
  let trips = 0;
  let commands = 0;
  for (const m of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
    const [name, calls] = [m[1] as string, Number(m[2])];
    if (/^(evalsha|eval|script\|load)$/.test(name)) trips += calls;
    if (!/^(info|evalsha|eval|script\|load|config\|get|client\|.*|hello|select)$/.test(name)) commands += calls;
  }
  return { trips, commands };
}

const server = await startRedisServer();
const mock = await startMockServer({ port: 0, plans: { fast: FAST } });
const bundle = await buildWorker();
const admin = new Redis(server.url);
const secret = 'bench-secret-0123456789abcdef0123456789';
let run = 0;

async function fleet(plan: string, rps: number | 'account' | null, n: number, maxCredits: number | null, seconds = SECONDS) {
  run += 1;
  const { apiKey, email } = await mock.mock.createAccount({ email: `fleet-${run}@example.com`, plan });
  const workers = await forkFleet(bundle, n, {
    baseUrl: mock.url,
    apiKey,
    redisUrl: server.url,
    namespace: `bench-${run}`,
    secret,
    rate: rps,
    maxCredits,
    leaseMs: null,
    timeout: 30_000,
  });
  const before = await roundTrips(admin);
  // Steady state: from the end of the run's first quarter (each process's start-up, its scripts
  // loaded and its first calls in line, falls before), the calls sent from then on.
  let steady: { at: number; trips: Promise<{ trips: number; commands: number }> } | undefined;
  const mark = setTimeout(
    () => {
      steady = { at: Date.now(), trips: roundTrips(admin) };
    },
    (seconds * 1000) / 4,
  );
  const stats = await Promise.all(workers.map((w) => w.run(seconds, CONCURRENCY)));
  clearTimeout(mark);
  const after = await roundTrips(admin);
  await Promise.all(workers.map((w) => w.close()));
  const sum = total(stats);
  const attempts = Object.values(sum.statuses).reduce((a, b) => a + b, 0);
  const charged = mock.mock.ledger().find((e) => e.email === email)?.charged ?? 0;
  return {
    rps: sendRate(sum.sentAt, seconds),
    busiest: busiestSecond(sum.sentAt),
    limited: sum.statuses['429'] ?? 0,
    charged,
    counted: Math.max(...stats.map((s) => s.spent)),
    p50: percentile(sum.waits, 50),
    p99: percentile(sum.waits, 99),
    perCall: attempts === 0 ? Number.NaN : (after.trips - before.trips) / attempts,
    steadyPerCall:
      steady === undefined
        ? Number.NaN
        : (after.trips - (await steady.trips).trips) / sum.sentAt.filter((t) => t >= (steady?.at ?? 0)).length,
    commandsPerCall: attempts === 0 ? Number.NaN : (after.commands - before.commands) / attempts,
    refused: Object.entries(sum.failed)
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
  };
}

console.log(
  `node ${process.version}, ${SECONDS} s per run, ${CONCURRENCY} calls in flight per worker, one Redis (${server.url}), one standalone mock\n`,
);
console.log(
  '| plan (rate) | workers | requests/s together | of the rate | most in one second | 429 | charged / counted | wait p50 / p99 | Redis round trips per call (whole run / steady) | Redis commands per call |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
const row = (label: string, rate: number, n: number, r: Awaited<ReturnType<typeof fleet>>) =>
  console.log(
    `| ${label} | ${n} | ${r.rps.toFixed(2)} | ${((100 * r.rps) / rate).toFixed(1)}% | ${r.busiest} | ${r.limited} | ${r.charged} / ${r.counted} | ${r.p50.toFixed(0)} / ${r.p99.toFixed(0)} ms | ${r.perCall.toFixed(2)} / ${r.steadyPerCall.toFixed(2)} | ${r.commandsPerCall.toFixed(1)} |`,
  );
for (const [plan, rate] of [
  ['trial', 2],
  ['pro', 20],
] as const) {
  for (const n of FLEETS) row(`${plan} (${rate}/s)`, rate, n, await fleet(plan, rate, n, null));
}
// The rate learned from the account by the fleet itself: one process reads it, the others take it from Redis.
const most = Math.max(...FLEETS);
row("pro, `'account'`", 20, most, await fleet('pro', 'account', most, null));
console.log('\nThe shared budget: maxCredits 300 for the whole fleet, unpaced, 1-credit calls on a plan with no practical rate limit');
console.log('| workers | charged by the mock | counted by the coordinator | calls refused by the budget |');
console.log('|---|---|---|---|');
for (const n of FLEETS) {
  const r = await fleet('fast', null, n, 300, 5);
  console.log(`| ${n} | ${r.charged} | ${r.counted} | ${r.refused || 'none'} |`);
}
await admin.quit();
removeWorkerBundle(bundle);
await mock.close();
await server.close();
