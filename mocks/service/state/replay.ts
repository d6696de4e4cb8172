import { CREDENTIAL_REPLAY_WINDOW_MS } from '../../../src/schemas';
import { ServiceRefusal } from '../service-refusal';
import type { RandomSource } from './random';
import { seal, unseal, type Sealed } from './sealed';

/** The single use of a credential and its replayable answer. */
export interface ReplaySlot {
  /** When the credential was used; null while unused (a use that failed leaves it unused). */
  usedAt: number | null;
  /** The sealed answer of the use and the end of its replay window, set together once it succeeded. */
  replay?: { answer: Sealed; until: number };
  /** Settles when the use in progress ends, answered or failed. */
  pending?: Promise<void>;
}

const used = () => new ServiceRefusal(409, 'token_used', 'this link was already used: request a new one');

/**
 * Answers a single-use credential once; resubmitting the exact same credential within the retry
 * window answers the same again (docs/service.md, "Credential delivery"), anything later is `409 token_used`. The use is marked
 * synchronously, so concurrent submissions cannot both produce an answer.
 */
export async function answerOnce<T>(
  slot: ReplaySlot,
  credential: string,
  purpose: string,
  random: RandomSource,
  now: number,
  produce: () => Promise<T>,
): Promise<T> {
  // A use in progress: wait for its outcome. One that failed left the credential unused, and this
  // submission makes its own attempt rather than be told the credential was used.
  while (slot.usedAt !== null && slot.replay === undefined) {
    // Marked used by other means, with no use in progress and no answer to replay.
    if (!slot.pending) throw used();
    await slot.pending;
  }
  if (slot.replay !== undefined) {
    if (now >= slot.replay.until) throw used();
    const again = await unseal<T>(slot.replay.answer, credential, purpose);
    if (again === undefined) throw used();
    return again;
  }
  slot.usedAt = now;
  let done!: () => void;
  slot.pending = new Promise<void>((resolve) => (done = resolve));
  try {
    const answer = await produce();
    slot.replay = { answer: await seal(answer, credential, purpose, random), until: now + CREDENTIAL_REPLAY_WINDOW_MS };
    return answer;
  } catch (error) {
    slot.usedAt = null;
    throw error;
  } finally {
    done();
  }
}
