import type { RouteId } from '../../schemas/routes';
import type { APIError } from '../errors';
import type { ClientContext, RawAnswer, RequestOptions, RouteInput } from '../types';
import type { retryDelay, runHooks, sendRoute } from '../request';
import type { throwIfAborted } from '../runtime';

/** What the loop uses of the rest of the SDK (`replay.ts` gives it). */
export interface ReplayTools {
  sendRoute: typeof sendRoute;
  retryDelay: typeof retryDelay;
  runHooks: typeof runHooks;
  throwIfAborted: typeof throwIfAborted;
  /** Whether a failure may have been committed without its answer reaching us. */
  isAmbiguous: (error: unknown) => boolean;
}

/** `replayRoute`'s signature (`replay.ts`). */
export type ReplayRoute = <Id extends RouteId>(
  ctx: ClientContext,
  routeId: Id,
  input: RouteInput<Id>,
  options: RequestOptions,
  until: number,
) => Promise<RawAnswer>;

/**
 * The exact replay's loop (`replay.ts`'s `replayRoute`), loaded with the first replay and given what it uses: the same request
 * sent again after every ambiguous failure until answered, refused, or `until`. Throws the last error.
 *
 * @example
 * const answer = await replayWith(tools)(ctx, 'recovery.claim', { body }, {}, ctx.options.now() + CREDENTIAL_REPLAY_WINDOW_MS);
 */
export const replayWith =
  (tools: ReplayTools): ReplayRoute =>
  async (ctx, routeId, input, options, until) => {
    const o = ctx.options;
    for (let attempt = 1; ; attempt++) {
      tools.throwIfAborted(options.signal);
      try {
        const totalTimeout = Math.max(options.timeout ?? o.timeout, until - o.now());
        return await tools.sendRoute(ctx, routeId, input, { ...options, maxRetries: 0, totalTimeout });
      } catch (error) {
        if (!tools.isAmbiguous(error)) throw error;
        // The same waits as any retry; only the replay window bounds them.
        const delayMs = tools.retryDelay(error, Math.min(attempt, 16), { maxRetryAfter: Number.POSITIVE_INFINITY, random: o.random });
        if (delayMs === undefined || o.now() + delayMs >= until) throw error;
        o.logger.info(`replaying ${routeId} unchanged in ${delayMs} ms after attempt ${attempt}: ${(error as Error).message}`);
        await tools.runHooks(o.hooks.beforeRetry, { routeId, attempt, delayMs, error: error as APIError });
        await o.sleep(delayMs, options.signal);
      }
    }
  };
