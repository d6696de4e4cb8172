/** The key a call sends (switched to a rotation published elsewhere), and the recovery of an attempt refused for it. */
import { resolveKey } from './auth';
import { throwIfAborted } from '../runtime';
import type { ClientContext } from '../types';

/** What an attempt answers when its key was replaced and it should be sent again. */
export const KEY_RECOVERED = Symbol('key recovered');
/** Times one attempt may switch keys (each switch follows a newer rotation; more means a loop). */
export const MAX_KEY_RECOVERIES = 3;

/** The key to send, switched first to its replacement when the coordinator published rotations since this client last looked. */
export async function keyOf(ctx: ClientContext): Promise<string> {
  const source = ctx.key.source;
  const key = typeof source === 'function' ? await resolveKey(source, ctx.options.logger) : source;
  const generation = ctx.coordinator.keys.generation;
  if (generation === ctx.key.generation || ctx.recoverKey === undefined) return key;
  ctx.key.generation = generation;
  try {
    if (!(await ctx.recoverKey.adopt(key))) return key;
  } catch (error) {
    // The call goes on with the key it has: if that key was rotated, its 401 leads to the replacement.
    ctx.options.logger.warn(`could not look up a rotation of the key: ${String(error)}`);
    return key;
  }
  const next = ctx.key.source;
  return typeof next === 'function' ? resolveKey(next, ctx.options.logger) : next;
}

/** Whether the client switched away from `staleKey` after a refusal; a coordinator that cannot answer leaves the refusal standing. */
export async function recovered(ctx: ClientContext, staleKey: string, signal: AbortSignal | undefined): Promise<boolean> {
  if (ctx.recoverKey === undefined) return false;
  try {
    return await ctx.recoverKey.recover(staleKey, signal);
  } catch (error) {
    throwIfAborted(signal);
    ctx.options.logger.warn(`could not look for a rotation of the refused key: ${String(error)}`);
    return false;
  }
}
