import type { Now, ServiceTime } from '../types';

// IMF-fixdate, the form of the HTTP `Date` header: `Sat, 21 Nov 2026 15:00:00 GMT`.
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * The service's clock, learned from each answer's `Date` header (an offset on the client's clock), so that `since`, cursor age,
 * floor resets and `resetAt` survive a skewed client clock. The client's clock stands in until a `Date` is read; whole seconds
 * make it up to a second behind: a bias toward reaching further back and judging later.
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

  observe(headers: { get(name: string): string | null }, receivedAt: number): void {
    this.#pending = headers;
    this.#pendingAt = receivedAt;
  }

  get known(): boolean {
    return this.#current() !== undefined;
  }

  /** The service's time now (the client's clock until an answer tells); bound, so it can be passed on. */
  readonly now = (): number => this.toService(this.local());

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
