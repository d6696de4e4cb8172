/** What every call needs of answer reuse (docs/caching.md), kept small as it is in the one-call bundle; the rest loads on demand. */
import type { RouteDef } from '../../schemas/route';
import type { ClientContext, RequestOptions, ReuseRunner, ReuseState } from '../types';

/** On the options of a call that is never reused: a page of a scan, a live scan or a poll. */
const NOT_REUSED: unique symbol = Symbol('not reused');

/**
 * The options of a call that is never reused (scan page, live scan, poll); a `maxAge` or `cache` among them is refused.
 *
 * @example
 * this.list(query, notReused(options)).withMeta();
 */
export const notReused = (options: RequestOptions | undefined): RequestOptions => ({ ...options, [NOT_REUSED]: true }) as RequestOptions;

/** Whether a call may be reused: a GET that is not a live page nor a page of a scan or poll. */
export const reusable = (route: RouteDef, query: Record<string, unknown> | undefined, options: RequestOptions): boolean =>
  route.method === 'GET' && !(NOT_REUSED in options) && query?.['live'] !== true;

/**
 * The reuse state of a new client, from its checked `cache` and `coalesce` options.
 *
 * @example
 * const reuse = newReuseState({ maxAge: {}, maxBytes: 32 * 1024 * 1024 }, true);
 */
export function newReuseState(cache: { maxAge: Record<string, number> | false; maxBytes: number }, coalesce: boolean): ReuseState {
  return {
    coalesce,
    maxAge: cache.maxAge,
    maxBytes: cache.maxBytes,
    inflight: new Map(),
    generation: 0,
    counts: { hits: 0, misses: 0, shared: 0, creditsSaved: 0 },
  };
}

/** The reuse of calls, loaded once; if it cannot load, calls are sent as they are (said once in the log). */
export function runnerOf(ctx: ClientContext): Promise<ReuseRunner | undefined> {
  const state = ctx.reuse;
  state.runner ??= import('./runner').then(
    (m) => (state.loaded = m.runner),
    (error: unknown) => {
      ctx.options.logger.warn(`answer reuse could not load; calls are sent without it: ${String(error)}`);
      return undefined;
    },
  );
  return state.runner;
}
