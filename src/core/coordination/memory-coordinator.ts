import { CreditLedger } from './budget';
import type {
  Admission,
  AdmitRequest,
  Coordinator,
  CreditSnapshot,
  CreditSource,
  KeyCoordination,
  RateCoordination,
  RotationAnswer,
  RotationLock,
  Now,
  Sleep,
} from '../types';
import { MemoryRotationStore } from './memory-rotation-store';
import { checkBudget, checkFunction, checkOptions } from '../options';
import { Pacer } from './pacer';
import { abortable, realSleep, throwIfAborted } from '../runtime';

/** Published rotations kept by a memory coordinator (the oldest are forgotten past this). */
const MAX_ROTATIONS = 64;

/** Options of `memoryCoordinator()`. */
export interface MemoryCoordinatorOptions {
  /** The clock of the pacer's slots, in ms since the epoch. Default `Date.now` (a test gives its mock's clock, as to the client). */
  now?: Now | undefined;
  /** The pacer's waits (see the client's `sleep` option). Default: a timer. */
  sleep?: Sleep | undefined;
}

interface MemoryAdmission extends Admission {
  release: (() => void) | undefined;
  settled: boolean;
}

/** The rotation's lock and the published rotations, in this process. */
class MemoryKeys implements KeyCoordination {
  generation = 0;
  readonly store = new MemoryRotationStore();
  readonly #rotations = new Map<string, RotationAnswer>();
  #tail: Promise<void> = Promise.resolve();
  #holders = 0;

  async lock(signal?: AbortSignal): Promise<RotationLock> {
    throwIfAborted(signal);
    const waited = this.#holders > 0;
    this.#holders += 1;
    const previous = this.#tail;
    let open = () => {};
    this.#tail = new Promise<void>((resolve) => (open = resolve));
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      this.#holders -= 1;
      open();
    };
    try {
      await abortable(previous, signal);
    } catch (error) {
      // This turn is given up: whoever queued behind it goes once the holder before it is done.
      void previous.then(release);
      throw error;
    }
    return { waited, release };
  }

  async publish(oldKey: string, answer: RotationAnswer): Promise<void> {
    this.#rotations.delete(oldKey);
    this.#rotations.set(oldKey, answer);
    if (this.#rotations.size > MAX_ROTATIONS) this.#rotations.delete(this.#rotations.keys().next().value as string);
    this.generation += 1;
  }

  async rotationOf(oldKey: string): Promise<RotationAnswer | undefined> {
    return this.#rotations.get(oldKey);
  }
}

/**
 * The account's state in this process (pacer, ledger, plan rate, rotation lock), shared by every client given it.
 *
 * @example
 * const coordinator = new MemoryCoordinator();
 * const reader = new SportsOdds({ coordinator, rateLimit: { requestsPerSecond: 20 } });
 * const writer = new SportsOdds({ coordinator, rateLimit: { requestsPerSecond: 20 } }); // 20 per second together
 */
export class MemoryCoordinator implements Coordinator {
  readonly name = 'memory';
  readonly keys = new MemoryKeys();
  readonly rate: RateCoordination;
  readonly #ledger = new CreditLedger();
  readonly #pacer: Pacer;

  constructor(options: MemoryCoordinatorOptions = {}) {
    const pacer = new Pacer(1, options.now ?? Date.now, options.sleep ?? realSleep);
    this.#pacer = pacer;
    const rate = {
      known: undefined as number | undefined,
      get: async () => rate.known,
      share: async (rps: number) => {
        rate.known = rps;
        // A call waiting for a slot under the rate it knew looks again under this one.
        pacer.wake();
      },
    };
    this.rate = rate;
  }

  async admit(request: AdmitRequest): Promise<Admission> {
    const { envelope, rate } = request;
    // Checked as every coordinator does: a budget that means no limit by accident is refused.
    const budget = checkBudget(request.budget);
    if (envelope !== undefined) this.#ledger.admit(envelope, request.serviceNow, budget);
    const admission: MemoryAdmission = { envelope, release: undefined, settled: false };
    if (rate === undefined) return admission;
    try {
      admission.release = await this.#pacer.acquire(request.signal, rate);
    } catch (error) {
      if (envelope !== undefined) this.#ledger.release(envelope);
      throw error;
    }
    return admission;
  }

  async settle(admission: Admission, answer: CreditSource | undefined, receivedAt: number): Promise<boolean> {
    const a = admission as MemoryAdmission;
    if (a.settled) return false;
    a.settled = true;
    a.release?.();
    const metered = answer !== undefined && this.#ledger.record(answer, receivedAt);
    if (a.envelope !== undefined) this.#ledger.release(a.envelope);
    return metered;
  }

  credits(): CreditSnapshot {
    return this.#ledger.snapshot();
  }

  recordSaved(credits: number): void {
    this.#ledger.recordSaved(credits);
  }

  async readCredits(): Promise<CreditSnapshot> {
    return this.#ledger.snapshot();
  }
}

/**
 * A coordinator in this process's memory, to share between clients so their limits hold together.
 *
 * @example
 * import { SportsOdds, memoryCoordinator } from 'sports-odds-data';
 *
 * const coordinator = memoryCoordinator();
 * const live = new SportsOdds({ coordinator, rateLimit: { requestsPerSecond: 20 }, budget: { maxCredits: 1_000 } });
 * const backfill = new SportsOdds({ coordinator, rateLimit: { requestsPerSecond: 20 }, budget: { maxCredits: 1_000 } });
 */
export function memoryCoordinator(options: MemoryCoordinatorOptions = {}): Coordinator {
  const o = checkOptions<MemoryCoordinatorOptions>('memoryCoordinator()', options, ['now', 'sleep']);
  if (o.now !== undefined) checkFunction('memoryCoordinator().now', o.now);
  if (o.sleep !== undefined) checkFunction('memoryCoordinator().sleep', o.sleep);
  return new MemoryCoordinator(o);
}
