/**
 * Soak of the standalone mock server: 50 concurrent clients of mixed traffic (data routes, refusals, 429s,
 * bot challenges and recovery requests, key rotations with replays, oversize bodies, the histories and
 * results of 400 settled events, which fill the kept answers past their bound, and day listings over 45
 * days, which fill the generated fixtures past theirs) for 60 s (300 s for the figures of
 * docs/performance.md), with RSS, heap and the stores sampled every 5 s. Not a test: prints a table,
 * RSS per minute and the verdict.
 *
 *   npx node scripts/run-ts.mjs bench/mock-soak.ts [seconds] [clients]
 *
 * Targets: RSS levels off, the last minute's within 5% of minute 2's (a run of 300 s: minute 5 against
 * minute 2); no 5xx but a full store's refusals (`503 temporarily_unavailable` of a store at its bound,
 * counted apart: the unused challenges and the rotations fill theirs); zero lost requests (every request
 * sent got an answer). The server runs in a process of its own (bench/support/soak-server.ts) on Node's
 * defaults, as `sports-odds-mock` runs (SOAK_NODE_FLAGS: flags of the run's own), so its RSS is the
 * mock's alone; the clients' RSS is printed beside it.
 */
import { type ServerSample, serverProcess, soakServer } from './support/server-process';
import { CACHE_BOUNDS } from '../mocks/service/state/response-cache';
import { STABLE_ANSWER_BOUNDS } from '../mocks/service/state/stable-answers';
import { FIXTURE_CACHE } from '../mocks/service/data';

const SECONDS = Number(process.argv[2] ?? 60);
const CLIENTS = Number(process.argv[3] ?? 50);
const SAMPLE_MS = 5_000;
const SETTLED_EVENTS = 400;
/** The last minute's RSS within this share of minute 2's. */
const LEVEL_SHARE = 0.05;
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

const { child, ask } = soakServer();
const server = await ask<{ url: string; apiKey: string; now: number }>('ready');
const startedAt = Date.now();
const mockNow = () => server.now + (Date.now() - startedAt);
const base = server.url;
const json = { 'Content-Type': 'application/json' };
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

async function admin(path: string, body: unknown): Promise<{ api_key: string }> {
  const res = await fetch(`${base}/__admin${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as { api_key: string };
}

// A trial account (2 requests per second) that its clients drive into 429s, and one account per
// rotating client (pro: 20 per second), whose key each rotation replaces.
const trial = (await admin('/accounts', { email: 'trial@soak.test', plan: 'trial' })).api_key;
const rotators = await Promise.all(Array.from({ length: 5 }, (_, i) => admin('/accounts', { email: `rotate${i}@soak.test`, plan: 'pro' })));
const demo = server.apiKey;

/** Settled events of the days before the mock's now: their histories and results are kept answers. */
async function settledEvents(): Promise<number[]> {
  const ids: number[] = [];
  for (let days = 2; ids.length < SETTLED_EVENTS && days < 30; days++) {
    const day = new Date(mockNow() - days * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(`${base}/v1/events?starts_from=${day}T00:00:00Z&starts_to=${day}&limit=500`, { headers: bearer(demo) });
    const events = (await res.json()) as { event_id: number; live_status: number }[];
    ids.push(...events.filter((e) => e.live_status === 2).map((e) => e.event_id));
  }
  return ids.slice(0, SETTLED_EVENTS);
}
const settled = await settledEvents();
const nonce = () => `rot_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')}`;

const stats = { sent: 0, answered: 0, lost: 0, full: 0, byStatus: new Map<number, number>() };
/** A store at its bound refusing one more: `503 temporarily_unavailable` naming the bound (the mock's own refusal, not a failure). */
const isFullStore = (status: number, text: string) =>
  status === 503 && text.includes('temporarily_unavailable') && text.includes('(bounds.');
/** Shared counters, so that every client walks on to keys no answer was kept for yet. */
const spread = { leagues: 0, histories: 0, results: 0, days: 0 };
/** The days the listings walk (a month back to the two-week horizon): their fixtures fill the fixture cache past its bound. */
const LISTED_DAYS = 45;

/** Sends one request and reads its answer; a request without an answer is lost. */
async function hit(path: string, init: RequestInit = {}): Promise<{ status: number; text: string } | undefined> {
  stats.sent++;
  try {
    const res = await fetch(`${base}${path}`, init);
    const text = await res.text();
    stats.answered++;
    if (isFullStore(res.status, text)) stats.full++;
    stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
    return { status: res.status, text };
  } catch {
    stats.lost++;
    return undefined;
  }
}

/** One request of the mix, by turn: data routes, refusals, 429s, challenges and recoveries. */
const MIX: ((n: number) => Promise<unknown>)[] = [
  () => hit('/v1/catalog/sports', { headers: bearer(demo) }),
  () => hit(`/v1/catalog/leagues?sport_id=${1 + (spread.leagues++ % 3_000)}`, { headers: bearer(demo) }), // fills the response cache past its bound
  () => hit('/v1/events?limit=20', { headers: bearer(demo) }),
  (n) => hit(`/v1/events/${1 + (n % 50)}/odds`, { headers: bearer(demo) }), // mostly 404, charged
  () => hit('/v1/outrights', { headers: bearer(demo) }),
  () => hit('/v1/account/request-health?days=7', { headers: bearer(demo) }),
  () => hit('/v1/account/usage', { headers: bearer(demo) }),
  () => hit('/v1/catalog/sports', { headers: bearer(trial) }), // 429 rate_limited or quota_exceeded
  () => hit('/v1/catalog/sports'), // 401
  (n) => hit(`/v1/catalog/sports?unknown${n % 7}=1`, { headers: bearer(demo) }), // 400
  (n) => hit(`/v1/nope/${n}`, { method: 'POST', headers: bearer(demo), body: 'x'.repeat(300_000) }), // 404, body drained
  () =>
    hit('/v1/account/keys', { method: 'POST', headers: { ...bearer(demo), ...json }, body: JSON.stringify({ name: 'x'.repeat(100_000) }) }), // 413
  () => hit('/v1/catalog/sports', { method: 'PUT', headers: bearer(demo) }), // 404
  () => hit(`/v1/events/${settled[spread.histories++ % settled.length]}/odds?full_history=1`, { headers: bearer(demo) }), // kept answers, past their bound
  () => hit(`/v1/events/${settled[spread.results++ % settled.length]}/results`, { headers: bearer(demo) }),
  () => {
    const day = new Date(mockNow() + (13 - (spread.days++ % LISTED_DAYS)) * 86_400_000).toISOString().slice(0, 10);
    return hit(`/v1/events?starts_from=${day}T00:00:00Z&starts_to=${day}&limit=500`, { headers: bearer(demo) });
  },
  // An unused challenge (left for the store's bound), then one spent on a recovery request.
  () => hit('/__challenge', { method: 'POST', headers: { ...json, Origin: base }, body: '{}' }),
  async () => {
    const res = await hit('/__challenge', { method: 'POST', headers: { ...json, Origin: base }, body: '{}' });
    const token = res?.status === 200 ? (JSON.parse(res.text) as { challenge_token: string }).challenge_token : '';
    await hit('/v1/recovery/requests', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'nobody@soak.test', challenge_token: token }),
    });
  },
];

const deadline = Date.now() + SECONDS * 1000;

async function mixedClient(i: number): Promise<void> {
  for (let n = i; Date.now() < deadline; n++) await MIX[n % MIX.length]!(n);
}

/** Rotates its account's key again and again, replaying every tenth rotation with the old key and nonce. */
async function rotatingClient(i: number): Promise<void> {
  let key = rotators[i % rotators.length]!.api_key;
  for (let n = 0; Date.now() < deadline; n++) {
    const id = nonce();
    const res = await hit('/v1/account/keys/rotate', { method: 'POST', headers: { ...bearer(key), 'Idempotency-Key': id } });
    if (res?.status !== 200) continue; // 429 past the account's 20 per second
    if (n % 10 === 0) await hit('/v1/account/keys/rotate', { method: 'POST', headers: { ...bearer(key), 'Idempotency-Key': id } });
    key = (JSON.parse(res.text) as { api_key: string }).api_key;
  }
}

/** A sample: what the server reported of itself, with the clients' side of the moment. */
interface Sample extends ServerSample {
  t: number;
  requests: number;
  rate: number;
  /** RSS of this process: the 50 clients. */
  clientsRss: number;
  /** 5xx answers that are not a full store's refusal. */
  fiveXx: number;
  full: number;
  lost: number;
}

const samples: Sample[] = [];
const started = Date.now();
let lastCount = 0;
const fiveXx = () => [...stats.byStatus].filter(([s]) => s >= 500).reduce((sum, [, c]) => sum + c, 0) - stats.full;
const sample = async () => {
  const at = await ask<ServerSample>('sample');
  const t = Math.round((Date.now() - started) / 1000);
  samples.push({
    ...at,
    t,
    requests: stats.answered,
    rate: Math.round((stats.answered - lastCount) / (SAMPLE_MS / 1000)),
    clientsRss: process.memoryUsage().rss,
    fiveXx: fiveXx(),
    full: stats.full,
    lost: stats.lost,
  });
  lastCount = stats.answered;
};
await sample();
const timer = setInterval(() => void sample(), SAMPLE_MS);

const clients = Array.from({ length: CLIENTS }, (_, i) => (i % 10 === 9 ? rotatingClient(i) : mixedClient(i)));
await Promise.all(clients);
clearInterval(timer);
await sample();

const { execArgv: serverFlags } = serverProcess(process.env['SOAK_NODE_FLAGS']);
console.log(
  `mock soak: ${CLIENTS} clients for ${SECONDS} s against ${base} (the server in a process of its own; RSS and heap as they stood)`,
);
console.log(`server's Node: ${serverFlags.join(' ') || "Node's defaults"} (Node ${process.versions.node})`);
console.log(
  `bounds: response cache ${CACHE_BOUNDS.maxCount} answers and ${mb(CACHE_BOUNDS.maxBytes ?? 0)} MB for ${CACHE_BOUNDS.maxAgeMs / 60_000} min; kept answers ${STABLE_ANSWER_BOUNDS.maxCount} answers and ${mb(STABLE_ANSWER_BOUNDS.maxBytes)} MB; ${settled.length} settled events in the mix\n`,
);
console.log(
  '   t (s) | answered | req/s  | RSS (MB) | heap (MB) | old (MB) | large (MB) | malloc (MB) | external (MB) | cache (MB)   | kept (MB)     | 5xx | full | lost | clients RSS',
);
console.log(
  '  -------+----------+--------+----------+-----------+----------+------------+-------------+---------------+--------------+---------------+-----+------+------+------------',
);
for (const s of samples) {
  const cached = `${s.cached} (${mb(s.cachedBytes)})`;
  const kept = `${s.kept} (${mb(s.keptBytes)})`;
  console.log(
    `  ${String(s.t).padStart(6)} | ${String(s.requests).padStart(8)} | ${String(s.rate).padStart(6)} | ${mb(s.rss).padStart(8)} | ${mb(s.heap).padStart(9)} | ${mb(s.spaces['old_space'] ?? 0).padStart(8)} | ${mb((s.spaces['large_object_space'] ?? 0) + (s.spaces['new_large_object_space'] ?? 0)).padStart(10)} | ${mb(s.maps['malloc'] ?? 0).padStart(11)} | ${mb(s.external).padStart(13)} | ${cached.padStart(12)} | ${kept.padStart(13)} | ${String(s.fiveXx).padStart(3)} | ${String(s.full).padStart(4)} | ${String(s.lost).padStart(4)} | ${mb(s.clientsRss).padStart(10)}`,
  );
}
const nearest = (t: number) => samples.reduce((best, s) => (Math.abs(s.t - t) < Math.abs(best.t - t) ? s : best));
/** The samples of minute `m` (from m - 1 to m minutes). */
const minuteOf = (m: number) => samples.filter((s) => s.t > (m - 1) * 60 && s.t <= m * 60);
const minuteMean = (m: number) => minuteOf(m).reduce((sum, s) => sum + s.rss, 0) / Math.max(1, minuteOf(m).length);
const minuteFloor = (m: number) => Math.min(...minuteOf(m).map((s) => s.rss));
const minutes = Math.floor(SECONDS / 60);
if (minutes >= 1) {
  const marks = Array.from({ length: minutes + 1 }, (_, m) => m);
  console.log(`\n  RSS at each minute (MB): ${marks.map((m) => `${m} min ${mb(nearest(m * 60).rss)}`).join(', ')}`);
  console.log(
    `  mean RSS of each minute (MB): ${marks
      .slice(1)
      .map((m) => `minute ${m} ${mb(minuteMean(m))}`)
      .join(', ')}`,
  );
  console.log(
    `  lowest RSS of each minute (MB): ${marks
      .slice(1)
      .map((m) => `minute ${m} ${mb(minuteFloor(m))}`)
      .join(', ')}`,
  );
  console.log(`  requests answered by each minute: ${marks.map((m) => `${m} min ${nearest(m * 60).requests}`).join(', ')}`);
}
const statuses = [...stats.byStatus]
  .sort(([a], [b]) => a - b)
  .map(([s, c]) => `${s}: ${c}`)
  .join(', ');
console.log(`\nstatuses: ${statuses}`);

const last = samples.at(-1)!;
const peak = samples.reduce((top, s) => (s.rss > top.rss ? s : top));
const mapped = (kinds: Record<string, number>) =>
  Object.entries(kinds)
    .map(([kind, bytes]) => `${kind} ${mb(bytes)}`)
    .join(', ');
console.log(`last sample's RSS by mapping: ${mapped(last.maps)}; V8's spaces: ${mapped(last.spaces)}`);
console.log(
  `largest sample's (${peak.t} s, ${mb(peak.rss)} MB) RSS by mapping: ${mapped(peak.maps)}; V8's spaces: ${mapped(peak.spaces)}; external ${mb(peak.external)}`,
);
const { fixtures, timelines, marks } = last.generated;
console.log(
  `generated data kept at the last sample: ${fixtures} fixtures (bound ${FIXTURE_CACHE}), ${timelines} timelines, ${marks} line marks`,
);
console.log(
  `stores at the last sample: ${Object.entries(last.stores)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ')}`,
);
const level: readonly [string, boolean] =
  minutes >= 3
    ? (() => {
        const [two, end] = [nearest(120).rss, nearest(minutes * 60).rss];
        const change = (end - two) / two;
        return [
          `RSS levels off: minute ${minutes} ${mb(end)} MB against minute 2 ${mb(two)} MB, ${(change * 100).toFixed(1)}% (target within ${LEVEL_SHARE * 100}%)`,
          Math.abs(change) <= LEVEL_SHARE,
        ] as const;
      })()
    : [`RSS levels off: a run of ${SECONDS} s is too short to judge (give 300)`, true];
const verdicts = [
  level,
  [`5xx: ${fiveXx()} besides ${stats.full} refusals of a store at its bound (target 0)`, fiveXx() === 0],
  [`lost: ${stats.lost} of ${stats.sent} sent, ${stats.answered} answered (target 0)`, stats.lost === 0 && stats.sent === stats.answered],
] as const;
for (const [line, ok] of verdicts) console.log(`${ok ? 'PASS' : 'FAIL'}  ${line}`);
child.send({ kind: 'stop' });
process.exitCode = verdicts.every(([, ok]) => ok) ? 0 : 1;
