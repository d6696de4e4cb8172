/**
 * Reuse of answers across a fleet (docs/caching.md, "A fleet: answers shared in Redis"), loaded with `runner.ts`: when the
 * client's coordinator shares a store of answers (`redisCoordinator()`), a call of a data route
 * that no identical call of its process holds is served from the fleet's store, or waits for the
 * process that fetches it, or fetches it for the fleet. Answers too large for the store stay in
 * this process's memory. The store never fails a call: unreachable, it answers "fetch".
 */
import { throwIfAborted } from '../runtime';
import type {
  SharedAnswers,
  SharedPlace,
  AnswerCache,
  AnswerPlace,
  FetchedAnswer,
  ReusableCall,
  ReuseState,
  ResponseMeta,
  StoredAnswer,
} from '../types';

/** How a call of a data route may be reused across the fleet. */
export interface FleetPlan extends AnswerPlace {
  /** The call's URL: identical calls of the account have the same. */
  url: string;
  /** Serve an answer younger than this (ms); 0: none. */
  read: number;
  /** Keep the answer this long from its sending (ms); 0: only hand it to the processes waiting for it. */
  keep: number;
  /** Claim the fetching, so that the fleet's identical calls wait for this one. */
  share: boolean;
}

/** An answer the fleet's store (or this process's memory) served: a `hit`, or the answer of another process's fetch (`shared`). */
export class FleetAnswer implements FetchedAnswer {
  #meta: ResponseMeta | undefined;
  #response: Response | undefined;

  constructor(
    readonly stored: StoredAnswer,
    readonly kind: 'hit' | 'shared',
    /** The call it answers, which gives its metadata. */
    readonly call: ReusableCall,
  ) {}

  get text(): string {
    return this.stored.text;
  }

  get status(): number {
    return this.stored.status;
  }

  get sentAt(): number {
    return this.stored.sentAt;
  }

  get cost(): number {
    return this.stored.cost;
  }

  get meta(): ResponseMeta {
    const { status, headers, sentAt } = this.stored;
    this.#meta ??= this.call.metaOf(new Headers(headers), status, sentAt);
    return this.#meta;
  }

  get response(): Response {
    if (this.#response === undefined) {
      const { text, status, headers, url } = this.stored;
      this.#response = new Response(text, { status, headers });
      Object.defineProperty(this.#response, 'url', { value: url });
    }
    return this.#response;
  }
}

/**
 * The answer of a call that its process does not hold: from the fleet's store (a hit), from the
 * process fetching it (shared, within the store's `waitMs`), from this process's memory (a large
 * answer), else sent, then kept for the fleet (or, large, in memory) when it may be. `memory` is
 * the process's cache: what may be kept (`storable`), and the large answers.
 *
 * @example
 * const answer = await fromFleet(state, call, plan, fleet, memory, key, now);
 */
export async function fromFleet(
  state: ReuseState,
  call: ReusableCall,
  plan: FleetPlan,
  fleet: SharedAnswers,
  memory: AnswerCache | undefined,
  key: string,
  now: () => number,
): Promise<FetchedAnswer> {
  const place: SharedPlace = { url: plan.url, routeId: plan.route.id, path: plan.path, query: plan.query };
  const generation = state.generation;
  const found = await fleet.lookup(place, plan.read, plan.share, now);
  if (found.kind === 'hit') return new FleetAnswer(found.answer, 'hit', call);
  // A large answer this process keeps, unless a clear anywhere in the fleet came after it.
  const local = plan.read > 0 ? await memory?.lookup(key, plan.read, now()) : undefined;
  if (local !== undefined && local.sentAt > found.clearedAt) return new FleetAnswer(local, 'hit', call);
  let claim = found.kind === 'fetch' ? found.claim : undefined;
  if (found.kind === 'wait') {
    const answer = await fleet.wait(place, found.holder, plan.read, now, call.options.signal);
    if (answer !== undefined) return new FleetAnswer(answer, 'shared', call);
    throwIfAborted(call.options.signal);
  }
  state.counts.misses += 1;
  call.span?.reused('miss');
  let answer: FetchedAnswer;
  try {
    answer = await call.send();
  } catch (error) {
    if (claim !== undefined) fleet.release(place, claim);
    throw error;
  }
  // A request sent before a `clear()` of this process is not kept (the fleet's store checks its own clears).
  const stored = generation === state.generation ? memory?.storable(answer, plan) : undefined;
  if (stored !== undefined && stored.text.length <= fleet.maxAnswerBytes) {
    if (plan.keep > 0 || claim !== undefined) await fleet.keep(place, stored, plan.keep, claim, now);
    claim = undefined;
  } else if (stored !== undefined && plan.keep > 0) {
    await memory?.keep(key, answer, plan, plan.keep);
  }
  if (claim !== undefined) fleet.release(place, claim);
  return answer;
}
