import { describe, expect, it } from 'vitest';
import { CREDENTIAL_REPLAY_WINDOW_MS } from '../../../src/schemas';
import { answerOnce, type ReplaySlot } from '../../../mocks/service/state/replay';
import { webRandom } from '../../../mocks/service/state/random';
import { newGate, turn } from '../../helpers/gate';

/**
 * `answerOnce` is the single use of a claim or recovery credential (docs/service.md, "Credential delivery"): one answer,
 * replayed to the exact same credential for 10 minutes (docs/service.md, "Constants"), `409 token_used` otherwise.
 */

const T0 = Date.parse('2026-11-21T15:00:00Z');
const TOKEN = `clm_${'a'.repeat(43)}`;
const PURPOSE = 'test-claim';
const used = { status: 409, code: 'token_used', message: 'this link was already used: request a new one' };

/** A producer that counts its calls and answers `{ n }`, the call's number. */
function counter() {
  let calls = 0;
  return {
    produce: async () => ({ n: ++calls }),
    get calls() {
      return calls;
    },
  };
}

describe('answerOnce: one answer per single-use credential', () => {
  it('replays the first answer to the exact same credential until the window ends, then 409 token_used', async () => {
    const slot: ReplaySlot = { usedAt: null };
    const producer = counter();
    expect(await answerOnce(slot, TOKEN, PURPOSE, webRandom, T0, producer.produce)).toEqual({ n: 1 });
    expect(slot.usedAt).toBe(T0);
    expect(await answerOnce(slot, TOKEN, PURPOSE, webRandom, T0 + CREDENTIAL_REPLAY_WINDOW_MS - 1, producer.produce)).toEqual({ n: 1 });
    await expect(answerOnce(slot, TOKEN, PURPOSE, webRandom, T0 + CREDENTIAL_REPLAY_WINDOW_MS, producer.produce)).rejects.toMatchObject(
      used,
    );
    expect(producer.calls).toBe(1);
  });

  it('never opens the answer for another credential, nor for the same one under another purpose', async () => {
    const slot: ReplaySlot = { usedAt: null };
    const producer = counter();
    await answerOnce(slot, TOKEN, PURPOSE, webRandom, T0, producer.produce);
    await expect(answerOnce(slot, `clm_${'b'.repeat(43)}`, PURPOSE, webRandom, T0, producer.produce)).rejects.toMatchObject(used);
    await expect(answerOnce(slot, TOKEN, 'another-purpose', webRandom, T0, producer.produce)).rejects.toMatchObject(used);
    expect(producer.calls).toBe(1);
  });

  it('makes a submission that arrives while the answer is produced wait for it, and produces once', async () => {
    const slot: ReplaySlot = { usedAt: null };
    const gate = newGate();
    let calls = 0;
    const produce = async () => {
      calls += 1;
      await gate.opened;
      return { key: 'one' };
    };
    const first = answerOnce(slot, TOKEN, PURPOSE, webRandom, T0, produce);
    const second = answerOnce(slot, TOKEN, PURPOSE, webRandom, T0, produce);
    let settled = false;
    void second.then(() => (settled = true));
    await turn();
    expect(settled).toBe(false);
    gate.open();
    expect(await Promise.all([first, second])).toEqual([{ key: 'one' }, { key: 'one' }]);
    expect(calls).toBe(1);
  });

  it('leaves the credential unused when its answer could not be produced: the next submission produces it', async () => {
    const slot: ReplaySlot = { usedAt: null };
    const failure = new Error('the key could not be made');
    await expect(answerOnce(slot, TOKEN, PURPOSE, webRandom, T0, async () => Promise.reject(failure))).rejects.toBe(failure);
    expect(slot.usedAt).toBeNull();
    expect(await answerOnce(slot, TOKEN, PURPOSE, webRandom, T0 + 1, async () => ({ key: 'made' }))).toEqual({ key: 'made' });
  });

  it('lets a submission that waited on a failing use make its own attempt, rather than call the credential used', async () => {
    const slot: ReplaySlot = { usedAt: null };
    const gate = newGate();
    const failure = new Error('the key could not be made');
    const first = answerOnce(slot, TOKEN, PURPOSE, webRandom, T0, async () => {
      await gate.opened;
      throw failure;
    });
    const second = answerOnce(slot, TOKEN, PURPOSE, webRandom, T0, async () => ({ key: 'made' }));
    gate.open();
    await expect(first).rejects.toBe(failure);
    expect(await second).toEqual({ key: 'made' });
    // That attempt used the credential: its answer replays.
    expect(await answerOnce(slot, TOKEN, PURPOSE, webRandom, T0 + 1, async () => ({ key: 'other' }))).toEqual({ key: 'made' });
  });

  it('refuses a credential marked used with no answer to replay: 409 token_used, nothing produced', async () => {
    const producer = counter();
    await expect(answerOnce({ usedAt: T0 }, TOKEN, PURPOSE, webRandom, T0 + 1, producer.produce)).rejects.toMatchObject(used);
    expect(producer.calls).toBe(0);
  });
});
