import type { KeyRotationSuccess } from '../schemas/keys';
import type { RotationTools, RotatorDeps } from './rotation';
import type { ClientContext, KeyHolder, RawAnswer, RotateOptions } from './types';

/**
 * One key rotation, run by `KeyRotator.rotate()` and loaded with the first: resume the store's
 * pending rotation or save a new one before anything is sent, replay it unchanged through every
 * ambiguous failure within its window, then swap the new key in (`swap`), call `onKeyRotated`, and
 * clear the record. Resolves to the rotation's answer.
 *
 * @example
 * const answer = await runRotation(deps, {}, parse, swap, tools);
 */
export async function runRotation(
  deps: RotatorDeps,
  options: RotateOptions,
  parse: (answer: RawAnswer) => KeyRotationSuccess | Promise<KeyRotationSuccess>,
  swap: (key: KeyHolder, oldKey: string, newKey: string) => boolean,
  tools: RotationTools,
): Promise<RawAnswer> {
  const { resolveKey, newRotationNonce, parsePendingRotation, SportsOddsError, replayRoute, isAmbiguous, RotationPendingError, APIError, windowMs } = tools;
  const { ctx, store } = deps;
  const o = ctx.options;
  let pending = await store.load();
  const resumed = pending !== undefined;
  if (pending === undefined) {
    const source = ctx.key.source;
    const oldKey = typeof source === 'string' ? source : await resolveKey(source, o.logger);
    pending = { version: 1, baseUrl: o.baseUrl, nonce: newRotationNonce(), oldKey, startedAt: new Date(o.now()).toISOString() };
    o.logger.addSecret(pending.nonce);
    // Saved before the request exists: a crash from here on leaves a record to resume from.
    await store.save(pending);
  } else {
    pending = parsePendingRotation(pending);
    o.logger.addSecret(pending.oldKey);
    o.logger.addSecret(pending.nonce);
    if (pending.baseUrl !== o.baseUrl) {
      throw new SportsOddsError(`the rotation store holds a pending rotation for ${pending.baseUrl}, not ${o.baseUrl}`);
    }
    o.logger.info(`resuming the key rotation of ${pending.startedAt}`);
  }

  const { oldKey, nonce } = pending;
  // The exact old key, whatever the client's key is now.
  const replayCtx: ClientContext = { ...ctx, key: { source: oldKey } };
  const input = { headers: { 'idempotency-key': nonce } };
  let answer: RawAnswer;
  let rotation: KeyRotationSuccess;
  try {
    answer = await replayRoute(replayCtx, 'keys.rotate', input, options, Date.parse(pending.startedAt) + windowMs);
    rotation = await parse(answer);
  } catch (error) {
    if (isAmbiguous(error)) throw new RotationPendingError(pending.startedAt, error);
    // A definitive refusal: the nonce is spent or was never valid for this key.
    if (error instanceof APIError) await store.clear();
    throw error;
  }

  const newKey = rotation.api_key;
  o.logger.addSecret(newKey);
  const clientUpdated = swap(ctx.key, oldKey, newKey);
  // The hook runs before the record is cleared: if it fails (e.g. persisting the key), rotate() replays the same answer.
  await deps.onKeyRotated?.(rotation, { resumed, clientUpdated });
  await store.clear();
  return answer;
}
