import type { Now, ServiceTime } from './types';

// IMF-fixdate, the form of the HTTP `Date` header: `Sat, 21 Nov 2026 15:00:00 GMT`.
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * The service's clock, as the client learns it from the `Date` header of every answer: the offset
 * between the service's time and the client's own clock, applied to the client's clock. The
 * service's time is what `poll()`'s moving `since`, a live cursor's age, the budget floors' reset
 * and `QuotaExceededError.resetAt` are measured on, so a skewed client clock (or a mock pinned to
 * another day) cannot break them. Until an answer carries a `Date` (or where a browser cannot read
 * it), the client's clock stands in. The header has whole seconds, so service time runs up to a
 * second behind the service's own: a bias toward reaching further back and judging later.
 *
 * @example
 * const clock = new ServiceClock(Date.now);
 * clock.observe(response.headers, Date.now());
 * clock.now(); // the service's time now
 */
export class ServiceClock implements ServiceTime {
  #offset: number | undefined;
  // The header is read only when the service's time is asked for: most answers never need it.
  #pending: { get(name: string): string | null } | undefined;
  #pendingAt = 0;

  constructor(private readonly local: Now) {}

  /** Learns from an answer's `Date` header, received at `receivedAt` on the client's clock. */
  observe(headers: { get(name: string): string | null }, receivedAt: number): void {
    this.#pending = headers;
    this.#pendingAt = receivedAt;
  }

  /** Whether an answer has told the service's time yet. */
  get known(): boolean {
    return this.#current() !== undefined;
  }

  /** The service's time now (the client's clock until an answer tells); bound, so it can be passed on. */
  readonly now = (): number => this.toService(this.local());

  /** An instant of the client's clock, on the service's clock. */
  toService(localMs: number): number {
    return localMs + (this.#current() ?? 0);
  }

  #current(): number | undefined {
    const pending = this.#pending;
    if (pending !== undefined) {
      this.#pending = undefined;
      // A missing header reads as 'null', which is no date.
      const text = String(pending.get('date')).trim();
      const at = HTTP_DATE.test(text) ? Date.parse(text) : Number.NaN;
      if (!Number.isNaN(at)) this.#offset = at - this.#pendingAt;
    }
    return this.#offset;
  }
}
