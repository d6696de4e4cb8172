/**
 * SDK overhead against raw `fetch` + `JSON.parse`, in one process, on a loopback node:http server
 * that serves identical bytes to both: a 1-row and a 10,000-row odds history, validation on. Two
 * more columns: ky alone (the HTTP layer the SDK is built on: the same URL and key, no timeout),
 * and ky sending the SDK's own request (its `X-SDK-Version` header too) with a per-request
 * timeout, which every SDK attempt has.
 * Targets (issue 12): the 1-row ratio within 0.06 of ky alone's in the same run; 10,000 rows at most 1.15x (issue 34: 1.05x).
 * Each round calls every runner once; a ratio is the median of the rounds' own ratios, with its quartiles and
 * the median of each third of the run, in wall time and in the process's CPU time (steadier on a busy machine).
 * Tracing (issue 26, docs/observability.md): the SDK as it comes (with `@opentelemetry/api`
 * installed here and no tracer provider registered), with `tracing: false`, and traced into an
 * OpenTelemetry SDK tracer provider whose batches are dropped (the cost of the spans, not of an export).
 *
 *   node scripts/run-ts.mjs bench/sdk-overhead.ts
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import ky from 'ky';
import { SportsOdds, VERSION } from '../src';
import { validateBody } from '../src/core/validation/zod-validate';
import { routes } from '../src/schemas';
import { bodies, historyServer, KEY } from './support/history-server';

const { base, close } = await historyServer();

const odds = new SportsOdds({ apiKey: KEY, baseUrl: base, logLevel: 'off' });
const untraced = new SportsOdds({ apiKey: KEY, baseUrl: base, logLevel: 'off', tracing: false });
const provider = new TracerProvider({
  spanProcessors: [new BatchSpanProcessor({ exporter: { export: (_spans, done) => done({ code: 0 }), shutdown: async () => {} } })],
});
const traced = new SportsOdds({ apiKey: KEY, baseUrl: base, logLevel: 'off', tracing: { tracerProvider: provider } });

const raw = async (eventId: number) => {
  const res = await fetch(`${base}/v1/events/${eventId}/odds?full_history=1`, {
    headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' },
  });
  return JSON.parse(await res.text()) as unknown[];
};
const sdk = (eventId: number) => odds.events.odds(eventId, { full_history: true });
const sdkUntraced = (eventId: number) => untraced.events.odds(eventId, { full_history: true });
const sdkTraced = (eventId: number) => traced.events.odds(eventId, { full_history: true });
// The same call with validation off: what validating the rows costs in the call.
const sdkUnvalidated = (eventId: number) => odds.events.odds(eventId, { full_history: true }, { validate: false });
// The floor the SDK builds on: ky alone (retry off, no validation), for reference.
const kyOnly = ky.create({ retry: 0, throwHttpErrors: false, timeout: false });
const viaKy = async (eventId: number) => {
  const res = await kyOnly(`${base}/v1/events/${eventId}/odds?full_history=1`, {
    headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' },
  });
  return JSON.parse(await res.text()) as unknown[];
};

// ky sending what the SDK sends, its attempt bounded by ky's own timeout (which aborts the fetch).
const sdkHeaders = { accept: 'application/json', 'x-sdk-version': `sports-odds-data/${VERSION}`, authorization: `Bearer ${KEY}` };
const viaKySdkRequest = async (eventId: number) => {
  const res = await kyOnly(`${base}/v1/events/${eventId}/odds?full_history=1`, { headers: sdkHeaders, timeout: 30_000 });
  return JSON.parse(await res.text()) as unknown[];
};

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
};
const median = (xs: number[]) => quantile(xs, 0.5);

/** A ratio's median over the rounds, its interquartile range, and the medians of each third of the rounds (drift shows there). */
function spread(ratios: number[]): string {
  const third = Math.ceil(ratios.length / 3);
  const thirds = [0, 1, 2].map((t) => median(ratios.slice(t * third, (t + 1) * third)).toFixed(3));
  return `${median(ratios).toFixed(3)}x [${quantile(ratios, 0.25).toFixed(3)}-${quantile(ratios, 0.75).toFixed(3)}] (thirds ${thirds.join(' / ')})`;
}

// A full collection before each call of the 10,000-row rounds (untimed): no call pays for the garbage of the one before it.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * The process's CPU time in ms (user + system, garbage collector threads included): what a call costs here, whatever
 * else the machine runs. Not `threadCpuUsage`, which moves in steps of milliseconds on this kernel.
 */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A seeded shuffle: the same orders in every run. */
let seed = 0x5eed;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
let lastRunner = -1;
/**
 * Round i's order: shuffled, so that no runner always follows the same one (a rotation keeps each runner's predecessor,
 * and what that one left behind, for the garbage collector or the socket, the same for the whole run), and never
 * starting with the runner that ended the round before.
 */
function orderOf(count: number): number[] {
  const order = Array.from({ length: count }, (_, k) => k);
  for (let k = count - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [order[k], order[j]] = [order[j] as number, order[k] as number];
  }
  if (order[0] === lastRunner) [order[0], order[1]] = [order[1] as number, order[0] as number];
  lastRunner = order[count - 1] as number;
  return order;
}

/**
 * Rounds of one call per runner, in shuffled order (each takes every place equally often, none runs twice in a row):
 * each round's ratios to raw, so that a slow stretch of the machine weighs on both sides of a ratio, not on one runner's median.
 * Wall time and the process's CPU time (the server runs in it too, serving the same bytes to every runner).
 */
async function measure(label: string, eventId: number, rows: number, rounds: number, collectFirst = false) {
  const runners = [raw, sdk, viaKy, viaKySdkRequest, sdkUntraced, sdkTraced, sdkUnvalidated];
  for (let i = 0; i < Math.max(10, Math.ceil(rounds / 5)); i++) {
    for (const fn of runners) if ((await fn(eventId)).length !== rows) throw new Error('wrong row count');
  }
  const wall = runners.map(() => [] as number[]);
  const cpu = runners.map(() => [] as number[]);
  const ratios = { wall: runners.map(() => [] as number[]), cpu: runners.map(() => [] as number[]) };
  for (let i = 0; i < rounds; i++) {
    const round = { wall: [] as number[], cpu: [] as number[] };
    for (const k of orderOf(runners.length)) {
      if (collectFirst) collect();
      const c0 = cpuNow();
      const t0 = performance.now();
      await (runners[k] as typeof raw)(eventId);
      round.wall[k] = performance.now() - t0;
      round.cpu[k] = cpuNow() - c0;
    }
    for (let k = 0; k < runners.length; k++) {
      (wall[k] as number[]).push(round.wall[k] as number);
      (cpu[k] as number[]).push(round.cpu[k] as number);
      (ratios.wall[k] as number[]).push((round.wall[k] as number) / (round.wall[0] as number));
      (ratios.cpu[k] as number[]).push((round.cpu[k] as number) / (round.cpu[0] as number));
    }
  }
  const [r, s, , , off, on] = wall.map(median) as [number, number, number, number, number, number];
  const ratio = (k: number, of: 'wall' | 'cpu' = 'wall') => median(ratios[of][k] as number[]);
  console.log(
    `${label.padEnd(12)} raw ${r.toFixed(3)} ms   sdk ${s.toFixed(3)} ms   ratio ${ratio(1).toFixed(3)}x   ` +
      `ky alone ${ratio(2).toFixed(3)}x (sdk - ky ${(ratio(1) - ratio(2)).toFixed(3)})   ky with the SDK's request ${ratio(3).toFixed(3)}x (sdk - that ${(ratio(1) - ratio(3)).toFixed(3)})`,
  );
  console.log(
    `${''.padEnd(12)} tracing: false ${ratio(4).toFixed(3)}x   as it comes (no provider) ${ratio(1).toFixed(3)}x   traced ${ratio(5).toFixed(3)}x (${(on - off).toFixed(3)} ms a call more than tracing: false)   validate: false ${ratio(6).toFixed(3)}x`,
  );
  console.log(
    `${''.padEnd(12)} per-round sdk/raw over ${rounds} rounds, median [quartiles]: wall ${spread(ratios.wall[1] as number[])}; ` +
      `CPU ${spread(ratios.cpu[1] as number[])} (raw ${median(cpu[0] as number[]).toFixed(3)} ms, sdk ${median(cpu[1] as number[]).toFixed(3)} ms)`,
  );
  console.log(
    `${''.padEnd(12)} CPU x raw: ky alone ${ratio(2, 'cpu').toFixed(3)}x   tracing: false ${ratio(4, 'cpu').toFixed(3)}x   traced ${ratio(5, 'cpu').toFixed(3)}x   validate: false ${ratio(6, 'cpu').toFixed(3)}x`,
  );
  return { sdk: ratio(1), ky: ratio(2), cpu: ratio(1, 'cpu') };
}

/** Validation alone, in process: JSON.parse of the 10,000-row body, then the same with the rows validated in place. */
function measureValidation(iterations: number) {
  const text = (bodies.get(10_000) as Buffer).toString();
  const schema = routes['events.odds'].responses[200];
  const meta = { status: 200, attempts: 1, credits: {}, metered: true };
  const parse = () => JSON.parse(text) as unknown[];
  const validated = () => validateBody<unknown[]>(schema, JSON.parse(text), 'events.odds', meta);
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < iterations; i++) {
    for (const [k, fn] of (i % 2 === 0
      ? [
          [0, parse],
          [1, validated],
        ]
      : [
          [1, validated],
          [0, parse],
        ]) as [0 | 1, () => unknown[]][]) {
      const t0 = performance.now();
      if (fn().length !== 10_000) throw new Error('wrong row count');
      times[k].push(performance.now() - t0);
    }
  }
  const [p, v] = times.map(median) as [number, number];
  console.log(
    `${'validation'.padEnd(12)} JSON.parse ${p.toFixed(3)} ms   + in-place validation ${v.toFixed(3)} ms   ratio ${(v / p).toFixed(3)}x   (10,000 rows)`,
  );
}

// BENCH_ONLY=10000 runs only the 10,000-row part (BENCH_ONLY=1 only the 1-row part); BENCH_ROUNDS sets its rounds.
const only = process.env['BENCH_ONLY'];
const manyRounds = Number(process.env['BENCH_ROUNDS'] ?? 200);
console.log(
  `node ${process.version}, validation on; every ratio is a median of per-round ratios (one call per runner a round, shuffled order)`,
);
if (only !== '1') measureValidation(200);
const one = only === '10000' ? undefined : await measure('1 row', 1, 1, 3000);
const many = only === '1' ? undefined : await measure('10,000 rows', 2, 10_000, manyRounds, true);
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
const targets: string[] = [];
if (one) targets.push(`1 row within 0.06 of ky (${(one.sdk - one.ky).toFixed(3)}: ${verdict(one.sdk - one.ky <= 0.06)})`);
if (many) {
  targets.push(`10,000 rows <= 1.15x (${many.sdk.toFixed(3)}: ${verdict(many.sdk <= 1.15)})`);
  targets.push(
    `10,000 rows <= 1.05x (issue 34): wall ${many.sdk.toFixed(3)} ${verdict(many.sdk <= 1.05)}, CPU ${many.cpu.toFixed(3)} ${verdict(many.cpu <= 1.05)}`,
  );
}
console.log(`targets: ${targets.join(', ')}`);
await provider.shutdown();
close();
