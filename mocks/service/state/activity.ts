import type { RouteDef } from '../../../src/schemas';
import { BoundedLog, type Bounds, textBytes } from './bounded';
import { DEFAULT_STORE_BOUNDS } from './store-bounds';
import type { AppliedFault } from '../faults';
import type { KeyRecord } from './keys';
import type { Override } from './overrides';

/** One answered request as the control plane shows it: never query values, bodies, headers, keys or addresses. */
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

/** What `GET /__admin/requests/{id}` adds: target and headers with secrets masked, the key's names, the fault or override. */
export interface ActivityDetail {
  target: string;
  headers: readonly { name: string; value: string }[];
  key: { id: string; name: string; prefix: string } | null;
  fault: AppliedFault | null;
  override: { id: string; kind: Override['kind'] } | null;
  dropped: boolean;
}

/** An answer as a state document holds it: its facts and its detail as the control plane shows it. */
export interface SavedActivity {
  request_id: string;
  atMs: number;
  startedAt: number;
  method: string;
  route: string | null;
  status: number;
  error_code: string | null;
  cost: number;
  metered: boolean;
  account: string | null;
  detail: ActivityDetail;
}

/** The activity log keeps an hour of mock time. */
const ACTIVITY_MAX_AGE_MS = 3_600_000;
/**
 * And 4 MiB of answers as `activityBytes` counts them: an answer with a URL of the longest the service reads
 * (8,192 characters) counts about 9 kB, a typical one under 1 kB (measured: 815 bytes of heap a catalog answer).
 */
const ACTIVITY_MAX_BYTES = 4 * 1024 * 1024;
/** What one kept answer takes besides its URL and header text: its facts object, the snapshot's arrays, the detail's closure. */
const ACTIVITY_ENTRY_OVERHEAD = 600;

/** An answer as the log keeps it: raw facts, nothing formatted or copied until the log is read. */
export interface ActivityFacts {
  request_id: string;
  /** When the answer left, in ms of mock time. */
  atMs: number;
  startedAt: number;
  method: string;
  /** The request's absolute URL, as received. */
  url: string;
  route: RouteDef | undefined;
  status: number;
  error_code: string | null;
  cost: number;
  metered: boolean;
  /** The account's e-mail when answered (it may change later). */
  account: string | null;
  key: Pick<KeyRecord, 'id' | 'name' | 'prefix'> | undefined;
  /** The answer's headers as answered (a snapshot), or undefined for a dropped connection. */
  headers: AnswerHeaderView | undefined;
  /** Writes out the detail of these facts: one shared function, not one made per request. */
  detailOf: (facts: ActivityFacts) => ActivityDetail;
}

/** What the detail reads of an answer's headers. */
export interface AnswerHeaderView {
  toPairs(): readonly string[];
  readonly cookies: readonly string[];
}

/**
 * The bytes an answer's facts hold: its URL and account as text, its headers' names and values and its
 * cookies (HTTP's Latin-1 text: a byte a character), and a fixed overhead.
 */
function activityBytes(facts: ActivityFacts): number {
  let bytes = ACTIVITY_ENTRY_OVERHEAD + textBytes(facts.url) + (facts.account === null ? 0 : textBytes(facts.account));
  if (facts.headers !== undefined) {
    for (const text of facts.headers.toPairs()) bytes += text.length;
    for (const cookie of facts.headers.cookies) bytes += cookie.length;
  }
  return bytes;
}

/**
 * The most recent answers of the service, oldest first: an hour of mock time, at most `maxCount` answers
 * and `ACTIVITY_MAX_BYTES`, the oldest going first.
 */
export class ActivityLog {
  readonly #entries: BoundedLog<ActivityFacts>;
  #recorded = 0;

  constructor(maxCount: number = DEFAULT_STORE_BOUNDS.requests) {
    this.#entries = new BoundedLog<ActivityFacts>(
      { maxAgeMs: ACTIVITY_MAX_AGE_MS, maxCount, maxBytes: ACTIVITY_MAX_BYTES },
      (e) => e.atMs,
      undefined,
      activityBytes,
    );
  }

  /** How long and how many answers it keeps, and how many bytes of them it holds now. */
  get bounds(): Bounds {
    return this.#entries.bounds;
  }

  get bytes(): number {
    return this.#entries.bytes;
  }

  record(facts: ActivityFacts): void {
    this.#recorded += 1;
    this.#entries.push(facts, facts.atMs);
  }

  list(now: number): ActivityEntry[] {
    this.#entries.trim(now);
    return this.#entries.toArray().map(entryOf);
  }

  /** One entry with its detail, while the log holds it. */
  find(requestId: string, now: number): (ActivityEntry & ActivityDetail) | undefined {
    this.#entries.trim(now);
    for (const kept of this.#entries) if (kept.request_id === requestId) return { ...entryOf(kept), ...kept.detailOf(kept) };
    return undefined;
  }

  /** The answers kept at `now` with their detail, as a state document holds them, and how many were recorded. */
  saved(now: number): { recorded: number; entries: SavedActivity[] } {
    this.#entries.trim(now);
    const entries = this.#entries.toArray().map((f) => ({
      request_id: f.request_id,
      atMs: f.atMs,
      startedAt: f.startedAt,
      method: f.method,
      route: f.route?.id ?? null,
      status: f.status,
      error_code: f.error_code,
      cost: f.cost,
      metered: f.metered,
      account: f.account,
      detail: f.detailOf(f),
    }));
    return { recorded: this.#recorded, entries };
  }

  /** Puts saved answers back into an empty log: each keeps the detail it was saved with. */
  restore(saved: { recorded: number; entries: readonly SavedActivity[] }, routeOf: (id: string) => RouteDef | undefined): void {
    for (const s of saved.entries) {
      const headers = s.detail.headers.flatMap((h) => [h.name, h.value]);
      this.#entries.push(
        {
          ...s,
          url: s.detail.target,
          route: s.route === null ? undefined : routeOf(s.route),
          key: s.detail.key ?? undefined,
          headers: s.detail.dropped ? undefined : { toPairs: () => headers, cookies: [] },
          detailOf: () => s.detail,
        },
        s.atMs,
      );
    }
    this.#recorded = saved.recorded;
  }

  /** Answers recorded since this log was made (the mock's start or its last reset), and how many it holds at `now`. */
  counts(now: number): { recorded: number; kept: number } {
    this.#entries.trim(now);
    return { recorded: this.#recorded, kept: this.#entries.length };
  }
}

const entryOf = (f: ActivityFacts): ActivityEntry => ({
  request_id: f.request_id,
  at: new Date(f.atMs).toISOString(),
  method: f.method,
  route: f.route?.id ?? null,
  endpoint: f.route?.path ?? null,
  status: f.status,
  error_code: f.error_code,
  cost: f.cost,
  metered: f.metered,
  latency_ms: Math.max(0, f.atMs - f.startedAt),
  account: f.account,
});
