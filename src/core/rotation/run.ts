import type { KeyRotationSuccess } from '../../schemas/keys';
import type { RotationKit } from './kit';
import { checkPendingRotation, newRotationNonce } from './record';
import type { ClientContext, KeyHolder, RawAnswer, RotateOptions, RotationAnswer } from '../types';

/** Longest chain of rotations followed from one key (each hop is a rotation published after the last). */
const MAX_HOPS = 16;

/**
 * `odds.keys.rotate()` under the rotation lock: adopt a published rotation of the client's key (the answer itself if this
 * call waited for it), else rotate or resume the store's pending rotation.
 *
 * @example
 * const answer = await rotateUnderLock(kit, {});
 */
export async function rotateUnderLock(kit: RotationKit, options: RotateOptions): Promise<RawAnswer> {
  const { ctx } = kit.deps;
  const lock = await ctx.coordinator.keys.lock(options.signal);
  try {
    const source = ctx.key.source;
    const current = typeof source === 'string' ? source : await kit.tools.resolveKey(source, ctx.options.logger);
    const published = await adopt(kit, current);
    if (published !== undefined && lock.waited) return published;
    return await runRotation(kit, options);
  } finally {
    await lock.release();
  }
}

/**
 * Switches the client to the published replacement of `key` (and later ones): true when it now calls with another key.
 *
 * @example
 * if (await adoptPublished(kit, key)) retry();
 */
export async function adoptPublished(kit: RotationKit, key: string): Promise<boolean> {
  return (await adopt(kit, key)) !== undefined;
}

/**
 * After a `401` of `staleKey`: adopt its published replacement, else under the lock look again, else finish a pending rotation
 * of exactly this key left by a dead process (same nonce). True when the client now has another key.
 *
 * @example
 * if (await recoverStaleKey(kit, apiKey, signal)) sendAgain();
 */
export async function recoverStaleKey(kit: RotationKit, staleKey: string, signal: AbortSignal | undefined): Promise<boolean> {
  if (await adoptPublished(kit, staleKey)) return true;
  const { ctx, store } = kit.deps;
  const lock = await ctx.coordinator.keys.lock(signal);
  try {
    if (await adoptPublished(kit, staleKey)) return true;
    const stored = await store.load();
    if (stored === undefined) return false;
    const pending = checkPendingRotation(stored, kit.tools);
    if (pending.oldKey !== staleKey || pending.baseUrl !== ctx.options.baseUrl) return false;
    ctx.options.logger.info(`the key was refused while a rotation of it is pending: resuming the rotation of ${pending.startedAt}`);
    try {
      await runRotation(kit, { signal });
    } catch (error) {
      // The call's own refusal stands; rotate() reports the rotation's failure to whoever asks for it.
      ctx.options.logger.warn(`could not finish the pending key rotation of ${pending.startedAt}: ${String(error)}`);
      return false;
    }
    return true;
  } finally {
    await lock.release();
  }
}

/** Adopts the published rotation of `key`, followed to the newest key; resolves to the first rotation's answer, or undefined. */
async function adopt(kit: RotationKit, key: string): Promise<RawAnswer | undefined> {
  const { ctx, onKeyRotated } = kit.deps;
  const o = ctx.options;
  const keys = ctx.coordinator.keys;
  const first = await keys.rotationOf(key);
  if (first === undefined) return undefined;
  const answer = answerOf(kit, first, o.now());
  let rotation = await kit.parse(answer);
  o.logger.addSecret(rotation.api_key);
  for (
    let hops = 1, next = await keys.rotationOf(rotation.api_key);
    next !== undefined && hops < MAX_HOPS;
    hops++, next = await keys.rotationOf(rotation.api_key)
  ) {
    rotation = await kit.parse(answerOf(kit, next, o.now()));
    o.logger.addSecret(rotation.api_key);
  }
  const clientUpdated = swap(kit, ctx.key, key, rotation.api_key);
  ctx.key.generation = keys.generation;
  if (clientUpdated) o.logger.info('switched to the key of a rotation made by another client of the coordinator');
  // Concurrent calls that met the revoked key each adopt the rotation; it is told of once.
  if (ctx.key.announced === rotation.api_key) return answer;
  ctx.key.announced = rotation.api_key;
  try {
    await onKeyRotated?.(rotation, { resumed: false, clientUpdated, adopted: true });
  } catch (error) {
    // The key is switched already; the hook's failure is the user's to see, not the call's.
    o.logger.warn(`onKeyRotated failed for a rotation adopted from another client: ${String(error)}`);
  }
  return answer;
}

/**
 * One key rotation, under the lock: save (or resume) the record before sending, replay it unchanged through ambiguous failures
 * within its window, then swap the key in, publish it, call `onKeyRotated`, and clear the record.
 */
async function runRotation(kit: RotationKit, options: RotateOptions): Promise<RawAnswer> {
  const { deps, parse, tools } = kit;
  const { resolveKey, SportsOddsError, replayRoute, isAmbiguous, RotationPendingError, APIError, windowMs } = tools;
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
    pending = checkPendingRotation(pending, tools);
    o.logger.addSecret(pending.oldKey);
    o.logger.addSecret(pending.nonce);
    if (pending.baseUrl !== o.baseUrl) {
      throw new SportsOddsError(`the rotation store holds a pending rotation for ${pending.baseUrl}, not ${o.baseUrl}`);
    }
    o.logger.info(`resuming the key rotation of ${pending.startedAt}`);
  }

  const { oldKey, nonce } = pending;
  // The exact old key, whatever the client's key is now; a refusal of it is final (no recovery).
  const replayCtx: ClientContext = { ...ctx, key: { source: oldKey, generation: ctx.key.generation }, recoverKey: undefined };
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
  const clientUpdated = swap(kit, ctx.key, oldKey, newKey);
  // Published before the record is cleared: every client still on the old key can switch to the new one.
  await ctx.coordinator.keys.publish(oldKey, publishedOf(answer));
  ctx.key.generation = ctx.coordinator.keys.generation;
  // The hook runs before the record is cleared: if it fails (e.g. persisting the key), rotate() replays the same answer.
  ctx.key.announced = newKey;
  await deps.onKeyRotated?.(rotation, { resumed, clientUpdated, adopted: false });
  await store.clear();
  return answer;
}

/** A rotation's answer as published to the coordinator. */
const publishedOf = (answer: RawAnswer): RotationAnswer => ({
  status: answer.response.status,
  headers: [...answer.response.headers],
  text: answer.text,
});

/** A published rotation as an answer of this client (received at `now`). */
function answerOf(kit: RotationKit, published: RotationAnswer, now: number): RawAnswer {
  const { Answer, AnswerHead } = kit.tools;
  const headers = new Headers(published.headers);
  return new Answer(
    new Response(published.text, { status: published.status, headers }),
    published.text,
    new AnswerHead(headers, published.status, 1, now),
    now,
  );
}

/** Makes the client (and its derived clients) call with `newKey` where it called with `oldKey`; false when it called with another key. */
function swap(kit: RotationKit, key: KeyHolder, oldKey: string, newKey: string): boolean {
  if (typeof key.source === 'string') {
    if (key.source === newKey) return true;
    if (key.source !== oldKey) return false;
    key.source = newKey;
    return true;
  }
  kit.replaced.set(oldKey, newKey);
  if (!kit.wrapped) {
    kit.wrapped = true;
    const source = key.source;
    const replaced = kit.replaced;
    key.source = async () => {
      let key = await source();
      // A revoked key never works again, so its replacement is always the right key to send.
      for (let hops = 0; replaced.has(key) && hops < 1000; hops++) key = replaced.get(key) as string;
      return key;
    };
  }
  return true;
}
