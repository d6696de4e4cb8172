import type { ParamsOf, ResponseOf } from '../../src/schemas/route-types';
import type { KnownErrorCode, RouteId } from '../../src/schemas';

/** The public shapes of `verifyService()`: options, plan, report (plain data, formatted by `formatVerifyReport()`). */

/** How a check's problem is classed. Network errors, `5xx` answers and budget stops are never drift. */
export type FindingClass = 'breaking' | 'additive' | 'could-not-check';

/** What came of a check: passed, drift found (breaking or additive), could not check, or left out of the plan. */
export type CheckOutcome = 'pass' | FindingClass | 'not-planned';

/**
 * The key a request is sent with: `main` is the key under test (`--api-key`), `data` a key with
 * only `data:read` (`--data-key`, or a temporary one), `temporary` a key the run created (only with
 * `allowMutations`), `malformed` a value that is not a key, `none` no `Authorization` header.
 */
export type KeyRole = 'main' | 'data' | 'temporary' | 'malformed' | 'none';

/** Report formats of `formatVerifyReport()`. */
export type VerifyReportFormat = 'text' | 'json' | 'junit' | 'md';

/** Options of `verifyService()` and `planVerification()`. */
export interface VerifyOptions {
  /** The service's base URL, without `/v1` (`https://api.example.com`). */
  baseUrl: string;
  /** The key under test; needed to run, not to plan. Never printed: curls read `$SPORTS_ODDS_API_KEY`. */
  apiKey?: string | undefined;
  /** A second key of the same account with only `data:read`, for the scope check (curls: `$SPORTS_ODDS_DATA_KEY`). */
  dataKey?: string | undefined;
  /** The most credits the run may spend. A plan whose worst case is over it is refused, and the run stops at it. */
  maxCredits: number;
  /** Execute the plan. Default false: plan only (a dry run sends nothing). */
  run?: boolean | undefined;
  /** Let the run create keys (data-only, one to rotate), rotate it, and revoke them at the end; yours are never touched. */
  allowMutations?: boolean | undefined;
  /** Wait for a live cursor to pass its five minutes and check it is refused (the run then lasts five minutes more). */
  waitForCursorExpiry?: boolean | undefined;
  /** Requests per second to pace at. Default: the plan's rate from `GET /v1/account`, else the lowest plan's (2). */
  requestsPerSecond?: number | undefined;
  /** Only these checks: ids (`metering.cost`) or groups (`metering`). Default: every check. */
  only?: readonly string[] | undefined;
  /** Leave these checks (ids or groups) out. */
  skip?: readonly string[] | undefined;
  /** Per-request timeout, ms. Default 30,000. */
  timeout?: number | undefined;
  /** Send the key over plain `http://` to a non-loopback host. Default false. */
  allowInsecureHttp?: boolean | undefined;
  /** Keep the exchanges as fixtures (`report.fixtures`) that `mock.use` and `POST /__admin/overrides` replay. */
  record?: boolean | undefined;
  /** A `fetch`-compatible function. Default `globalThis.fetch`. */
  fetch?: ((input: string | URL | Request, init?: RequestInit) => Promise<Response>) | undefined;
  /** Progress for a terminal: a long wait (the cursor's five minutes). */
  onProgress?: ((message: string) => void) | undefined;
  /** @internal Waits (pacing, `Retry-After`, the cursor's expiry); tests drive a mock's clock with it. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
  /** @internal The clock of the pacing, in ms since the epoch (default `Date.now`). */
  now?: (() => number) | undefined;
}

/** One request of the plan. */
export interface PlannedRequest {
  method: 'GET' | 'POST';
  /** Path and query, with `{placeholders}` for what the run finds first (`/v1/events/{event_id}/odds`). */
  target: string;
  /** The route of the route table, or undefined for a path that no route serves. */
  route: RouteId | undefined;
  key: KeyRole;
  /** The most one send can cost (docs/service.md, "Metering: credits, windows and headers"); 0 if unmetered or keyless. */
  worstCase: number;
  /** How many times it is sent at most (pages of a scan, a burst). */
  times: number;
  purpose: string;
}

/** One check of the plan. */
export interface PlannedCheck {
  /** `group.name`, e.g. `metering.cost`. */
  id: string;
  /** The heading of docs/service.md that states the rule. */
  rule: string;
  /** `docs/service.md#...`. */
  anchor: string;
  title: string;
  /** Its own requests; a check that judges every answer of the run has none. */
  requests: PlannedRequest[];
  /** True for a check that judges every answer of the run. */
  judgesAll: boolean;
  /** The sum of its requests' worst cases. */
  worstCase: number;
  /** Why it is left out, or undefined when it is planned. */
  notPlanned?: string | undefined;
}

/** What `verifyService()` will do, and what it can cost at most. */
export interface VerifyPlan {
  baseUrl: string;
  /** Requests that find what the checks need (the plan's rate, sports, events). */
  setup: PlannedRequest[];
  checks: PlannedCheck[];
  /** The sum of every planned request's worst case, times its count. */
  worstCase: number;
  maxCredits: number;
  /** True when the worst case is within `maxCredits`. */
  fits: boolean;
  /** The most requests the run sends. */
  requests: number;
}

/** One request and its answer, secrets masked. */
export interface ExchangeView {
  /** `GET https://api.example.com/v1/events?limit=0`. */
  request: string;
  key: KeyRole;
  /** null when no answer came (a network error or timeout). */
  status: number | null;
  /** The answer's headers of docs/service.md ("Response headers"), and `Content-Type` and `Date`. */
  headers: Record<string, string>;
  /** The body, masked, cut at 600 characters. */
  body: string;
  /** Why no answer came. */
  error?: string | undefined;
}

/** A problem a check found. */
export interface Finding {
  check: string;
  rule: string;
  anchor: string;
  class: FindingClass;
  message: string;
  /** How many answers showed it. */
  occurrences: number;
  /** Other problems of the same check and class (at most three). */
  also?: string[] | undefined;
  /** A `curl` that sends the request again, the key read from the environment (`$SPORTS_ODDS_API_KEY`). */
  curl?: string | undefined;
  /** The first exchange that showed it. */
  exchange?: ExchangeView | undefined;
}

/** What came of one check. */
export interface CheckResult {
  id: string;
  rule: string;
  anchor: string;
  title: string;
  outcome: CheckOutcome;
  /** Requests it sent (a judging check: answers it judged). */
  exchanges: number;
  findings: Finding[];
  /** Why it was left out. */
  notPlanned?: string | undefined;
}

/** A recorded answer, as an override that `mock.use` or `POST /__admin/overrides` replays once. */
export type RecordedOverride<Id extends RouteId = RouteId> = Id extends RouteId
  ?
      | { route: Id; params?: Partial<ParamsOf<Id>> | undefined; answer: ResponseOf<Id>; once: true }
      | {
          route: Id;
          params?: Partial<ParamsOf<Id>> | undefined;
          error: { code: KnownErrorCode; message?: string | undefined; retry_after?: number | undefined };
          once: true;
        }
  : never;

/** One recorded exchange: the override to replay, and where it came from. */
export interface RecordedFixture {
  /** File name for it (`007-events.odds.json`). */
  file: string;
  check: string;
  /** `GET https://api.example.com/v1/events/123/odds`, masked. */
  request: string;
  status: number;
  requestId: string | undefined;
  override: RecordedOverride;
}

/** Counts of the checks' outcomes. */
export interface VerifySummary {
  checks: number;
  passed: number;
  breaking: number;
  additive: number;
  couldNotCheck: number;
  notPlanned: number;
}

/** What a plan or a run came to. */
export interface VerifyReport {
  mode: 'plan' | 'run';
  baseUrl: string;
  plan: VerifyPlan;
  /** The rate the run was paced at, and where it came from. */
  pacing?: { requestsPerSecond: number; source: 'option' | 'account' | 'lowest-plan' } | undefined;
  checks: CheckResult[];
  findings: Finding[];
  summary: VerifySummary;
  credits: {
    /** The plan's worst case. */
    worstCase: number;
    maxCredits: number;
    /** The sum of the `X-Credits-Cost` the run was answered. */
    spent: number;
    /** Requests sent. */
    requests: number;
  };
  /** True when the run stopped because the next request could take it past `maxCredits`. */
  stoppedAtBudget: boolean;
  /** 0 every check passed (or the plan fits), 1 drift found, 3 could not check everything (or over budget). */
  exitCode: 0 | 1 | 3;
  /** With `record`: the exchanges as fixtures. */
  fixtures?: RecordedFixture[] | undefined;
}
