/**
 * One worker process of a fleet (test/fleet/*.test.ts and bench/fleet.ts): a `SportsOdds` client
 * on a Redis coordinator shared with the other workers, driven by its parent over IPC. It makes
 * calls from `concurrency` loops until told to stop or its time is up, and reports what it saw:
 * answers by status, errors by name, how long each call waited for its slot, the keys it sent.
 */
import { Redis } from 'ioredis';
import { SportsOdds, type ClientOptions } from '../../src';
import { redisCoordinator } from '../../src/redis';

/** How the parent configures a worker (JSON in `FLEET_WORKER`). */
export interface WorkerConfig {
  baseUrl: string;
  apiKey: string;
  redisUrl: string;
  namespace: string;
  secret: string;
  rate: number | 'account' | null;
  maxCredits: number | null;
  /** The coordinator's lease of a call in flight, ms (short in tests). */
  leaseMs: number | null;
  /** Per-attempt timeout of the client, ms. */
  timeout: number;
}

/** What the parent asks. */
export type ToWorker = { kind: 'run'; seconds: number; concurrency: number; calls?: number } | { kind: 'rotate' } | { kind: 'stop' };

/** What a worker tells. */
export type FromWorker =
  | { kind: 'ready'; pid: number }
  | { kind: 'started' }
  | { kind: 'done'; stats: WorkerStats }
  /** The first failure of each error name in a run (later ones are only counted in the stats). */
  | { kind: 'failed'; name: string }
  | { kind: 'rotated'; ok: boolean; error?: string; prefix?: string };

/** What one run saw. */
export interface WorkerStats {
  /** Calls that resolved. */
  ok: number;
  /** Calls that failed, by error name (and code for service errors). */
  failed: Record<string, number>;
  /** The first message of each kind of failure. */
  messages: Record<string, string>;
  /** Answers by HTTP status (every attempt, retries included). */
  statuses: Record<string, number>;
  /** Per successful call: ms from the call to its first request leaving (the wait for the budget and a slot). */
  waits: number[];
  /** Per successful call: when its request left (ms since the epoch). */
  sentAt: number[];
  /** Prefixes of the keys the attempts were sent with (to see a rotation followed). */
  keyPrefixes: string[];
  /** The client's credits at the end, as read from the coordinator. */
  spent: number;
  /** Times `onKeyRotated` ran in this process (once per rotation, however many calls met it). */
  rotationsTold: number;
}

const config = JSON.parse(process.env['FLEET_WORKER'] ?? 'null') as WorkerConfig | null;
if (config === null) throw new Error('FLEET_WORKER is not set: this file is a worker of test/fleet/harness.ts');
const send = (message: FromWorker) => process.send?.(message);

const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
// A stopped Redis is part of some runs: its errors reach the calls as CoordinatorError, not the process.
redis.on('error', () => {});
await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
const coordinator = redisCoordinator({
  redis,
  namespace: config.namespace,
  secret: config.secret,
  ...(config.leaseMs === null ? {} : { leaseMs: config.leaseMs }),
});
const options: ClientOptions = {
  apiKey: config.apiKey,
  baseUrl: config.baseUrl,
  coordinator,
  maxRetries: 0,
  timeout: config.timeout,
  logLevel: 'off',
  onKeyRotated: () => void (rotationsTold += 1),
  // Every call is sent: the fleet's pacing, budget and rotation are what is judged (a reused answer sends nothing).
  cache: false,
  coalesce: false,
};
let rotationsTold = 0;
if (config.rate !== null) options.rateLimit = { requestsPerSecond: config.rate };
if (config.maxCredits !== null) options.budget = { maxCredits: config.maxCredits };
const odds = new SportsOdds(options);

let stopping = false;

async function run(seconds: number, concurrency: number, calls: number | undefined): Promise<WorkerStats> {
  const stats: WorkerStats = {
    ok: 0,
    failed: {},
    messages: {},
    statuses: {},
    waits: [],
    sentAt: [],
    keyPrefixes: [],
    spent: 0,
    rotationsTold: 0,
  };
  const prefixes = new Set<string>();
  const deadline = performance.now() + seconds * 1000;
  let left = calls ?? Number.POSITIVE_INFINITY;
  const loop = async () => {
    // Each loop its own view of the client (shared coordinator, key and ledger), so its hooks time its own calls.
    let sentAt: number | undefined;
    const view = odds.withOptions({
      hooks: {
        beforeRequest: [() => void (sentAt ??= performance.now())],
        afterResponse: [({ status }) => void (stats.statuses[status] = (stats.statuses[status] ?? 0) + 1)],
      },
      fetch: async (input, init) => {
        const auth = (input as Request).headers.get('authorization') ?? '';
        prefixes.add(auth.slice('Bearer '.length, 'Bearer '.length + 13));
        return fetch(input, init);
      },
    });
    while (!stopping && performance.now() < deadline && left-- > 0) {
      const started = performance.now();
      sentAt = undefined;
      try {
        await view.catalog.leagues({ sport_id: 1 });
        stats.ok += 1;
        if (sentAt !== undefined) {
          stats.waits.push(sentAt - started);
          stats.sentAt.push(performance.timeOrigin + sentAt);
        }
      } catch (error) {
        const e = error as { name?: string; code?: string };
        const name = e.code === undefined ? String(e.name) : `${e.name}:${e.code}`;
        if (stats.failed[name] === undefined) send({ kind: 'failed', name });
        stats.failed[name] = (stats.failed[name] ?? 0) + 1;
        stats.messages[name] ??= String((error as Error).message);
        // A refusal that holds for the rest of the run (the budget, Redis down) would spin: pause a little.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  send({ kind: 'started' });
  await Promise.all(Array.from({ length: concurrency }, loop));
  stats.keyPrefixes = [...prefixes];
  stats.rotationsTold = rotationsTold;
  stats.spent = await odds.readCredits().then(
    (c) => c.spent,
    () => odds.credits.spent,
  );
  return stats;
}

process.on('message', (message: ToWorker) => {
  if (message.kind === 'stop') stopping = true;
  if (message.kind === 'run') {
    stopping = false;
    void run(message.seconds, message.concurrency, message.calls).then((stats) => send({ kind: 'done', stats }));
  }
  if (message.kind === 'rotate') {
    odds.keys.rotate().then(
      (rotation) => send({ kind: 'rotated', ok: true, prefix: rotation.api_key.slice(0, 13) }),
      (error: unknown) => send({ kind: 'rotated', ok: false, error: String(error) }),
    );
  }
});
process.on('disconnect', () => process.exit(0));
send({ kind: 'ready', pid: process.pid });
