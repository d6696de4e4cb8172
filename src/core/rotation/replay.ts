import type { RouteId } from '../../schemas/routes';
import { APIError, ConnectionError } from '../errors';
import { runHooks, sendRoute, retryDelay } from '../request';
import { throwIfAborted } from '../runtime';
import type { ClientContext, RawAnswer, RequestOptions, RouteInput } from '../types';

/**
 * Whether a failed credential mutation may have been committed without its answer reaching us: no answer, or a 429 / 5xx.
 *
 * @example
 * isAmbiguous(new ConnectionError('dropped')); // true
 */
export const isAmbiguous = (error: unknown): boolean =>
  error instanceof APIError ? error.status === 429 || error.status >= 500 : error instanceof ConnectionError;

/**
 * Sends the exact same request again after every ambiguous failure until answered, refused, or `until` (docs/service.md, "Errors":
 * the request never changes). The client's `maxRetries` does not apply; the first attempt is always made. Throws the last error.
 *
 * @example
 * const answer = await replayRoute(ctx, 'recovery.claim', { body }, {}, ctx.options.now() + CREDENTIAL_REPLAY_WINDOW_MS);
 */
export async function replayRoute<Id extends RouteId>(
  ctx: ClientContext,
  routeId: Id,
  input: RouteInput<Id>,
  options: RequestOptions,
  until: number,
): Promise<RawAnswer> {
  const o = ctx.options;
  for (let attempt = 1; ; attempt++) {
    throwIfAborted(options.signal);
    try {
      const totalTimeout = Math.max(options.timeout ?? o.timeout, until - o.now());
      return await sendRoute(ctx, routeId, input, { ...options, maxRetries: 0, totalTimeout });
    } catch (error) {
      if (!isAmbiguous(error)) throw error;
      // The same waits as any retry; only the replay window bounds them.
      const delayMs = retryDelay(error, Math.min(attempt, 16), { maxRetryAfter: Number.POSITIVE_INFINITY, random: o.random });
      if (delayMs === undefined || o.now() + delayMs >= until) throw error;
      o.logger.info(`replaying ${routeId} unchanged in ${delayMs} ms after attempt ${attempt}: ${(error as Error).message}`);
      await runHooks(o.hooks.beforeRetry, { routeId, attempt, delayMs, error: error as APIError });
      await o.sleep(delayMs, options.signal);
    }
  }
}
