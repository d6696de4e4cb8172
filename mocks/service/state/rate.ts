/**
 * The per-second rate window of an account (docs/service.md, "Rate limit"): a one-second window shared by all of its
 * keys, counting every authenticated request.
 */
export class RateWindow {
  private second = -1;
  private count = 0;

  /** Counts a request at `now`; false when it is over `limit` for this second. */
  admit(now: number, limit: number): boolean {
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.second = second;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= limit;
  }

  /** The window as a state document holds it. */
  save(): { second: number; count: number } {
    return { second: this.second, count: this.count };
  }

  load(saved: { second: number; count: number }): void {
    this.second = saved.second;
    this.count = saved.count;
  }
}
