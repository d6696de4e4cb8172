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
}
