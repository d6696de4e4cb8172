import { DETAIL_RETENTION_DAYS } from '../../../src/schemas';
import { BoundedLog, type Bounds, SharedCap } from './bounded';
import { DEFAULT_STORE_BOUNDS } from './store-bounds';

/**
 * What the pipeline records of each authenticated request, for request health (docs/service.md, "Request health"). It holds
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
  errorCode?: string | undefined;
  chargedCredits: number;
  /** The answer carried the metering headers (docs/service.md, "Request health"). */
  metered: boolean;
  latencyMs: number;
  occurredAt: number;
}

/** Failures of one endpoint template, status and code. */
interface IssueTally {
  endpoint: string;
  status: number;
  errorCode: string;
  failures: number;
  chargedFailures: number;
  chargedCredits: number;
  lastSeenAt: number;
}

/** Everything a report needs of one UTC day, counted as requests are recorded. */
export interface DayTally {
  /** Start of the UTC day, in ms. */
  day: number;
  requests: number;
  successful: number;
  failed: number;
  chargedFailures: number;
  chargedFailureCredits: number;
  totalLatencyMs: number;
  /** By `endpoint status code`, in order of first failure. */
  issues: Map<string, IssueTally>;
}

/** A day's tally as a state document holds it: its issues as a list. */
export type SavedDay = Omit<DayTally, 'issues'> & { issues: IssueTally[] };

const DAY_MS = 86_400_000;
/** Reports and usage reach back 90 days: day tallies are kept that long. */
export const HEALTH_DAYS = 90;
/**
 * Failure details per account: the 30 days a report lists them (plus the day a window can start
 * early), and the 10,000 most recent.
 */
export const FAILURE_DETAIL_BOUNDS: Bounds = { maxAgeMs: (DETAIL_RETENTION_DAYS + 1) * DAY_MS, maxCount: 10_000 };

const dayOf = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const issueKey = (endpoint: string, status: number, code: string) => `${endpoint} ${status} ${code}`;

interface AccountHealth {
  days: Map<number, DayTally>;
  failures: BoundedLog<HealthEntry>;
}

/** Request health per account: exact day tallies for 90 days, failure details within `FAILURE_DETAIL_BOUNDS`; successes only counted. */
export class HealthLog {
  readonly #accounts = new Map<string, AccountHealth>();
  readonly #failuresInAll: SharedCap;

  /** `failuresInAll`: the failure details of every account together, the oldest of all going first past it. */
  constructor(failuresInAll: number = DEFAULT_STORE_BOUNDS.failures) {
    this.#failuresInAll = new SharedCap(failuresInAll);
  }

  /** Counts a successful request: successes are tallied, never kept one by one. */
  count(accountId: string, occurredAt: number, latencyMs: number): void {
    const tally = this.#tallyOf(this.#accountOf(accountId), dayOf(occurredAt));
    tally.requests += 1;
    tally.totalLatencyMs += latencyMs;
    tally.successful += 1;
  }

  record(entry: HealthEntry): void {
    if (entry.status < 400) {
      this.count(entry.accountId, entry.occurredAt, entry.latencyMs);
      return;
    }
    const account = this.#accountOf(entry.accountId);
    const tally = this.#tallyOf(account, dayOf(entry.occurredAt));
    tally.requests += 1;
    tally.totalLatencyMs += entry.latencyMs;
    tally.failed += 1;
    const charged = entry.chargedCredits > 0;
    if (charged) {
      tally.chargedFailures += 1;
      tally.chargedFailureCredits += entry.chargedCredits;
    }
    const code = entry.errorCode ?? 'internal_error';
    const key = issueKey(entry.endpoint, entry.status, code);
    let issue = tally.issues.get(key);
    if (!issue) {
      issue = {
        endpoint: entry.endpoint,
        status: entry.status,
        errorCode: code,
        failures: 0,
        chargedFailures: 0,
        chargedCredits: 0,
        lastSeenAt: entry.occurredAt,
      };
      tally.issues.set(key, issue);
    }
    issue.failures += 1;
    if (charged) issue.chargedFailures += 1;
    issue.chargedCredits += entry.chargedCredits;
    issue.lastSeenAt = Math.max(issue.lastSeenAt, entry.occurredAt);
    account.failures.push(entry, entry.occurredAt);
  }

  /** Day tallies of an account from the day starting at `since` (ms), oldest first. */
  days(accountId: string, since: number): DayTally[] {
    const days = this.#accounts.get(accountId)?.days;
    if (!days) return [];
    return [...days.values()].filter((t) => t.day >= since).sort((a, b) => a.day - b.day);
  }

  /** Failure details of an account from `since` (ms), oldest first. */
  failures(accountId: string, since: number): HealthEntry[] {
    const log = this.#accounts.get(accountId)?.failures;
    return log ? log.toArray().filter((e) => e.occurredAt >= since) : [];
  }

  /** Every account's day tallies and failure details, as a state document holds them. */
  save(): { accountId: string; days: SavedDay[]; failures: HealthEntry[] }[] {
    return [...this.#accounts].map(([accountId, account]) => ({
      accountId,
      days: [...account.days.values()].map((t) => ({ ...t, issues: [...t.issues.values()].map((i) => ({ ...i })) })),
      failures: account.failures.toArray().map((e) => ({ ...e })),
    }));
  }

  /** Puts saved tallies and details back into an empty log. */
  load(saved: readonly { accountId: string; days: readonly SavedDay[]; failures: readonly HealthEntry[] }[]): void {
    const failures = saved.flatMap((s) => s.failures).sort((a, b) => a.occurredAt - b.occurredAt);
    for (const { accountId, days } of saved) {
      const account = this.#accountOf(accountId);
      for (const day of days) {
        const issues = new Map(day.issues.map((i) => [issueKey(i.endpoint, i.status, i.errorCode), { ...i }]));
        account.days.set(day.day, { ...day, issues });
      }
    }
    // In the order they happened, so that the oldest of all still goes first past the shared bound.
    for (const entry of failures) this.#accountOf(entry.accountId).failures.push({ ...entry }, entry.occurredAt);
  }

  #accountOf(accountId: string): AccountHealth {
    let account = this.#accounts.get(accountId);
    if (!account) {
      account = { days: new Map(), failures: new BoundedLog(FAILURE_DETAIL_BOUNDS, (e) => e.occurredAt, this.#failuresInAll) };
      this.#accounts.set(accountId, account);
    }
    return account;
  }

  #tallyOf(account: AccountHealth, day: number): DayTally {
    let tally = account.days.get(day);
    if (tally) return tally;
    tally = {
      day,
      requests: 0,
      successful: 0,
      failed: 0,
      chargedFailures: 0,
      chargedFailureCredits: 0,
      totalLatencyMs: 0,
      issues: new Map(),
    };
    account.days.set(day, tally);
    const oldest = day - (HEALTH_DAYS - 1) * DAY_MS;
    for (const d of account.days.keys()) if (d < oldest) account.days.delete(d);
    return tally;
  }
}
