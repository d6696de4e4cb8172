import { CREDENTIAL_REPLAY_WINDOW_MS } from '../../src/schemas';
import { ServiceError } from '../service-error';
import { seal, unseal, type Sealed } from './sealed';


/** The single use of a credential and its replayable answer. */
export interface ReplaySlot {
  usedAt: number | null;
  answer?: Sealed;
  replayUntil?: number;
  pending?: Promise<void>;
}

const used = () => new ServiceError(409, 'token_used', 'this link was already used: request a new one');

/**
 * Answers a single-use credential once; resubmitting the exact same credential within the retry
 * window answers the same again (spec 4.3), anything later is `409 token_used`. The use is marked
 * synchronously, so concurrent submissions cannot both produce an answer.
 */
export async function answerOnce<T>(
  slot: ReplaySlot,
  credential: string,
  purpose: string,
  now: number,
  produce: () => Promise<T>,
): Promise<T> {
  if (slot.usedAt !== null) {
    await slot.pending;
    if (!slot.answer || slot.replayUntil === undefined || now >= slot.replayUntil) throw used();
    const again = await unseal<T>(slot.answer, credential, purpose);
    if (again === undefined) throw used();
    return again;
  }
  slot.usedAt = now;
  let done!: () => void;
  slot.pending = new Promise<void>((resolve) => (done = resolve));
  try {
    const answer = await produce();
    slot.answer = await seal(answer, credential, purpose);
    slot.replayUntil = now + CREDENTIAL_REPLAY_WINDOW_MS;
    return answer;
  } catch (error) {
    slot.usedAt = null;
    throw error;
  } finally {
    done();
  }
}
