/**
 * The standalone mock server against a bare node:http server sending the captured bytes of the
 * same answers: a catalog cache hit, a ~5,000-row odds history, and the 429 path. autocannon, 32
 * keep-alive connections; each server in its own process, so CPU per request is its own. The two
 * servers take turns in slices, so that the load of a shared machine meets both alike.
 * Targets (issue 34): mock/bare >= 0.8 req/s on the catalog and the 429 path; the history kept (issue 12: >= 0.5).
 *
 *   npx node scripts/run-ts.mjs bench/mock-throughput.ts   (BENCH_SECONDS=10 by default)
 *
 * BENCH_ONLY=catalog,429 runs the scenarios whose names contain one of the words; BENCH_PROFILE=<dir>
 * writes a V8 CPU profile of each server process over each measured run there (`<server>-<scenario>.cpuprofile`),
 * summed up by `node scripts/run-ts.mjs bench/support/profile-summary.ts <file>`. BENCH_BARE_BURN_US=<us> has the
 * bare server spin that long per request: slowed to the mock's rate, it pays the mock's kernel time per request.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { serverProcess } from './support/server-process';
import type { Scenario } from './support/throughput-child';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const burnUs = process.env['BENCH_BARE_BURN_US'];
if (burnUs !== undefined && !(Number(burnUs) >= 0 && Number.isFinite(Number(burnUs)) && burnUs.trim() !== '')) {
  console.error(`BENCH_BARE_BURN_US must be a number of microseconds, 0 or more; got ${JSON.stringify(burnUs)}`);
  process.exit(2);
}
const CONNECTIONS = 32;
/** Slices per server and scenario, taken in turns. */
const TURNS = 4;
const ONLY = process.env['BENCH_ONLY']?.split(',');
const PROFILE = process.env['BENCH_PROFILE'];
/** The mock's Node flags: none (Node's defaults, as sports-odds-mock runs), or BENCH_NODE_FLAGS. */
const MOCK_FLAGS = serverProcess(process.env['BENCH_NODE_FLAGS']).execArgv;

interface Usage {
  cpu: NodeJS.CpuUsage;
  rss: number;
  heap: number;
}

function child(kind: 'mock' | 'bare'): { proc: ChildProcess; ready: Promise<{ url: string; scenarios?: Scenario[] }> } {
  const proc = fork(resolve('scripts/run-ts.mjs'), [resolve('bench/support/throughput-child.ts'), kind], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    ...(kind === 'mock' ? serverProcess(process.env['BENCH_NODE_FLAGS']) : {}),
  });
  const ready = new Promise<{ url: string; scenarios?: Scenario[] }>((done, fail) => {
    proc.once('error', fail);
    proc.on('message', (m: { kind: string; url: string; scenarios?: Scenario[] }) => {
      if (m.kind === 'ready') done(m);
    });
  });
  return { proc, ready };
}

/** Asks a server process for something and waits for its answer of the same kind. */
const ask = <T>(proc: ChildProcess, message: { kind: string; file?: string }) =>
  new Promise<T>((done) => {
    const onMessage = (m: { kind: string } & T) => {
      if (m.kind !== message.kind) return;
      proc.off('message', onMessage);
      done(m);
    };
    proc.on('message', onMessage);
    proc.send(message);
  });
const usage = (proc: ChildProcess) => ask<Usage>(proc, { kind: 'usage' });

async function load(url: string, s: Scenario, seconds: number) {
  const result = await autocannon({
    url: `${url}${s.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${s.key}` },
  });
  return {
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
  };
}

/** One server under load for `seconds`, with the CPU time its process spent meanwhile. */
async function slice(proc: ChildProcess, url: string, s: Scenario, seconds: number) {
  const before = await usage(proc);
  const run = await load(url, s, seconds);
  const after = await usage(proc);
  return {
    ...run,
    cpu: after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system,
    rss: after.rss,
    heap: after.heap,
  };
}

type Slice = Awaited<ReturnType<typeof slice>>;

/** Both servers after a warm-up each, taking turns in TURNS slices (the order alternating), so that a change in the machine's load meets both alike. */
async function measure(s: Scenario) {
  const servers = [
    { name: 'bare', proc: bare.proc, url: bareUrl, slices: [] as Slice[] },
    { name: 'mock', proc: mock.proc, url: mockUrl, slices: [] as Slice[] },
  ];
  for (const server of servers) await load(server.url, s, Math.min(3, SECONDS));
  const slug = s.name.replace(/\W+/g, '-').replace(/-$/, '');
  if (PROFILE) for (const server of servers) await ask(server.proc, { kind: 'profile-start' });
  for (let turn = 0; turn < TURNS; turn++) {
    const order = turn % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) server.slices.push(await slice(server.proc, server.url, s, SECONDS / TURNS));
  }
  if (PROFILE)
    for (const server of servers)
      await ask(server.proc, { kind: 'profile-stop', file: resolve(PROFILE, `${server.name}-${slug}.cpuprofile`) });
  const [b, m] = servers.map(({ slices }) => {
    const total = slices.reduce((sum, x) => sum + x.total, 0);
    const p50s = slices.map((x) => x.p50).sort((x, y) => x - y);
    return {
      rps: total / SECONDS,
      cpuUs: slices.reduce((sum, x) => sum + x.cpu, 0) / Math.max(1, total),
      p50: p50s[Math.floor(p50s.length / 2)] ?? 0,
      p99: Math.max(...slices.map((x) => x.p99)),
      errors: slices.reduce((sum, x) => sum + x.errors, 0),
      rssBefore: slices[0]?.rss ?? 0,
      rssAfter: slices.at(-1)?.rss ?? 0,
      heapAfter: slices.at(-1)?.heap ?? 0,
    };
  }) as [Measured, Measured];
  return { b, m };
}

interface Measured {
  rps: number;
  cpuUs: number;
  p50: number;
  p99: number;
  errors: number;
  rssBefore: number;
  rssAfter: number;
  heapAfter: number;
}

const mock = child('mock');
const { url: mockUrl, scenarios = [] } = await mock.ready;
const bare = child('bare');
bare.proc.send(scenarios);
const { url: bareUrl } = await bare.ready;

const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
const rows: string[][] = [];
for (const s of scenarios.filter((s) => !ONLY || ONLY.some((word) => s.name.includes(word)))) {
  const { b, m } = await measure(s);
  rows.push([
    s.name,
    String(s.status),
    b.rps.toFixed(0),
    m.rps.toFixed(0),
    (m.rps / b.rps).toFixed(2),
    `${b.cpuUs.toFixed(0)} / ${m.cpuUs.toFixed(0)} (${(m.cpuUs / b.cpuUs).toFixed(1)}x)`,
    `${m.p50} / ${m.p99} ms (${(m.p99 / Math.max(1, m.p50)).toFixed(1)}x)`,
    `${mb(m.rssBefore)} -> ${mb(m.rssAfter)} (heap ${mb(m.heapAfter)})`,
    String(m.errors),
  ]);
}
mock.proc.send({ kind: 'stop' });
bare.proc.send({ kind: 'stop' });

const head = [
  'scenario',
  'status',
  'bare req/s',
  'mock req/s',
  'mock/bare',
  'CPU us/req bare / mock',
  'mock p50 / p99',
  'mock RSS',
  'errors',
];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(
  `\nmock server vs bare node:http, ${CONNECTIONS} keep-alive connections, ${SECONDS} s per server and scenario in ${TURNS} turns, Node ${process.versions.node}${MOCK_FLAGS.length > 0 ? `, the mock with ${MOCK_FLAGS.join(' ')}` : ''}`,
);
console.log(line(head));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const r of rows) console.log(line(r));
