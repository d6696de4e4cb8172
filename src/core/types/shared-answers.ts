/**
 * The seam of a store of answers shared by the processes of a fleet (docs/caching.md, "A fleet: answers shared in Redis"):
 * a coordinator shared by processes may offer one (`Coordinator.answers`), and the reuse of calls
 * then caches and coalesces across the fleet. A leaf of types.
 */
import type { RouteDef } from '../../schemas/route';
import type { StoredAnswer } from './cache';

/** Where a call's answer is filed in a shared store: its URL (the key), and what `clear()` selects by. */
export interface SharedPlace {
  /** The call's full URL: identical calls of the account have the same. */
  url: string;
  routeId: string;
  path: string;
  query: string;
}

/** What a lookup in a shared store found. */
export type SharedLookup =
  /** A fresh answer; its `sentAt` is on the caller's clock, never later than its true sending. */
  | { kind: 'hit'; answer: StoredAnswer }
  /**
   * None: this caller sends. `claim` is its token when it fetches for the fleet (hand it to `keep`
   * or `release`); `clearedAt` is the latest `clear()` selecting the place, on the caller's clock
   * (an answer this process holds, sent at or before it, is not served).
   */
  | { kind: 'fetch'; claim: string | undefined; clearedAt: number }
  /** Another process fetches it: `wait` for its answer (`holder` names that fetch). */
  | { kind: 'wait'; holder: string; clearedAt: number };

/**
 * A store of answers shared by the processes of a fleet. Its methods never reject: a store that
 * cannot be reached answers `fetch` (and keeps nothing), so a call is sent, never failed, by it.
 */
export interface SharedAnswers {
  /** Answers whose text is longer than this (UTF-16 units) stay in the process's memory only. */
  readonly maxAnswerBytes: number;
  /** The longest a caller waits for another process's fetch, in ms. */
  readonly waitMs: number;
  /**
   * Looks for an answer younger than `readMs` (0: none is read); with `claim`, claims the fetching
   * of the place when nobody holds it. `now` is the caller's clock.
   */
  lookup(place: SharedPlace, readMs: number, claim: boolean, now: () => number): Promise<SharedLookup>;
  /**
   * Waits for the answer of the fetch `holder` (or any answer younger than `readMs`): undefined
   * when that fetch ended without one, or after `waitMs`, or when `signal` aborts.
   */
  wait(place: SharedPlace, holder: string, readMs: number, now: () => number, signal?: AbortSignal): Promise<StoredAnswer | undefined>;
  /** Keeps `answer` (sent at `sentAt` on the caller's clock) for `ttlMs` from its sending, and ends `claim`. */
  keep(place: SharedPlace, answer: StoredAnswer, ttlMs: number, claim: string | undefined, now: () => number): Promise<void>;
  /** Ends `claim` without an answer (the fetch failed, or its answer may not be kept): the waiters fetch. */
  release(place: SharedPlace, claim: string): void;
  /**
   * `odds.cache.clear(route, input)` for the fleet: no process serves an answer sent before now that
   * it selects (all; the route's; for those parameters and that query). Throws for input that is not the route's.
   */
  clearRoute(route: RouteDef | undefined, input: { params?: unknown; query?: unknown }): void;
  /** Answers in the shared store and their bytes, as its last reply told. */
  size(): { entries: number; bytes: number };
}
