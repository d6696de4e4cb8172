/**
 * Where the time of a 10,000-row call goes, by phase: raw `fetch` + `JSON.parse`, ky alone (for reference), the SDK with
 * `validate: false` and the SDK as it comes (`tracing: false` here). Each call goes through a `fetch` that marks when it is
 * called, when it resolves (the answer's head) and when `response.text()` resolves; the phases are the call to `fetch`
 * (the client's own work before the request leaves), the head, the body, and what follows the body (`JSON.parse`,
 * validation, settling). Rounds as in bench/sdk-overhead.ts: one call per runner, a full collection before each
 * (untimed); medians per phase. Also the collections that ran inside the calls (none is expected after a full one).
 *
 *   npx node scripts/run-ts.mjs bench/sdk-phases.ts [rounds]
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import ky from 'ky';
import { SportsOdds } from '../src';
import { historyServer, KEY } from './support/history-server';

const rounds = Number(process.argv[2] ?? 200);
const { base, close } = await historyServer();
const url = `${base}/v1/events/2/odds?full_history=1`;
const headers = { authorization: `Bearer ${KEY}`, accept: 'application/json' };

const marks = { fetch: 0, head: 0, body: 0 };
/** The global fetch, marking the phases of the call it serves. */
const marking = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  marks.fetch = performance.now();
  const response = await fetch(input, init);
  marks.head = performance.now();
  const text = response.text.bind(response);
  response.text = async () => {
    const body = await text();
    marks.body = performance.now();
    return body;
  };
  return response;
};

const odds = new SportsOdds({ apiKey: KEY, baseUrl: base, logLevel: 'off', tracing: false, fetch: marking });
const kyOnly = ky.create({ retry: 0, throwHttpErrors: false, timeout: false, fetch: marking });
const runners: [string, () => Promise<unknown[]>][] = [
  ['raw fetch + JSON.parse', async () => JSON.parse(await (await marking(url, { headers })).text()) as unknown[]],
  ['ky alone', async () => JSON.parse(await (await kyOnly(url, { headers })).text()) as unknown[]],
  ['SDK, validate: false', () => odds.events.odds(2, { full_history: true }, { validate: false })],
  ['SDK', () => odds.events.odds(2, { full_history: true })],
];

const collections: { at: number; ms: number }[] = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) collections.push({ at: entry.startTime, ms: entry.duration });
});
observer.observe({ entryTypes: ['gc'] });
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const PHASES = ['to fetch', 'head', 'body', 'after the body', 'whole call'] as const;
const phases = runners.map(() => PHASES.map(() => [] as number[]));
const calls = runners.map(() => [] as { from: number; to: number }[]);
const warmup = Math.max(10, Math.ceil(rounds / 10));
for (let round = 0; round < warmup + rounds; round++) {
  // Each runner takes every place in turn.
  for (let k = 0; k < runners.length; k++) {
    const index = (k + round) % runners.length;
    collect();
    const t0 = performance.now();
    const rows = await (runners[index] as [string, () => Promise<unknown[]>])[1]();
    const t1 = performance.now();
    if (rows.length !== 10_000) throw new Error('wrong row count');
    if (round < warmup) continue;
    const spans = [marks.fetch - t0, marks.head - marks.fetch, marks.body - marks.head, t1 - marks.body, t1 - t0];
    const mine = phases[index] as number[][];
    for (let p = 0; p < spans.length; p++) (mine[p] as number[]).push(spans[p] as number);
    (calls[index] as { from: number; to: number }[]).push({ from: t0, to: t1 });
  }
}
await new Promise((resolve) => setTimeout(resolve, 50));
observer.disconnect();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
console.log(`node ${process.version}, ${rounds} rounds, 10,000 rows, medians in ms (a full collection before each call)`);
console.log(`${''.padEnd(24)}${PHASES.map((p) => p.padStart(16)).join('')}   collections inside the calls`);
runners.forEach(([name], k) => {
  const inside = collections.filter((c) => calls[k]?.some((call) => c.at >= call.from && c.at < call.to));
  const ms = inside.reduce((sum, c) => sum + c.ms, 0) / rounds;
  const cells = PHASES.map((_, p) =>
    median(phases[k]?.[p] as number[])
      .toFixed(3)
      .padStart(16),
  ).join('');
  console.log(`${name.padEnd(24)}${cells}   ${inside.length} (${ms.toFixed(3)} ms a call)`);
});
close();
