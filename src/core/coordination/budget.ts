import { BudgetExceededError } from '../errors';
import type { BudgetOptions, CreditSnapshot, CreditSource, WindowState } from '../types';

const copyWindow = (w: WindowState): WindowState => ({ ...w });

/** Answers whose windows wait to be read; past this many they are folded in (bounded memory). */
const MAX_PENDING = 32;

/**
 * Credits spent and the last known windows; the guard reserves a call's envelope before sending and refuses what
 * could not fit. Floors are judged on the service's clock: past a window's reset, its last report is stale.
 *
 * @example
 * const ledger = new CreditLedger({ maxCredits: 100 });
 * ledger.admit(25, Date.now); // throws BudgetExceededError when it cannot fit
 * ledger.record(answerHead, Date.now());
 * ledger.release(25);
 */
export class CreditLedger {
  #spent = 0;
  #calls = 0;
  #reserved = 0;
  #saved = 0;
  #period: WindowState = {};
  #daily: WindowState = {};
  #updatedAt: number | undefined;
  // Metered answers whose window headers are not read yet, oldest first (see #fold).
  #pending: CreditSource[] = [];

  constructor(private readonly budget: BudgetOptions = {}) {}

  snapshot(): CreditSnapshot {
    this.#fold();
    const snap: CreditSnapshot = {
      spent: this.#spent,
      meteredCalls: this.#calls,
      reserved: this.#reserved,
      saved: this.#saved,
      period: copyWindow(this.#period),
      daily: copyWindow(this.#daily),
    };
    if (this.#updatedAt !== undefined) snap.updatedAt = new Date(this.#updatedAt);
    return snap;
  }

  /** Records a metered answer (received at `now`, client clock); false without credit headers. Windows are read lazily. */
  record(answer: CreditSource, now: number): boolean {
    const cost = answer.cost;
    if (cost === undefined) return false;
    this.#spent += cost;
    this.#calls += 1;
    this.#updatedAt = now;
    if (this.#pending.push(answer) >= MAX_PENDING) this.#fold();
    return true;
  }

  /** Applies the pending answers' windows, newest first per field, so a service sending every header has only its last answer parsed. */
  #fold(): void {
    const pending = this.#pending;
    if (pending.length === 0) return;
    this.#pending = [];
    const period: WindowState = {};
    const daily: WindowState = {};
    for (let i = pending.length - 1; i >= 0 && !(complete(period) && complete(daily)); i--) {
      const c = (pending[i] as CreditSource).credits;
      fill(period, c.periodLimit, c.periodRemaining, c.periodReset);
      fill(daily, c.dailyLimit, c.dailyRemaining, c.dailyReset);
    }
    this.#period = { ...this.#period, ...period };
    this.#daily = { ...this.#daily, ...daily };
  }

  /**
   * Reserves `envelope` credits for a call about to be sent, or throws `BudgetExceededError`; `now` is the service's
   * time (floors' windows reset on its clock). `release(envelope)` ends the reservation.
   */
  admit(envelope: number, now: () => number, budget: BudgetOptions = this.budget): void {
    const { maxCredits, dailyFloor, periodFloor } = budget;
    if (maxCredits !== undefined) {
      const available = maxCredits - this.#spent - this.#reserved;
      if (envelope > available) throw new BudgetExceededError('maxCredits', envelope, available);
    }
    this.#checkFloor('dailyFloor', dailyFloor, envelope, now);
    this.#checkFloor('periodFloor', periodFloor, envelope, now);
    this.#reserved += envelope;
  }

  /** Counts credits that a reused answer did not pay. */
  recordSaved(credits: number): void {
    this.#saved += credits;
  }

  release(envelope: number): void {
    this.#reserved -= envelope;
  }

  #checkFloor(limit: 'dailyFloor' | 'periodFloor', floor: number | undefined, envelope: number, now: () => number): void {
    if (floor === undefined) return;
    this.#fold();
    const w = limit === 'dailyFloor' ? this.#daily : this.#period;
    if (w.remaining === undefined) return;
    // Past the reset the last report is stale: the window has been refilled.
    if (w.reset !== undefined && now() >= w.reset.getTime()) return;
    const available = w.remaining - this.#reserved - floor;
    if (envelope > available) throw new BudgetExceededError(limit, envelope, available);
  }
}

function fill(w: WindowState, limit: number | undefined, remaining: number | undefined, reset: Date | undefined): void {
  if (w.limit === undefined && limit !== undefined) w.limit = limit;
  if (w.remaining === undefined && remaining !== undefined) w.remaining = remaining;
  if (w.reset === undefined && reset !== undefined) w.reset = reset;
}

const complete = (w: WindowState): boolean => w.limit !== undefined && w.remaining !== undefined && w.reset !== undefined;
