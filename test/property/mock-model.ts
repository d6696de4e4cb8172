/**
 * A small model of the mock's rules (docs/service.md, docs/testing.md), written apart from the mock:
 * the order of checks, the per-second rate window, the reservation of the envelope in both windows
 * and their rolls, armed faults and where each applies, overrides, the visible cache and its hour,
 * added events, the charge by rows and the headers an answer carries. Given the model's state and a
 * data call, it predicts the answer and moves the state as the mock must.
 */

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/** The model's plan: a small rate and daily allowance so that bursts and exhaustion happen often. */
export const PLAN = { slug: 'model', name: 'Model', periodCredits: 240, periodDays: 30, dailyCredits: 60, rateLimitRps: 4 } as const;
const PERIOD_MS = PLAN.periodDays * DAY;
/** Every call of the model reserves `ceil(500 / 20)` credits: latest odds, results and the catalog. */
export const ENVELOPE = 25;
const ROW_CAP = 500;
const CACHE_TTL_MS = HOUR;
/** The ledger lists the charges of the last 90 days. */
const CHARGES_KEPT_MS = 90 * DAY;

/** Routes the model arms faults and overrides on. */
export type FaultRoute = 'catalog.sports' | 'events.odds' | 'events.results';
export const FAULT_ROUTES: readonly FaultRoute[] = ['catalog.sports', 'events.odds', 'events.results'];

/** The kinds of fault the model arms (`mock.faults.inject`). */
export type FaultKind = '500' | '429' | '502' | '503' | '503+retry' | 'drop' | 'after_commit' | 'latency';
export const FAULT_KINDS: readonly FaultKind[] = ['500', '429', '502', '503', '503+retry', 'drop', 'after_commit', 'latency'];

/** The data calls of the model, by what answers them. */
export type Target = 'sports' | 'results' | 'settledOdds' | 'odds42' | 'added';
export const TARGETS: readonly Target[] = ['sports', 'results', 'settledOdds', 'odds42', 'added'];
export const ROUTE_OF: Record<Target, FaultRoute> = {
  sports: 'catalog.sports',
  results: 'events.results',
  settledOdds: 'events.odds',
  odds42: 'events.odds',
  added: 'events.odds',
};

/** An override the model armed: its rows, the requests it still answers, and which requests it takes. */
export interface ModelOverride {
  rows: number;
  left: number;
  /** Only `events.odds` of event 42 (`params`), or every request of the route. */
  only42: boolean;
}

/** Row counts of the generated answers, read once from a reference mock (the model does not generate data). */
export interface Rows {
  sports: number;
  results: number;
  settledOdds: number;
  added: number;
}

export interface Model {
  readonly start: number;
  now: number;
  rate: { second: number; count: number };
  period: { start: number; used: number; inFlight: number };
  daily: { start: number; used: number; inFlight: number };
  charged: number;
  /** When each charge the ledger lists was made: 90 days of them, dropped as a new one is made. */
  charges: number[];
  /** When the catalog answer was kept in the visible cache, if it is. */
  sportsCachedAt: number | undefined;
  faults: Record<FaultRoute, { kind: FaultKind; left: number }[]>;
  /** Most recent first, as `mock.use` answers. */
  overrides: Record<'catalog.sports' | 'events.odds', ModelOverride[]>;
  added: boolean;
  readonly rows: Rows;
}

/** What the model expects of one answer. */
export interface Expected {
  /** `dropped` for a connection that never answers. */
  status: number | 'dropped';
  code: string | null;
  cost: string | null;
  rows: string | null;
  truncated: string | null;
  cache: string | null;
  retryAfter: string | null;
  periodRemaining: string | null;
  dailyRemaining: string | null;
  periodReset: string | null;
  dailyReset: string | null;
  /** What the activity log records: nothing for a connection dropped before any work. */
  recorded: { status: number; code: string | null; cost: number; metered: boolean } | null;
}

const utcDay = (ms: number) => Math.floor(ms / DAY) * DAY;
const iso = (ms: number) => new Date(ms).toISOString();
const credits = (rows: number) => Math.max(1, Math.ceil(rows / 20));

/** A fresh model at the mock's start: the demo account created then, nothing armed, nothing cached. */
export function initialModel(start: number, rows: Rows): Model {
  const model: Model = {
    start,
    now: start,
    rate: { second: -1, count: 0 },
    period: { start, used: 0, inFlight: 0 },
    daily: { start: utcDay(start), used: 0, inFlight: 0 },
    charged: 0,
    charges: [],
    sportsCachedAt: undefined,
    faults: { 'catalog.sports': [], 'events.odds': [], 'events.results': [] },
    overrides: { 'catalog.sports': [], 'events.odds': [] },
    added: false,
    rows,
  };
  return model;
}

/** `mock.reset()`: the seeded state again (the demo account as created at the start); the clock stays. */
export function resetModel(model: Model): void {
  const fresh = initialModel(model.start, model.rows);
  Object.assign(model, { ...fresh, now: model.now });
}

/** Moves both windows to the ones that contain `now`, as the meter does (any read of them does it). */
export function roll(model: Model): void {
  const { period, daily } = model;
  if (model.now >= period.start + PERIOD_MS) {
    model.period = {
      start: period.start + Math.floor((model.now - period.start) / PERIOD_MS) * PERIOD_MS,
      used: 0,
      inFlight: period.inFlight,
    };
  }
  if (model.now >= daily.start + DAY) model.daily = { start: utcDay(model.now), used: 0, inFlight: daily.inFlight };
}

const remaining = (w: { used: number; inFlight: number }, limit: number) => Math.max(0, limit - w.used - w.inFlight);

/** Counts a request against the account's second: false when it is over the plan's rate. */
export function admit(model: Model): boolean {
  const second = Math.floor(model.now / 1000);
  if (second !== model.rate.second) model.rate = { second, count: 0 };
  model.rate.count += 1;
  return model.rate.count <= PLAN.rateLimitRps;
}

/** Reserves the envelope in both windows, or the `Retry-After` of the refusal. */
export function reserve(model: Model): { retryAfter: number } | undefined {
  roll(model);
  const exhausted: number[] = [];
  if (remaining(model.period, PLAN.periodCredits) < ENVELOPE) exhausted.push(model.period.start + PERIOD_MS);
  if (remaining(model.daily, PLAN.dailyCredits) < ENVELOPE) exhausted.push(model.daily.start + DAY);
  if (exhausted.length > 0) return { retryAfter: Math.max(1, Math.ceil((Math.max(...exhausted) - model.now) / 1000)) };
  model.period.inFlight += ENVELOPE;
  model.daily.inFlight += ENVELOPE;
  return undefined;
}

/** Settles a reservation: keeps `cost`, releases the rest. */
export function settle(model: Model, cost: number): void {
  roll(model);
  for (const w of [model.period, model.daily]) {
    w.inFlight -= ENVELOPE;
    w.used += cost;
  }
  model.charged += cost;
  if (cost > 0) model.charges = [...model.charges, model.now].filter((at) => at >= model.now - CHARGES_KEPT_MS);
}

/** The next armed fault of a route, used up. */
function takeFault(model: Model, route: FaultRoute): FaultKind | undefined {
  const queue = model.faults[route];
  const first = queue[0];
  if (!first) return undefined;
  first.left -= 1;
  if (first.left === 0) queue.shift();
  return first.kind;
}

/** The override that answers a call, used up (the most recent one that takes it). */
function takeOverride(model: Model, target: Target): ModelOverride | undefined {
  const route = ROUTE_OF[target];
  if (route === 'events.results') return undefined;
  const list = model.overrides[route];
  const found = list.find((o) => !o.only42 || target === 'odds42');
  if (!found) return undefined;
  found.left -= 1;
  if (found.left === 0) list.splice(list.indexOf(found), 1);
  return found;
}

const none = {
  code: null,
  cost: null,
  rows: null,
  truncated: null,
  cache: null,
  retryAfter: null,
  periodRemaining: null,
  dailyRemaining: null,
  periodReset: null,
  dailyReset: null,
};

/** A free refusal: no credit headers. */
const refusal = (status: number, code: string, retryAfter: number | null): Expected => ({
  ...none,
  status,
  code,
  retryAfter: retryAfter === null ? null : String(retryAfter),
  recorded: { status, code, cost: 0, metered: false },
});

/** The credit headers after a charge, from the model's windows. */
function metered(model: Model, cost: number) {
  roll(model);
  return {
    cost: String(cost),
    periodRemaining: String(remaining(model.period, PLAN.periodCredits)),
    dailyRemaining: String(remaining(model.daily, PLAN.dailyCredits)),
    periodReset: iso(model.period.start + PERIOD_MS),
    dailyReset: iso(model.daily.start + DAY),
  };
}

const FAULT_ANSWERS: Partial<Record<FaultKind, { status: number; code: string; retryAfter: number | null }>> = {
  '500': { status: 500, code: 'internal_error', retryAfter: null },
  '429': { status: 429, code: 'rate_limited', retryAfter: 1 },
  '502': { status: 502, code: 'service_error', retryAfter: null },
  '503': { status: 503, code: 'temporarily_unavailable', retryAfter: null },
  '503+retry': { status: 503, code: 'temporarily_unavailable', retryAfter: 7 },
};

/** What the work comes to without a fault: rows, or a failure after the work; and whether a kept answer served it. */
function work(
  model: Model,
  target: Target,
  override: ModelOverride | undefined,
): { rows: number; cache: string | null } | { failure: 404 } {
  if (override) return { rows: override.rows, cache: null };
  switch (target) {
    case 'sports': {
      const hit = model.sportsCachedAt !== undefined && model.now - model.sportsCachedAt < CACHE_TTL_MS;
      return { rows: model.rows.sports, cache: hit ? 'HIT' : 'MISS' };
    }
    case 'results':
      return { rows: model.rows.results, cache: null };
    case 'settledOdds':
      return { rows: model.rows.settledOdds, cache: null };
    case 'added':
      return model.added ? { rows: model.rows.added, cache: null } : { failure: 404 };
    case 'odds42':
      return { failure: 404 };
  }
}

/**
 * The answer to one data call of the demo key, in the order of checks (docs/service.md): the rate
 * window, the reservation, the route's next fault (where the work starts), an override or the
 * route's own work (from the cache or not), an after-work fault in place of what the work came to,
 * the settlement and the headers. Moves the model as the mock must.
 */
export function predict(model: Model, target: Target): Expected {
  if (!admit(model)) return refusal(429, 'rate_limited', 1);
  const quota = reserve(model);
  if (quota) return refusal(429, 'quota_exceeded', quota.retryAfter);
  const route = ROUTE_OF[target];
  const fault = takeFault(model, route);
  if (fault === 'drop') {
    settle(model, 0);
    return { ...none, status: 'dropped', recorded: null };
  }
  if (fault === '500' || fault === '429') {
    settle(model, 0);
    const { status, code, retryAfter } = FAULT_ANSWERS[fault]!;
    return refusal(status, code, retryAfter);
  }
  const override = takeOverride(model, target);
  const done = work(model, target, override);
  const afterWork = fault === undefined ? undefined : FAULT_ANSWERS[fault];
  if (afterWork || 'failure' in done) {
    settle(model, 1);
    const { status, code, retryAfter } = afterWork ?? { status: 404, code: 'not_found', retryAfter: null };
    return {
      ...none,
      ...metered(model, 1),
      status,
      code,
      rows: '0',
      retryAfter: retryAfter === null ? null : String(retryAfter),
      recorded: { status, code, cost: 1, metered: true },
    };
  }
  if (done.cache === 'MISS') model.sportsCachedAt = model.now;
  const sent = Math.min(done.rows, ROW_CAP);
  const cost = credits(sent);
  settle(model, cost);
  const answer: Expected = {
    ...none,
    ...metered(model, cost),
    status: 200,
    rows: String(sent),
    truncated: String(done.rows > ROW_CAP),
    cache: done.cache,
    recorded: { status: 200, code: null, cost, metered: true },
  };
  // A connection dropped after the commit: charged and recorded as the answer it dropped.
  return fault === 'after_commit' ? { ...none, status: 'dropped', recorded: answer.recorded } : answer;
}
