import { BudgetExceededError } from './errors/local';
import type { BudgetOptions, CreditSnapshot, Ledger, ResponseMeta, WindowState } from './types';

const copyWindow = (w: WindowState): WindowState => ({ ...w });

/**
 * Credits spent by this client and the last known remaining credits of both windows; the budget
 * guard reserves a call's envelope before it is sent and refuses what could not fit. Floors are
 * judged on the service's clock: past a window's reported reset, its last report is stale.
 *
 * @example
 * const ledger = new CreditLedger({ maxCredits: 100 });
 * const release = ledger.admit(25, Date.now); // throws BudgetExceededError when it cannot fit
 * ledger.record(meta, Date.now());
 * release();
 */
export class CreditLedger implements Ledger {
  #spent = 0;
  #calls = 0;
  #reserved = 0;
  #period: WindowState = {};
  #daily: WindowState = {};
  #updatedAt: number | undefined;

  constructor(private readonly budget: BudgetOptions = {}) {}

  /** A copy of the ledger. */
  snapshot(): CreditSnapshot {
    const snap: CreditSnapshot = {
      spent: this.#spent,
      meteredCalls: this.#calls,
      reserved: this.#reserved,
      period: copyWindow(this.#period),
      daily: copyWindow(this.#daily),
    };
    if (this.#updatedAt !== undefined) snap.updatedAt = new Date(this.#updatedAt);
    return snap;
  }

  /** Records a metered answer (received at `now`, the client's clock); false when it carried no credit headers. */
  record(meta: ResponseMeta, now: number): boolean {
    const c = meta.credits;
    if (c.cost === undefined) return false;
    this.#spent += c.cost;
    this.#calls += 1;
    this.#updatedAt = now;
    this.#period = merge(this.#period, c.periodLimit, c.periodRemaining, c.periodReset);
    this.#daily = merge(this.#daily, c.dailyLimit, c.dailyRemaining, c.dailyReset);
    return true;
  }

  /**
   * Reserves `envelope` credits for a call about to be sent, or throws `BudgetExceededError`.
   * `now` reads the service's time (the floors' windows reset on its clock), only where a floor is
   * set. Returns the release, to call when the attempt is over.
   */
  admit(envelope: number, now: () => number): () => void {
    const { maxCredits, dailyFloor, periodFloor } = this.budget;
    if (maxCredits !== undefined) {
      const available = maxCredits - this.#spent - this.#reserved;
      if (envelope > available) throw new BudgetExceededError('maxCredits', envelope, available);
    }
    this.#checkFloor('dailyFloor', dailyFloor, this.#daily, envelope, now);
    this.#checkFloor('periodFloor', periodFloor, this.#period, envelope, now);
    this.#reserved += envelope;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#reserved -= envelope;
    };
  }

  #checkFloor(limit: 'dailyFloor' | 'periodFloor', floor: number | undefined, w: WindowState, envelope: number, now: () => number): void {
    if (floor === undefined || w.remaining === undefined) return;
    // Past the reset the last report is stale: the window has been refilled.
    if (w.reset !== undefined && now() >= w.reset.getTime()) return;
    const available = w.remaining - this.#reserved - floor;
    if (envelope > available) throw new BudgetExceededError(limit, envelope, available);
  }
}

function merge(w: WindowState, limit: number | undefined, remaining: number | undefined, reset: Date | undefined): WindowState {
  const next: WindowState = { ...w };
  if (limit !== undefined) next.limit = limit;
  if (remaining !== undefined) next.remaining = remaining;
  if (reset !== undefined) next.reset = reset;
  return next;
}
