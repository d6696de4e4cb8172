/**
 * The mock beside the mocks a user would pick instead, serving the same captured answers: a cached
 * catalog answer, a listing of 100 events and a `429 rate_limited`. The mock runs as `sports-odds-mock`
 * ships (bundled from the sources with its console, Node's defaults) with a plan a load test needs
 * (`--rate-limit`, `--period-credits`, `--daily-credits`) and computes every answer (metering, rate window,
 * request health); the peers replay the bytes it gave: bare `node:http`, mockttp, MSW 2 behind
 * @mswjs/http-middleware, Prism, Mockoon and WireMock (when `java` is on PATH), pinned in bench/peers
 * (its own package.json: msw 2 cannot sit beside the project's msw 3; `npm ci --prefix bench/peers`).
 * A peer that cannot run is skipped with a line saying why.
 *
 * For each scenario every server is started (from spawn to its first right answer: the start-up), then
 * the servers take turns, ROUNDS rounds of SECONDS each under autocannon (32 keep-alive connections),
 * the order rotating by round. CPU per request is the server's process tree's CPU time (from /proc)
 * over its requests; peak RSS is the tree's high-water mark. Not a test: prints a table and ratios to
 * bare and to the best peer (docs/performance.md).
 *
 *   npx node scripts/run-ts.mjs bench/mock-peers.ts   (BENCH_SECONDS=6, BENCH_ROUNDS=2; BENCH_ONLY=catalog,429)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import type { Scenario } from './support/throughput-child';

const positive = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    console.error(`${name} takes a whole number, 1 or more, not ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return Number(raw);
};
const SECONDS = positive('BENCH_SECONDS', 6);
const ROUNDS = positive('BENCH_ROUNDS', 2);
const CONNECTIONS = 32;
const ONLY = process.env['BENCH_ONLY']?.split(',');
const NOW = '2026-11-21T15:00:00Z';
const KEY = `svc_live_${'B'.repeat(32)}`;
const PEERS = resolve('bench/peers');
const PEER_MODULES = join(PEERS, 'node_modules');
const WORK = mkdtempSync(join(tmpdir(), 'mock-peers-'));
const TICK_US = 1e6 / Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

/** One captured answer: what the mock said to one request (the shape of bench/mock-throughput.ts's). */
type Answer = Scenario;

/** A server under test: how to start it for an answer (undefined: it cannot run, `why` says why). */
interface Server {
  name: string;
  why?: string | undefined;
  start(answer: Answer, port: number): ChildProcess;
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

const launch = (command: string, args: string[], cwd = PEERS): ChildProcess =>
  spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], detached: false });

/** The process and its descendants, from /proc. */
function tree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i] as number) ?? []));
  return all;
}

/** CPU time of a process tree, in µs. */
function cpuUs(pid: number): number {
  let ticks = 0;
  for (const p of tree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * TICK_US;
}

/** Peak RSS of a process tree (the sum of each process's high-water mark), in bytes. */
function peakRss(pid: number): number {
  let kb = 0;
  for (const p of tree(pid)) {
    try {
      kb += Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb * 1024;
}

/** Waits until `url` answers `status`, polling; the ms from `since`. */
async function firstAnswer(url: string, key: string, status: number, since: number, proc: ChildProcess): Promise<number> {
  let stderr = '';
  proc.stderr?.on('data', (chunk) => (stderr += chunk));
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`exited ${proc.exitCode} before answering: ${stderr.trim().slice(0, 400)}`);
    try {
      const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
      await res.arrayBuffer();
      if (res.status === status) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > 180_000) throw new Error(`no answer ${status} within 180 s: ${stderr.trim().slice(0, 400)}`);
    await new Promise((done) => setTimeout(done, 5));
  }
}

const stop = (proc: ChildProcess) =>
  new Promise<void>((done) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return done();
    proc.once('exit', () => done());
    for (const p of tree(proc.pid as number).reverse()) {
      try {
        process.kill(p, 'SIGTERM');
      } catch {
        // gone meanwhile
      }
    }
  });

// The mock as `sports-odds-mock` ships: the CLI bundled with its browser programs (as `npm run build` bundles them),
// dependencies from node_modules. Built in a child: the programs' paths are relative to scripts/lib.
mkdirSync('node_modules/.cache/mock-peers', { recursive: true });
const CLI = resolve('node_modules/.cache/mock-peers/cli.mjs');
const built = spawnSync(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `import { build } from 'esbuild'; import { browserBundleDefines } from './scripts/lib/browser-bundles.mjs';
     await build({ entryPoints: ['mocks/server/cli.ts'], outfile: ${JSON.stringify(CLI)}, bundle: true, packages: 'external',
       platform: 'node', format: 'esm', logLevel: 'warning', define: browserBundleDefines() });`,
  ],
  { stdio: 'inherit' },
);
if (built.status !== 0) throw new Error('could not bundle mocks/server/cli.ts');
const LOAD_PLAN = ['--rate-limit', '1000000000', '--period-credits', '1000000000000', '--daily-credits', '1000000000000'];
const mockArgs = (port: number) => [CLI, '--port', String(port), '--api-key', KEY, '--now', NOW, ...LOAD_PLAN];

/** The mock, started once for every scenario (its start-up: spawn to its first answer), and the answers captured from it. */
async function startMock(): Promise<{ answers: Answer[]; proc: ChildProcess; port: number; startMs: number }> {
  const port = await freePort();
  const since = performance.now();
  const proc = spawn(process.execPath, mockArgs(port), { stdio: ['ignore', 'ignore', 'pipe'] });
  const base = `http://127.0.0.1:${port}`;
  const startMs = await firstAnswer(`${base}/v1/catalog/sports`, KEY, 200, since, proc);
  const created = await fetch(`${base}/__admin/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-trial@example.com', plan: 'trial' }),
  });
  const { api_key: trialKey } = (await created.json()) as { api_key: string };
  const get = async (name: string, path: string, key: string): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, header) => {
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(header)) headers[header] = value;
    });
    return { name, path, key, status: res.status, headers, body: await res.text() };
  };
  const listing = '/v1/events?sport_id=29&limit=100';
  await get('', '/v1/catalog/sports', KEY); // the cache's miss: the benchmark measures hits
  // The trial plan's 2 a second spent: a 429 (asked until one comes, on a machine slow enough to spread them over seconds).
  let refused = await get('429 rate_limited', '/v1/catalog/sports', trialKey);
  for (let i = 0; i < 100 && refused.status !== 429; i++) refused = await get('429 rate_limited', '/v1/catalog/sports', trialKey);
  const answers = [await get('catalog (cache hit)', '/v1/catalog/sports', KEY), await get('listing of 100 events', listing, KEY), refused];
  const rows = (JSON.parse(answers[1]?.body ?? '[]') as unknown[]).length;
  if (rows !== 100) throw new Error(`the listing has ${rows} events, not 100`);
  if (answers[2]?.status !== 429) throw new Error(`the trial key was answered ${answers[2]?.status}, not 429`);
  return { answers, proc, port, startMs };
}

/** Files of the peers that read their answers from files. */
function answerFile(answer: Answer, name: string): string {
  const dir = join(WORK, `${name}-${answer.name.replace(/\W+/g, '-')}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const installed = existsSync(PEER_MODULES);
const notInstalled = installed ? undefined : 'bench/peers is not installed: npm ci --prefix bench/peers';
const hasJava = spawnSync('java', ['-version']).status === 0;
const jar = (() => {
  const dir = join(PEER_MODULES, 'wiremock', 'build');
  const file = existsSync(dir) ? readdirSync(dir).find((f) => /^wiremock-standalone-.*\.jar$/.test(f)) : undefined;
  return file === undefined ? undefined : join(dir, file);
})();

const inProcessPeer = (name: string): Server => ({
  name,
  why: name === 'bare' ? undefined : notInstalled,
  start(answer, port) {
    const dir = answerFile(answer, name);
    const file = join(dir, 'answer.json');
    writeFileSync(file, JSON.stringify(answer));
    return launch(process.execPath, [join(PEERS, 'serve.mjs'), name, file, String(port)]);
  },
});

const servers: Server[] = [
  inProcessPeer('bare'),
  inProcessPeer('mockttp'),
  inProcessPeer('http-middleware'),
  {
    name: 'Prism',
    why: notInstalled,
    start(answer, port) {
      const dir = answerFile(answer, 'prism');
      const url = new URL(answer.path, 'http://x');
      const headers = Object.fromEntries(
        Object.keys(answer.headers)
          .filter((h) => h !== 'content-type')
          .map((h) => [h, { schema: { type: 'string' }, example: answer.headers[h] }]),
      );
      const spec = {
        openapi: '3.0.3',
        info: { title: 'captured', version: '1' },
        paths: {
          [url.pathname]: {
            get: {
              parameters: [...url.searchParams.keys()].map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
              responses: {
                [String(answer.status)]: {
                  description: 'captured',
                  headers,
                  content: { 'application/json': { example: JSON.parse(answer.body) } },
                },
              },
            },
          },
        },
      };
      writeFileSync(join(dir, 'spec.json'), JSON.stringify(spec));
      const bin = join(PEER_MODULES, '@stoplight', 'prism-cli', 'dist', 'index.js');
      return launch(process.execPath, [bin, 'mock', join(dir, 'spec.json'), '--port', String(port), '--host', '127.0.0.1']);
    },
  },
  {
    name: 'Mockoon',
    why: notInstalled,
    start(answer, port) {
      const dir = answerFile(answer, 'mockoon');
      const route = randomUUID();
      const environment = {
        uuid: randomUUID(),
        lastMigration: 33,
        name: 'captured',
        port,
        hostname: '127.0.0.1',
        routes: [
          {
            uuid: route,
            type: 'http',
            method: 'get',
            endpoint: new URL(answer.path, 'http://x').pathname.slice(1),
            responses: [
              {
                uuid: randomUUID(),
                statusCode: answer.status,
                body: answer.body,
                headers: Object.entries(answer.headers).map(([key, value]) => ({ key, value })),
                disableTemplating: true,
                default: true,
              },
            ],
          },
        ],
        rootChildren: [{ type: 'route', uuid: route }],
      };
      writeFileSync(join(dir, 'environment.json'), JSON.stringify(environment));
      const bin = join(PEER_MODULES, '@mockoon', 'cli', 'bin', 'run.js');
      return launch(process.execPath, [
        bin,
        'start',
        '--data',
        join(dir, 'environment.json'),
        '--port',
        String(port),
        '--disable-log-to-file',
      ]);
    },
  },
  {
    name: 'WireMock',
    why: notInstalled ?? (!hasJava ? 'no java on PATH' : jar === undefined ? 'no WireMock jar in bench/peers' : undefined),
    start(answer, port) {
      const dir = answerFile(answer, 'wiremock');
      mkdirSync(join(dir, 'mappings'), { recursive: true });
      const mapping = {
        request: { method: 'GET', urlPath: new URL(answer.path, 'http://x').pathname },
        response: { status: answer.status, headers: answer.headers, body: answer.body },
      };
      writeFileSync(join(dir, 'mappings', 'answer.json'), JSON.stringify(mapping));
      // No request journal: a load test's journal would only grow.
      return launch('java', [
        '-jar',
        jar as string,
        '--port',
        String(port),
        '--bind-address',
        '127.0.0.1',
        '--root-dir',
        dir,
        '--no-request-journal',
        '--disable-banner',
      ]);
    },
  },
];

interface Round {
  requests: number;
  cpu: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}
interface Row {
  server: string;
  startMs: number;
  rounds: Round[];
  rss: number;
}

const load = (url: string, key: string, seconds: number) =>
  autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { authorization: `Bearer ${key}` } });

/** Whether a server gives the captured answer: its status, and for a 200 the same JSON. */
async function check(url: string, answer: Answer): Promise<string | undefined> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${answer.key}` } });
  const body = await res.text();
  if (res.status !== answer.status) return `answered ${res.status}, not ${answer.status}`;
  if (answer.status === 200 && JSON.stringify(JSON.parse(body)) !== JSON.stringify(JSON.parse(answer.body))) return 'answered another body';
  return undefined;
}

async function scenario(answer: Answer): Promise<{ rows: Row[]; skipped: string[] }> {
  const running: { proc: ChildProcess; url: string; row: Row }[] = [
    {
      proc: mock.proc,
      url: `http://127.0.0.1:${mock.port}${answer.path}`,
      row: { server: 'sports-odds-mock', startMs: mock.startMs, rounds: [], rss: 0 },
    },
  ];
  const skipped: string[] = [];
  for (const server of servers) {
    if (server.why !== undefined) {
      skipped.push(`${server.name}: skipped, ${server.why}`);
      continue;
    }
    const port = await freePort();
    const since = performance.now();
    const proc = server.start(answer, port);
    const url = `http://127.0.0.1:${port}${answer.path}`;
    try {
      const startMs = await firstAnswer(url, answer.key, answer.status, since, proc);
      const wrong = await check(url, answer);
      if (wrong !== undefined) throw new Error(wrong);
      running.push({ proc, url, row: { server: server.name, startMs, rounds: [], rss: 0 } });
    } catch (error) {
      skipped.push(`${server.name}: skipped, ${(error as Error).message}`);
      await stop(proc);
    }
  }
  for (const { url } of running) await load(url, answer.key, Math.min(2, SECONDS));
  for (let round = 0; round < ROUNDS; round++) {
    const order = running.map((_, i) => running[(i + round) % running.length] as (typeof running)[number]);
    for (const { proc, url, row } of order) {
      const before = cpuUs(proc.pid as number);
      const res = await load(url, answer.key, SECONDS);
      const cpu = cpuUs(proc.pid as number) - before;
      const wrongStatus = res.requests.total - (res[`${Math.floor(answer.status / 100)}xx` as '2xx'] ?? 0);
      row.rounds.push({
        requests: res.requests.total,
        cpu,
        p50: res.latency.p50,
        p99: res.latency.p99,
        errors: res.errors + res.timeouts,
        non2xx: Math.max(0, wrongStatus),
      });
    }
  }
  for (const { proc, row } of running) {
    row.rss = peakRss(proc.pid as number);
    if (proc !== mock.proc) await stop(proc);
  }
  return { rows: running.map((r) => r.row), skipped };
}

const mock = await startMock();
const answers = mock.answers.filter((a) => !ONLY || ONLY.some((word) => a.name.includes(word)));
const [load1] = loadavg();
console.log(
  `mock and peers, ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), Node ${process.versions.node}, ${CONNECTIONS} keep-alive connections, ${ROUNDS} rounds x ${SECONDS} s per server, load average ${load1?.toFixed(1)} at the start`,
);
for (const answer of answers) {
  const { rows, skipped } = await scenario(answer);
  const rps = (r: Row) => r.rounds.reduce((s, x) => s + x.requests, 0) / (ROUNDS * SECONDS);
  const cpu = (r: Row) =>
    r.rounds.reduce((s, x) => s + x.cpu, 0) /
    Math.max(
      1,
      r.rounds.reduce((s, x) => s + x.requests, 0),
    );
  const bare = rows.find((r) => r.server === 'bare');
  const peers = rows.filter((r) => r.server !== 'sports-odds-mock' && r.server !== 'bare');
  const best = peers.reduce<Row | undefined>((b, r) => (b === undefined || rps(r) > rps(b) ? r : b), undefined);
  console.log(`\n${answer.name} (${answer.status}, ${Buffer.byteLength(answer.body)} B), load average ${loadavg()[0]?.toFixed(1)}`);
  console.log(
    '| server | requests a second | CPU a request | p50 / p99 (worst round) | peak RSS | start-up | x bare | x best peer | errors or other statuses |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of [...rows].sort((a, b) => rps(b) - rps(a))) {
    const p50 = Math.max(...r.rounds.map((x) => x.p50));
    const p99 = Math.max(...r.rounds.map((x) => x.p99));
    const errors = r.rounds.reduce((s, x) => s + x.errors + x.non2xx, 0);
    console.log(
      `| ${r.server} | ${rps(r).toFixed(0)} | ${cpu(r).toFixed(0)} µs | ${p50} / ${p99} ms | ${(r.rss / 1e6).toFixed(0)} MB | ${r.startMs.toFixed(0)} ms | ${bare ? (rps(r) / rps(bare)).toFixed(2) : '-'} | ${best ? (rps(r) / rps(best)).toFixed(2) : '-'} | ${errors} |`,
    );
  }
  for (const line of skipped) console.log(`  ${line}`);
}
await stop(mock.proc);
rmSync(WORK, { recursive: true, force: true });
