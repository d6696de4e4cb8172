/**
 * One process of a fleet sharing its answers through a Redis coordinator (test/cache/redis-fleet.test.ts,
 * bench/cache.ts), driven by its parent over IPC: it asks the latest odds of events, all at once or
 * in loops of virtual users, and reports how each call was served. Its clock may be skewed
 * (`Date.now` moved by `skewMs`), as a machine's may be; what it reports of time is on the
 * machine's real clock (`performance.timeOrigin + performance.now()`).
 */
import { Redis } from 'ioredis';
import { SportsOdds, type ClientOptions } from '../../../src';
import { redisCoordinator } from '../../../src/redis';

/** How the parent configures a worker (JSON in `ANSWER_WORKER`). */
export interface AnswerWorkerConfig {
  baseUrl: string;
  apiKey: string;
  /** The coordinator's Redis. */
  redisUrl: string;
  /** A Redis of the answers' own, or null for the coordinator's. */
  answersUrl: string | null;
  namespace: string;
  /** How far this process's clock is from the machine's, ms. */
  skewMs: number;
  /** `answers.waitMs` of the coordinator, or null for the default. */
  waitMs: number | null;
  /** The pacing rate, or null for none. */
  rate: number | null;
  /** false: `answers: false` (every process for itself). */
  fleet: boolean;
  /** `cache: false, coalesce: false` on the client: every call sent. */
  sendAll: boolean;
}

/** One call's outcome. */
export interface Served {
  event: number;
  /** How it was served: `sent`, `hit` or `shared`. */
  kind: 'sent' | 'hit' | 'shared';
  ageMs: number | undefined;
  requestId: string | undefined;
  cost: number;
  /** When the call was made and when it resolved, on the machine's real clock (ms). */
  startedAt: number;
  endedAt: number;
  /** When its request left, real clock (sent calls only). */
  requestAt: number | undefined;
}

/** What a loop run saw. */
export interface LoopStats {
  calls: number;
  failed: Record<string, number>;
  messages: Record<string, string>;
  kinds: Record<string, number>;
  latencies: number[];
  limited: number;
}

export type ToAnswerWorker =
  | { kind: 'ask'; events: number[]; maxAge: number | null }
  | { kind: 'loop'; seconds: number; users: number; events: number[]; maxAge: number | null; pauseMs: number }
  | { kind: 'stats' };

export type FromAnswerWorker =
  | { kind: 'ready'; pid: number }
  | { kind: 'asked'; served: (Served | { event: number; error: string })[] }
  | { kind: 'looped'; stats: LoopStats }
  | { kind: 'stats'; stats: ReturnType<SportsOdds['cache']['stats']>; saved: number | undefined };

const config = JSON.parse(process.env['ANSWER_WORKER'] ?? 'null') as AnswerWorkerConfig | null;
if (config === null) throw new Error('ANSWER_WORKER is not set: this file is a child of test/cache/redis-fleet.test.ts');
const send = (message: FromAnswerWorker) => process.send?.(message);
const realNow = () => performance.timeOrigin + performance.now();

if (config.skewMs !== 0) {
  const machine = Date.now.bind(Date);
  Date.now = () => machine() + config.skewMs;
}

const connect = async (url: string) => {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  // A stopped Redis is part of some runs: its errors reach the calls, not the process.
  redis.on('error', () => undefined);
  await new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  return redis;
};
const redis = await connect(config.redisUrl);
const answersRedis = config.answersUrl === null ? undefined : await connect(config.answersUrl);
const coordinator = redisCoordinator({
  redis,
  namespace: config.namespace,
  onWarning: () => undefined,
  answers: config.fleet
    ? { ...(answersRedis ? { redis: answersRedis } : {}), ...(config.waitMs === null ? {} : { waitMs: config.waitMs }) }
    : false,
});
let requestAt: number | undefined;
let limited = 0;
const options: ClientOptions = {
  apiKey: config.apiKey,
  baseUrl: config.baseUrl,
  coordinator,
  maxRetries: 0,
  logLevel: 'off',
  tracing: false,
  hooks: {
    beforeRequest: [() => void (requestAt = realNow())],
    afterResponse: [({ status }) => void (status === 429 && (limited += 1))],
  },
  ...(config.sendAll ? { cache: false as const, coalesce: false } : {}),
  ...(config.rate === null ? {} : { rateLimit: { requestsPerSecond: config.rate } }),
};
const odds = new SportsOdds(options);

async function one(event: number, maxAge: number | null): Promise<Served> {
  const startedAt = realNow();
  requestAt = undefined;
  const { meta } = await odds.events.odds(event, undefined, maxAge === null ? {} : { maxAge }).withMeta();
  return {
    event,
    kind: meta.reuse?.kind ?? 'sent',
    ageMs: meta.reuse?.ageMs,
    requestId: meta.requestId,
    cost: meta.credits.cost ?? 0,
    startedAt,
    endedAt: realNow(),
    requestAt: meta.reuse === undefined ? requestAt : undefined,
  };
}

async function loop(seconds: number, users: number, events: number[], maxAge: number | null, pauseMs: number): Promise<LoopStats> {
  const stats: LoopStats = { calls: 0, failed: {}, messages: {}, kinds: {}, latencies: [], limited: 0 };
  limited = 0;
  const end = performance.now() + seconds * 1000;
  const user = async (u: number) => {
    for (let i = 0; performance.now() < end; i++) {
      const event = events[(u + i) % events.length] as number;
      const started = performance.now();
      try {
        const served = await one(event, maxAge);
        stats.kinds[served.kind] = (stats.kinds[served.kind] ?? 0) + 1;
        stats.latencies.push(performance.now() - started);
      } catch (error) {
        const e = error as { name?: string; code?: string };
        const name = e.code === undefined ? String(e.name) : `${e.name}:${e.code}`;
        stats.failed[name] = (stats.failed[name] ?? 0) + 1;
        stats.messages[name] ??= String((error as Error).message);
      }
      stats.calls += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * pauseMs));
    }
  };
  await Promise.all(Array.from({ length: users }, (_, u) => user(u)));
  stats.limited = limited;
  return stats;
}

process.on('message', (message: ToAnswerWorker) => {
  if (message.kind === 'ask') {
    void Promise.all(
      message.events.map((event) => one(event, message.maxAge).catch((error: unknown) => ({ event, error: String(error) }))),
    ).then((served) => send({ kind: 'asked', served }));
  }
  if (message.kind === 'loop') {
    void loop(message.seconds, message.users, message.events, message.maxAge, message.pauseMs).then((stats) =>
      send({ kind: 'looped', stats }),
    );
  }
  if (message.kind === 'stats') send({ kind: 'stats', stats: odds.cache.stats(), saved: odds.credits.saved });
});
process.on('disconnect', () => {
  void Promise.allSettled([redis.quit(), answersRedis?.quit()]).then(() => process.exit(0));
});
send({ kind: 'ready', pid: process.pid });
