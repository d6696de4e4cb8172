import { APIError, ConnectionError } from '../errors';
import { runHooks, sendRoute, retryDelay } from '../request';
import { throwIfAborted } from '../runtime';
import type { ReplayRoute, ReplayTools } from './replay-loop';

/**
 * Whether a failed credential mutation may have been committed without its answer reaching us: no answer, or a 429 / 5xx.
 *
 * @example
 * isAmbiguous(new ConnectionError('dropped')); // true
 */
export const isAmbiguous = (error: unknown): boolean =>
  error instanceof APIError ? error.status === 429 || error.status >= 500 : error instanceof ConnectionError;

/** What the replay's loop, loaded with the first replay, uses of the rest of the SDK. */
const REPLAY_TOOLS: ReplayTools = { sendRoute, retryDelay, runHooks, throwIfAborted, isAmbiguous };

/**
 * Sends the exact same request again after every ambiguous failure until answered, refused, or `until` (docs/service.md, "Errors":
 * the request never changes). The client's `maxRetries` does not apply; the first attempt is always made. Throws the last error.
 * The loop (`replay-loop.ts`) loads with the first replay: a client that never rotates a key nor claims a credential never loads it.
 *
 * @example
 * const answer = await replayRoute(ctx, 'recovery.claim', { body }, {}, ctx.options.now() + CREDENTIAL_REPLAY_WINDOW_MS);
 */
export const replayRoute: ReplayRoute = async (ctx, routeId, input, options, until) =>
  (await import('./replay-loop')).replayWith(REPLAY_TOOLS)(ctx, routeId, input, options, until);
