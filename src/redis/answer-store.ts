/**
 * The fleet's answers in Redis (docs/caching.md, "A fleet: answers shared in Redis"): the cache and the coalescing of every
 * process of a `redisCoordinator()` namespace. One fetches an answer (its claim, `SET NX PX`), the
 * others poll Redis for it until the claim ends or `waitMs` passes, then fetch themselves. Every
 * operation is one script (scripts/answers.ts) bounded by `timeoutMs`; a Redis that fails or is late
 * leaves the call uncached (said once through `onWarning`), never failed.
 */
import type { RouteDef } from '../schemas/route';
import type { StoredAnswer, SharedAnswers, SharedLookup, SharedPlace } from '../core/types';
import { selectionOf, type AnswerSelection } from '../core/reuse/selection';
import { realSleep } from '../core/runtime';
import { toBase64Url } from '../schemas/base64url';
import type { ResolvedAnswers } from './answer-options';
import { ScriptEvaluator } from './evalsha';
import { ANSWERS, keyList, type AnswerArgs, type AnswerKeys, type AnswerReply, type AnswerScriptName } from './scripts';

/** What an answer weighs in Redis besides its body: its key, hash fields, index and totals entries. */
export const ANSWER_OVERHEAD_BYTES = 1024;

/**
 * The bytes Redis's allocator (jemalloc) takes for `n` bytes: the size class above, four classes
 * per doubling (up to a quarter more).
 */
function allocated(n: number): number {
  if (n <= 16) return 16;
  const step = 2 ** Math.max(4, Math.floor(Math.log2(n - 1)) - 2);
  return Math.ceil(n / step) * step;
}

/** Clear stamps a namespace holds at most; past them they collapse into one clear of everything. */
export const MAX_CLEAR_STAMPS = 1000;

/** How long the cache leaves Redis alone after a failure (calls are sent uncached meanwhile), ms. */
const PAUSE_MS = 1000;

/** How long an answer fetched for waiters stays at least, from its keeping (it may have no maxAge: kept only to hand it over), ms. */
const HANDOFF_MS = 2000;

/** A waiter's first poll, ms; each next one waits half as long again, up to `LAST_POLL_MS`. */
const FIRST_POLL_MS = 2;
const LAST_POLL_MS = 25;

/** One script's reply, with when it was sent and received on the local monotonic clock. */
type Timed<R> = R & { readonly sent: number; readonly received: number };

/** The body of an answer in Redis. */
interface Body {
  u: string;
  s: number;
  h: [string, string][];
  t: string;
  c: number;
}

const isBody = (v: unknown): v is Body => {
  const b = v as Partial<Body> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    typeof b.u === 'string' &&
    typeof b.s === 'number' &&
    Array.isArray(b.h) &&
    typeof b.t === 'string' &&
    typeof b.c === 'number'
  );
};

const encoder = new TextEncoder();

/** The SHA-256 of a call's URL, in hex: an answer's name in Redis (never the URL itself, never a key). */
async function digestOf(url: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(url)));
  let hex = '';
  for (const byte of hash) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * What `clear()` stamps: `*` for everything, else `route\npath\nquery` with `*` for any path or query
 * (LOOKUP reads the five stamps that can select an answer).
 */
const stampOf = ({ routeId, path, query }: AnswerSelection): string =>
  routeId === undefined ? '*' : `${routeId}\n${path ?? '*'}\n${query ?? '*'}`;

/**
 * The answers of one namespace in Redis, shared by the processes of a fleet.
 *
 * Clocks: an answer's sending is stamped on Redis's clock, from below (the process's clock, plus
 * Redis's clock minus it as the last reply bounds it from below), and its age when read is bounded
 * from above (Redis's clock at the read, plus the read's round trip): a process's clock, however
 * far off, never makes an answer look younger than it is.
 *
 * @example
 * const answers = new RedisAnswers(resolveAnswers(undefined, redis)!, 'sod', 'acct-1', console.warn);
 */
export class RedisAnswers implements SharedAnswers {
  readonly maxAnswerBytes: number;
  readonly waitMs: number;
  readonly #o: ResolvedAnswers;
  readonly #name: string;
  readonly #keys: Omit<AnswerKeys, 'answer' | 'claim'>;
  readonly #answerPrefix: string;
  readonly #claimPrefix: string;
  readonly #warn: (message: string) => void;
  readonly #scripts: ScriptEvaluator;
  readonly #process = toBase64Url(crypto.getRandomValues(new Uint8Array(9)));
  #count = 0;
  /** Redis's clock minus the local monotonic clock, bounded from below by the last reply. */
  #offset: number | undefined;
  /** Until when (local monotonic clock) calls leave Redis alone after a failure. */
  #pausedUntil = 0;
  #warned = false;
  #size = { entries: 0, bytes: 0 };
  /** Redis commands sent (each one round trip): for benches. */
  get roundTrips(): number {
    return this.#scripts.roundTrips;
  }

  constructor(options: ResolvedAnswers, prefix: string, namespace: string, onWarning: (message: string) => void) {
    this.#o = options;
    this.maxAnswerBytes = options.maxAnswerBytes;
    this.waitMs = options.waitMs;
    this.#name = `redis:${namespace}`;
    const base = `${prefix}:{${namespace}}:`;
    this.#keys = {
      index: `${base}answer-index`,
      totals: `${base}answer-totals`,
      clears: `${base}answer-clears`,
      clearIndex: `${base}answer-clear-index`,
    };
    this.#answerPrefix = `${base}answer:`;
    this.#claimPrefix = `${base}answer-claim:`;
    this.#warn = onWarning;
    this.#scripts = new ScriptEvaluator(options.redis);
  }

  async lookup(place: SharedPlace, readMs: number, claim: boolean, now: () => number): Promise<SharedLookup> {
    const digest = await digestOf(place.url);
    const token = claim ? `${this.#process}.${(this.#count++).toString(36)}` : '';
    const reply = await this.#run('lookup', digest, { ...this.#about(place), readMs, token, claimMs: this.waitMs, holder: undefined });
    // Unreachable: sent uncached, and nothing this process holds is served (a clear may have been missed).
    if (reply === undefined) return { kind: 'fetch', claim: undefined, clearedAt: Number.POSITIVE_INFINITY };
    if (reply.status === 'hit') {
      const answer = this.#answerOf(reply, place, now);
      if (answer !== undefined) return { kind: 'hit', answer };
    }
    // A clear `Redis now - stamp` ago was at least that long before now on any clock. An unreadable
    // answer is fetched again, and one kept here is served if it is newer (no clear came after it).
    const stamp = reply.status === 'hit' ? reply.sentAt : reply.cleared;
    const clearedAt = now() - (reply.now - (stamp ?? 0));
    if (reply.status === 'wait' && reply.holder !== undefined) return { kind: 'wait', holder: reply.holder, clearedAt };
    return { kind: 'fetch', claim: reply.status === 'claimed' ? token : undefined, clearedAt };
  }

  async wait(
    place: SharedPlace,
    holder: string,
    readMs: number,
    now: () => number,
    signal?: AbortSignal,
  ): Promise<StoredAnswer | undefined> {
    const digest = await digestOf(place.url);
    const until = performance.now() + this.waitMs;
    for (let poll = FIRST_POLL_MS; ; poll = Math.min(LAST_POLL_MS, poll * 1.5)) {
      const left = until - performance.now();
      if (left <= 0 || signal?.aborted) return undefined;
      try {
        await realSleep(Math.min(poll, left), signal);
      } catch {
        return undefined;
      }
      const reply = await this.#run('lookup', digest, { ...this.#about(place), readMs, token: undefined, claimMs: this.waitMs, holder });
      if (reply === undefined || reply.status === 'gone') return undefined;
      if (reply.status === 'hit') return this.#answerOf(reply, place, now);
    }
  }

  async keep(place: SharedPlace, answer: StoredAnswer, ttlMs: number, claim: string | undefined, now: () => number): Promise<void> {
    const digest = await digestOf(place.url);
    const offset = this.#offset;
    // Its sending on Redis's clock, from below: never later than it was.
    const sentAt = offset === undefined ? undefined : Math.floor(performance.now() + offset - (now() - answer.sentAt));
    if (sentAt === undefined) {
      if (claim !== undefined) this.release(place, claim);
      return;
    }
    const body: Body = { u: answer.url, s: answer.status, h: answer.headers, t: answer.text, c: answer.cost };
    const text = JSON.stringify(body);
    const bytes =
      allocated(encoder.encode(text).length + 16) +
      allocated(encoder.encode(place.routeId + place.path + place.query).length) +
      ANSWER_OVERHEAD_BYTES;
    await this.#run('keep', digest, {
      ...this.#about(place),
      sentAt,
      ttlMs: Math.ceil(ttlMs),
      token: claim,
      body: text,
      bytes,
      maxBytes: this.#o.maxBytes,
      handoffMs: HANDOFF_MS,
    });
  }

  release(place: SharedPlace, claim: string): void {
    void digestOf(place.url).then((digest) => this.#run('release', digest, { token: claim }));
  }

  clearRoute(route: RouteDef | undefined, input: { params?: unknown; query?: unknown }): void {
    this.clear(selectionOf(route, input));
  }

  /** Stops serving, in every process, the answers sent before now that `selection` names. */
  clear(selection: AnswerSelection): void {
    void this.#run('clear', '', { selection: stampOf(selection), most: MAX_CLEAR_STAMPS });
  }

  size(): { entries: number; bytes: number } {
    return { ...this.#size };
  }

  /** The answer of a `hit` reply, its sending on the caller's clock (its age bounded from above), or undefined if unreadable. */
  #answerOf(reply: Timed<AnswerReply<'lookup'> & { status: 'hit' }>, place: SharedPlace, now: () => number): StoredAnswer | undefined {
    if (reply.body === undefined || reply.sentAt === undefined) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(reply.body);
    } catch {
      return undefined;
    }
    if (!isBody(body)) return undefined;
    // Redis's clock at the reply's arrival is at most its clock at the script plus the round trip.
    const age = reply.now + (reply.received - reply.sent) - reply.sentAt;
    return {
      routeId: place.routeId,
      url: body.u,
      path: place.path,
      query: place.query,
      status: body.s,
      headers: body.h,
      text: body.t,
      sentAt: now() - age,
      cost: body.c,
    };
  }

  /** The route, path and query of an answer, as the scripts take them. */
  #about(place: SharedPlace): { route: string; path: string; query: string } {
    return { route: place.routeId, path: place.path, query: place.query };
  }

  /** Runs a script on the keys of `digest`; undefined when Redis failed, was late, or is left alone after a failure. */
  async #run<N extends AnswerScriptName>(name: N, digest: string, args: AnswerArgs<N>): Promise<Timed<AnswerReply<N>> | undefined> {
    if (performance.now() < this.#pausedUntil) return undefined;
    const script = ANSWERS[name];
    const keys = keyList(script.family, { ...this.#keys, answer: this.#answerPrefix + digest, claim: this.#claimPrefix + digest });
    const sent = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = this.#scripts.evaluate(script.source, keys, script.argv({ prefix: this.#answerPrefix, digest }, args));
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${this.#o.timeoutMs} ms`)), this.#o.timeoutMs);
      });
      const raw = await Promise.race([attempt, timeout]);
      const received = performance.now();
      const reply: AnswerReply<N> | undefined = script.decode(raw);
      if (reply === undefined) throw new Error('an unexpected reply (another program in the namespace?)');
      this.#offset = reply.now - received;
      this.#size = { entries: reply.entries, bytes: reply.bytes };
      this.#warned = false;
      return { ...reply, sent, received };
    } catch (error) {
      this.#pausedUntil = performance.now() + PAUSE_MS;
      if (!this.#warned) {
        this.#warned = true;
        const why = error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
        this.#warn(
          `coordinator ${this.#name}: the fleet's answer cache failed in Redis (${why}); calls are sent uncached until it answers`,
        );
      }
      return undefined;
    } finally {
      clearTimeout(timer);
      attempt.catch(() => undefined);
    }
  }
}
