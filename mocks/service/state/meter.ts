import type { QuotaWindow } from '../../../src/schemas';
import { BoundedLog, type Bounds, type SharedCap } from './bounded';

/**
 * Credit metering in two windows, plan period and UTC day (docs/service.md, "Metering: credits, windows and headers"):
 * the envelope is reserved in both in one synchronous step, so concurrent requests never overspend.
 */

const DAY_MS = 86_400_000;

/** One window's figures. `remaining` is spendable after completed and active requests. */
export interface WindowState {
  startsAt: number;
  resetsAt: number;
  limit: number;
  /** Credits charged by completed requests. */
  used: number;
  /** Credits reserved by requests still running. */
  inFlight: number;
}

/** A held reservation; settle it exactly once. */
export interface Reservation {
  readonly envelope: number;
  settled: boolean;
}

/** Which windows could not hold an envelope, with their resets. */
export interface Exhausted {
  windows: ('period' | 'daily')[];
  /** The later reset of the exhausted windows, in ms. */
  resetAt: number;
}

/** A meter as a state document holds it. */
export interface MeterState {
  period: Omit<WindowState, 'inFlight'>;
  daily: Omit<WindowState, 'inFlight'>;
  charges: Charge[];
  charged: number;
  creditsByDay: { day: number; credits: number }[];
}

/** One charge, for the ledger. */
export interface Charge {
  requestId: string;
  routeId: string;
  keyId: string;
  cost: number;
  at: number;
}

/** Releases a settled envelope from a window and counts its cost. */
function settleIn(w: WindowState, envelope: number, cost: number): void {
  w.inFlight = Math.max(0, w.inFlight - envelope);
  w.used += cost;
}

const remaining = (w: WindowState) => Math.max(0, w.limit - w.used - w.inFlight);

/** Start of the UTC day of `ms`. */
export const utcDayStart = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** The detailed charges kept per account: 90 days (the longest usage window) and 10,000 charges. */
export const CHARGE_BOUNDS: Bounds = { maxAgeMs: 90 * DAY_MS, maxCount: 10_000 };
/** Credits per UTC day are kept for the 90 days a usage report reaches back. */
const USAGE_DAYS = 90;

/** The reset of each window as written in headers (a window rolls to a new object, so each is written once). */
const resetTexts = new WeakMap<WindowState, string>();

/** The two windows of an account, rolled forward by the clock. */
export class Meter {
  period: WindowState;
  daily: WindowState;
  /** The most recent charges, oldest first (the mock's ledger), within `CHARGE_BOUNDS` and the accounts' shared cap. */
  readonly charges: BoundedLog<Charge>;
  /** Every credit ever charged: exact however many detailed charges were dropped. */
  charged = 0;
  /** Credits per UTC day (day start in ms), for the last 90 days. */
  readonly #creditsByDay = new Map<number, number>();

  constructor(
    private periodDays: number,
    periodCredits: number,
    dailyCredits: number,
    periodAnchor: number,
    shared?: SharedCap,
  ) {
    this.charges = new BoundedLog<Charge>(CHARGE_BOUNDS, (c) => c.at, shared);
    const periodMs = periodDays * DAY_MS;
    this.period = { startsAt: periodAnchor, resetsAt: periodAnchor + periodMs, limit: periodCredits, used: 0, inFlight: 0 };
    const day = utcDayStart(periodAnchor);
    this.daily = { startsAt: day, resetsAt: day + DAY_MS, limit: dailyCredits, used: 0, inFlight: 0 };
  }

  /** Applies a plan change: new limits now, the windows keep their figures. */
  setLimits(periodCredits: number, dailyCredits: number, periodDays: number): void {
    this.period.limit = periodCredits;
    this.daily.limit = dailyCredits;
    this.periodDays = periodDays;
  }

  /** Moves both windows to the ones that contain `now`; active reservations stay held. */
  roll(now: number): void {
    const periodMs = this.periodDays * DAY_MS;
    if (now >= this.period.resetsAt) {
      const skipped = Math.floor((now - this.period.startsAt) / periodMs);
      const startsAt = this.period.startsAt + skipped * periodMs;
      this.period = { ...this.period, startsAt, resetsAt: startsAt + periodMs, used: 0 };
    }
    if (now >= this.daily.resetsAt) {
      const startsAt = utcDayStart(now);
      this.daily = { ...this.daily, startsAt, resetsAt: startsAt + DAY_MS, used: 0 };
    }
  }

  /** Reserves `envelope` in both windows, or reports which cannot hold it; synchronous by design. */
  reserve(envelope: number, now: number): Reservation | Exhausted {
    this.roll(now);
    const windows: Exhausted['windows'] = [];
    if (remaining(this.period) < envelope) windows.push('period');
    if (remaining(this.daily) < envelope) windows.push('daily');
    if (windows.length > 0) {
      const resetAt = Math.max(...windows.map((w) => this[w].resetsAt));
      return { windows, resetAt };
    }
    this.period.inFlight += envelope;
    this.daily.inFlight += envelope;
    return { envelope, settled: false };
  }

  /** Keeps `charge.cost` of the reservation and releases the rest. */
  settle(reservation: Reservation, charge: Omit<Charge, 'cost'> & { cost: number }): void {
    if (reservation.settled) return;
    reservation.settled = true;
    this.roll(charge.at);
    const cost = Math.min(charge.cost, reservation.envelope);
    settleIn(this.period, reservation.envelope, cost);
    settleIn(this.daily, reservation.envelope, cost);
    // The caller's charge is kept as it is (a fresh object of each settlement) unless the envelope capped it.
    if (cost > 0) this.#record(cost === charge.cost ? charge : { ...charge, cost });
  }

  /** The meter as a state document holds it (docs/testing.md, "Snapshots and forks"): a reservation still running is not in it. */
  save(): MeterState {
    const window = (w: WindowState) => ({ startsAt: w.startsAt, resetsAt: w.resetsAt, limit: w.limit, used: w.used });
    return {
      period: window(this.period),
      daily: window(this.daily),
      charges: this.charges.toArray().map((c) => ({ ...c })),
      charged: this.charged,
      creditsByDay: [...this.#creditsByDay].map(([day, credits]) => ({ day, credits })),
    };
  }

  /** Takes the figures of a saved meter (a fresh meter's: nothing charged yet). */
  load(saved: MeterState): void {
    this.period = { ...saved.period, inFlight: 0 };
    this.daily = { ...saved.daily, inFlight: 0 };
    for (const charge of saved.charges) this.charges.push({ ...charge }, charge.at);
    this.charged = saved.charged;
    for (const { day, credits } of saved.creditsByDay) this.#creditsByDay.set(day, credits);
  }

  /** Credits charged on the UTC day that starts at `dayStart`. */
  creditsOn(dayStart: number): number {
    return this.#creditsByDay.get(dayStart) ?? 0;
  }

  #record(charge: Charge): void {
    this.charged += charge.cost;
    this.charges.push(charge, charge.at);
    const day = utcDayStart(charge.at);
    const known = this.#creditsByDay.get(day);
    this.#creditsByDay.set(day, (known ?? 0) + charge.cost);
    if (known !== undefined) return;
    const oldest = day - USAGE_DAYS * DAY_MS;
    for (const d of this.#creditsByDay.keys()) if (d < oldest) this.#creditsByDay.delete(d);
  }

  /** A window at `now` as the credit headers of an answer show it, its reset written once per window. */
  headerView(window: 'period' | 'daily', now: number): { limit: number; remaining: number; resetsAt: string } {
    this.roll(now);
    const w = this[window];
    let resetsAt = resetTexts.get(w);
    if (resetsAt === undefined) {
      resetsAt = new Date(w.resetsAt).toISOString();
      resetTexts.set(w, resetsAt);
    }
    return { limit: w.limit, remaining: remaining(w), resetsAt };
  }

  /** A window as the account record shows it (docs/service.md, "Account and key routes", QuotaWindow). */
  view(window: 'period' | 'daily', now: number): QuotaWindow {
    this.roll(now);
    const w = this[window];
    return {
      starts_at: new Date(w.startsAt).toISOString(),
      resets_at: new Date(w.resetsAt).toISOString(),
      limit: w.limit,
      used: w.used,
      in_flight: w.inFlight,
      committed: w.used + w.inFlight,
      remaining: remaining(w),
    };
  }
}

/** Narrows a reservation attempt. */
export const isExhausted = (r: Reservation | Exhausted): r is Exhausted => 'windows' in r;
