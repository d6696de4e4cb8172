import { BoundedLog, type Bounds } from './bounded';

/**
 * One request the service answered, as the control plane and the console show it: the operation and
 * the outcome, never query values, bodies, headers, keys or addresses.
 */
export interface ActivityEntry {
  request_id: string;
  /** When the answer left, RFC 3339 on the mock's clock. */
  at: string;
  method: string;
  /** Route id of the route table (`events.odds`), or null for a path no operation serves. */
  route: string | null;
  /** Path template (`/v1/events/{event_id}/odds`), or null. */
  endpoint: string | null;
  status: number;
  /** The envelope's code on a failure. */
  error_code: string | null;
  /** Credits charged (`X-Credits-Cost`), 0 when free. */
  cost: number;
  /** Whether the answer carried the metering headers. */
  metered: boolean;
  latency_ms: number;
  /** The caller's account, on an authenticated request. */
  account: string | null;
}

/** The activity log: the 1,000 most recent answers within an hour of mock time. */
const ACTIVITY_BOUNDS: Bounds = { maxAgeMs: 3_600_000, maxCount: 1_000 };

/** An entry as kept: its time as a number, written out only when the log is read. */
type Kept = Omit<ActivityEntry, 'at'> & { atMs: number };

/** The most recent answers of the service, oldest first, within `ACTIVITY_BOUNDS`. */
export class ActivityLog {
  readonly #entries = new BoundedLog<Kept>(ACTIVITY_BOUNDS, (e) => e.atMs);

  /** Records an answer given at `atMs` (mock time). */
  record(entry: Kept): void {
    this.#entries.push(entry, entry.atMs);
  }

  /** The entries within the bounds at `now`, oldest first. */
  list(now: number): ActivityEntry[] {
    this.#entries.trim(now);
    return this.#entries.toArray().map(({ request_id, atMs, ...rest }) => ({ request_id, at: new Date(atMs).toISOString(), ...rest }));
  }
}
