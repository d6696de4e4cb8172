/**
 * What the pipeline records of each authenticated request, for request health (spec 2.10). It holds
 * the endpoint template, never query values, bodies, authorization headers or addresses.
 */
export interface HealthEntry {
  requestId: string;
  accountId: string;
  keyId: string;
  /** The route's path template, e.g. `/v1/events/{event_id}/odds`. */
  endpoint: string;
  status: number;
  /** Error code for a failure; undefined on success. */
  errorCode?: string;
  chargedCredits: number;
  metered: boolean;
  latencyMs: number;
  occurredAt: number;
}

const RETENTION_MS = 90 * 86_400_000;

/** Entries per account, oldest first, kept for 90 days. */
export class HealthLog {
  private readonly entries = new Map<string, HealthEntry[]>();

  record(entry: HealthEntry): void {
    let list = this.entries.get(entry.accountId);
    if (!list) this.entries.set(entry.accountId, (list = []));
    list.push(entry);
    const cutoff = entry.occurredAt - RETENTION_MS;
    if ((list[0]?.occurredAt ?? cutoff) < cutoff) {
      const keepFrom = list.findIndex((e) => e.occurredAt >= cutoff);
      list.splice(0, keepFrom === -1 ? list.length : keepFrom);
    }
  }

  /** Entries of an account from `since` (ms), oldest first. */
  of(accountId: string, since = 0): HealthEntry[] {
    return (this.entries.get(accountId) ?? []).filter((e) => e.occurredAt >= since);
  }
}
