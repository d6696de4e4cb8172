/**
 * The standalone mock server against a bare node:http server sending the captured bytes of the
 * same answers: a catalog cache hit, a ~5,000-row odds history, and the 429 path. autocannon, 32
 * keep-alive connections; each server in its own process, so CPU per request is its own.
 * Targets (issue 12): mock/bare >= 0.5 req/s on all three; history p99 <= 4x p50.
 *
 *   npx node scripts/run-ts.mjs bench/mock-throughput.ts   (BENCH_SECONDS=10 by default)
 *
 * BENCH_ONLY=catalog,429 runs the scenarios whose names contain one of the words; BENCH_PROFILE=<dir>
 * writes a V8 CPU profile of each server process over each measured run there (`<server>-<scenario>.cpuprofile`),
 * summed up by `node scripts/run-ts.mjs bench/support/profile-summary.ts <file>`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import type { Scenario } from './support/throughput-child';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = 32;
const ONLY = process.env['BENCH_ONLY']?.split(',');
const PROFILE = process.env['BENCH_PROFILE'];

interface Usage {
  cpu: NodeJS.CpuUsage;
  rss: number;
  heap: number;
}

function child(kind: 'mock' | 'bare'): { proc: ChildProcess; ready: Promise<{ url: string; scenarios?: Scenario[] }> } {
  const proc = fork(resolve('scripts/run-ts.mjs'), [resolve('bench/support/throughput-child.ts'), kind], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
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

async function load(url: string, s: Scenario) {
  const result = await autocannon({
    url: `${url}${s.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${s.key}` },
  });
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function measure(proc: ChildProcess, url: string, s: Scenario, server: string) {
  await load(url, { ...s }); // warm-up is a short run of its own
  if (PROFILE) await ask(proc, { kind: 'profile-start' });
  const before = await usage(proc);
  const run = await load(url, s);
  const after = await usage(proc);
  const slug = s.name.replace(/\W+/g, '-').replace(/-$/, '');
  if (PROFILE) await ask(proc, { kind: 'profile-stop', file: resolve(PROFILE, `${server}-${slug}.cpuprofile`) });
  const cpuUs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / Math.max(1, run.total);
  if (process.env['BENCH_SPLIT'])
    console.error(
      `${server} ${s.name}: user ${((after.cpu.user - before.cpu.user) / run.total).toFixed(1)} us, system ${((after.cpu.system - before.cpu.system) / run.total).toFixed(1)} us per request`,
    );
  return { ...run, cpuUs, rssBefore: before.rss, rssAfter: after.rss, heapAfter: after.heap };
}

const mock = child('mock');
const { url: mockUrl, scenarios = [] } = await mock.ready;
const bare = child('bare');
bare.proc.send(scenarios);
const { url: bareUrl } = await bare.ready;

const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
const rows: string[][] = [];
for (const s of scenarios.filter((s) => !ONLY || ONLY.some((word) => s.name.includes(word)))) {
  const b = await measure(bare.proc, bareUrl, s, 'bare');
  const m = await measure(mock.proc, mockUrl, s, 'mock');
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
console.log(`\nmock server vs bare node:http, ${CONNECTIONS} keep-alive connections, ${SECONDS} s per run, Node ${process.versions.node}`);
console.log(line(head));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const r of rows) console.log(line(r));
