import type { RouteId } from '../schemas/routes';
import { APIError } from './errors/api';
import { ConnectionError } from './errors/connection';
import { runHooks } from './hooks';
import { sendRoute } from './request';
import { retryDelay } from './retry';
import { throwIfAborted } from './runtime';
import type { ClientContext, RawAnswer, RequestOptions, RouteInput } from './types';

/**
 * Whether a failed credential mutation may have been committed by the service without its answer
 * reaching us: no answer at all (dropped connection, timeout), or a 429 / 5xx. Every other answer
 * (400, 401, 403, 404, 409, 410, 415) is a definitive refusal.
 *
 * @example
 * isAmbiguous(new ConnectionError('dropped')); // true
 */
export const isAmbiguous = (error: unknown): boolean =>
  error instanceof APIError ? error.status === 429 || error.status >= 500 : error instanceof ConnectionError;

/**
 * Sends the exact same request (same key, headers and body) again after every ambiguous failure
 * until it is answered, definitively refused, or the replay window ends at `until` (docs/service.md, "Errors":
 * the request never changes, so no new nonce or token is ever made). `Retry-After` first, else
 * capped exponential backoff with full jitter; the client's `maxRetries` does not apply. The first
 * attempt is always made, even past the window (the service decides). Throws the last error.
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
