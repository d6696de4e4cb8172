/**
 * A server process of bench/mock-throughput.ts, driven over IPC: `mock` runs the standalone mock
 * server and captures the exact answers of the benchmarked requests; `bare` serves those captured
 * bytes from a plain node:http server. Both report their CPU time and RSS on request.
 */
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { startMockServer } from '../../mocks/server/node';

/** One benchmarked request and the answer the mock gave it. */
export interface Scenario {
  name: string;
  path: string;
  key: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

type Message = { kind: 'usage' } | { kind: 'stop' } | { kind: 'profile-start' } | { kind: 'profile-stop'; file: string };
const send = (message: unknown) => process.send?.(message);

/** A CPU profile of this process between two messages (bench/mock-throughput.ts with BENCH_PROFILE). */
const session = new Session();
let connected = false;
async function profile(message: Message): Promise<void> {
  if (message.kind === 'profile-start') {
    if (!connected) session.connect();
    connected = true;
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    send({ kind: 'profile-start' });
  } else if (message.kind === 'profile-stop') {
    const { profile: taken } = await session.post('Profiler.stop');
    await writeFile(message.file, JSON.stringify(taken));
    send({ kind: 'profile-stop' });
  }
}

const NOW = '2026-11-21T15:00:00Z';
/** A plan no benchmark run can exhaust, so the data scenarios measure data work, not 429s. */
const UNLIMITED = { slug: 'bench', name: 'Bench', periodCredits: 1e12, periodDays: 30, dailyCredits: 1e12, rateLimitRps: 1e9 };

async function mock(): Promise<void> {
  const server = await startMockServer({ port: 0, now: NOW, plans: { bench: UNLIMITED }, demoAccount: { plan: 'bench' } });
  const { mock: service } = server;
  const { apiKey: trialKey } = await service.createAccount({ email: 'bench-trial@example.com', plan: 'trial' });
  const get = async (path: string, key: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });
    return { res, text: await res.text() };
  };
  const capture = async (name: string, path: string, key: string): Promise<Scenario> => {
    const { res, text } = await get(path, key);
    const headers: Record<string, string> = {};
    res.headers.forEach((value, header) => {
      if (header !== 'date' && header !== 'connection' && header !== 'keep-alive' && header !== 'transfer-encoding')
        headers[header] = value;
    });
    return { name, path, key, status: res.status, headers, body: text };
  };

  // The heaviest settled history of a recent week's soccer events: about 5,000 rows.
  const day = (offset: number) => new Date(Date.parse(NOW) + offset * 86_400_000).toISOString().slice(0, 10);
  let best = { path: '', rows: 0 };
  for (let offset = -7; offset <= -2 && best.rows < 4_500; offset++) {
    const { text } = await get(
      `/v1/events?sport_id=29&starts_from=${day(offset)}T00:00:00Z&starts_to=${day(offset)}&limit=40`,
      service.apiKey,
    );
    for (const event of JSON.parse(text) as { event_id: number }[]) {
      const path = `/v1/events/${event.event_id}/odds?full_history=1`;
      const { res } = await get(path, service.apiKey);
      const rows = Number(res.headers.get('x-result-rows'));
      if (rows > best.rows) best = { path, rows };
    }
  }
  await get('/v1/catalog/sports', service.apiKey); // the cache MISS; the benchmark measures HITs
  await get('/v1/catalog/sports', trialKey);
  await get('/v1/catalog/sports', trialKey); // the trial plan's 2 per second are spent: 429 from here
  const scenarios = [
    await capture('catalog (cache hit)', '/v1/catalog/sports', service.apiKey),
    await capture(`odds history (${best.rows} rows)`, best.path, service.apiKey),
    await capture('429 rate_limited', '/v1/catalog/sports', trialKey),
  ];
  send({ kind: 'ready', url: server.url, scenarios });
  process.on('message', async (message: Message) => {
    if (message.kind === 'usage')
      send({
        kind: 'usage',
        cpu: process.cpuUsage(),
        rss: process.memoryUsage().rss,
        heap: process.memoryUsage().heapUsed,
      });
    await profile(message);
    if (message.kind === 'stop') await server.close().finally(() => process.exit(0));
  });
}

/** BENCH_BARE_BURN_US: CPU the bare server spends per request, to compare the servers' kernel time at the same rate. */
const BURN_MS = Number(process.env['BENCH_BARE_BURN_US'] ?? 0) / 1000;
const burn = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

function bare(scenarios: Scenario[]): void {
  const byPath = new Map<string, { key: string; status: number; headers: Record<string, string>; body: Buffer }[]>();
  for (const s of scenarios) {
    const body = Buffer.from(s.body);
    const list = byPath.get(s.path) ?? [];
    list.push({ key: s.key, status: s.status, headers: { ...s.headers, 'content-length': String(body.length) }, body });
    byPath.set(s.path, list);
  }
  const server = createServer((req, res) => {
    const key = (req.headers.authorization ?? '').slice('Bearer '.length);
    const answer = byPath.get(req.url ?? '')?.find((a) => a.key === key);
    if (!answer) return void res.writeHead(404).end();
    if (BURN_MS > 0) burn(BURN_MS);
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  server.listen(0, '127.0.0.1', () => send({ kind: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  process.on('message', (message: Message) => {
    if (message.kind === 'usage')
      send({ kind: 'usage', cpu: process.cpuUsage(), rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed });
    void profile(message);
    if (message.kind === 'stop') server.close(() => process.exit(0));
  });
}

const kind = process.argv[2];
if (kind === 'mock') await mock();
else if (kind === 'bare') process.once('message', (scenarios: Scenario[]) => bare(scenarios));
else throw new Error(`unknown server kind ${kind}`);
