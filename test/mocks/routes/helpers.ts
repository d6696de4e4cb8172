/**
 * Shared pieces of the HTTP-level route-group tests: the dataset the mock serves (used only to FIND
 * fixtures; every assertion goes through HTTP), a high-rate plan, and assertions on the metering and
 * result headers of docs/service.md's "Response headers".
 */
import { expect } from 'vitest';
import { createDataset, type Dataset, type Fixture } from '../../../mocks/service/data';
import type { MockService, MockServiceOptions, PlanConfig } from '../../../mocks';
import { type Answer, call, codeOf, CREDIT_HEADERS, NOW } from '../../helpers/mock-server';

export { call, codeOf, NOW };
export type { Answer };

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The mock's "now" in milliseconds. */
export const T0 = Date.parse(NOW);

/** The dataset the mock serves with its default seed, to find ids with (never to assert with). */
export const data: Dataset = createDataset('sports-odds');

/** RFC 3339 without milliseconds, as the query parameters take it. */
export const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/** A plan whose rate and credits never get in the way of a test that makes many calls. */
const LOAD: PlanConfig = {
  slug: 'load',
  name: 'Load',
  periodCredits: 10_000_000,
  periodDays: 30,
  dailyCredits: 10_000_000,
  rateLimitRps: 100_000,
};
export const LOAD_PLAN: MockServiceOptions = { plans: { load: LOAD }, demoAccount: { plan: 'load' } };

/** Options of a mock whose demo account has a tiny allowance (and a rate that never limits). */
export const tinyPlan = (dailyCredits: number, periodCredits = 10_000): MockServiceOptions => ({
  plans: { tiny: { slug: 'tiny', name: 'Tiny', periodCredits, periodDays: 30, dailyCredits, rateLimitRps: 100_000 } },
  demoAccount: { plan: 'tiny' },
});

/** Credits of a row count: max(1, ceil(rows / 20)) (docs/service.md, "Metering: credits, windows and headers"), computed independently of the mock. */
export const credits = (rows: number): number => Math.max(1, Math.ceil(rows / 20));

/** Rows of an array body. */
export type Row = Record<string, unknown>;

/**
 * A successful metered answer: 200, `X-Result-Rows` equal to the rows of the body (1 for an object),
 * `X-Result-Truncated` present, every credit header of 8.3 present and consistent (aliases equal
 * the period headers), and `X-Credits-Cost` equal to `cost` (default: max(1, ceil(rows / 20))), or
 * within `[min, max]` when `cost` is a range.
 * Returns the rows of an array body.
 */
export function expectMetered(answer: Answer, options: { cost?: number | [min: number, max: number]; truncated?: boolean } = {}): Row[] {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const rows = Array.isArray(answer.body) ? answer.body.length : 1;
  const h = answer.headers;
  expect(h.get('X-Result-Rows')).toBe(String(rows));
  expect(h.get('X-Result-Truncated')).toMatch(/^(true|false)$/);
  if (options.truncated !== undefined) expect(h.get('X-Result-Truncated')).toBe(String(options.truncated));
  for (const name of CREDIT_HEADERS) expect(h.get(name), name).not.toBeNull();
  if (Array.isArray(options.cost)) {
    const cost = Number(h.get('X-Credits-Cost'));
    expect(cost).toBeGreaterThanOrEqual(options.cost[0]);
    expect(cost).toBeLessThanOrEqual(options.cost[1]);
  } else {
    expect(h.get('X-Credits-Cost')).toBe(String(options.cost ?? credits(rows)));
  }
  expect(h.get('X-Credits-Limit')).toBe(h.get('X-Credits-Period-Limit'));
  expect(h.get('X-Credits-Remaining')).toBe(h.get('X-Credits-Period-Remaining'));
  expect(Number(h.get('X-Credits-Period-Remaining'))).toBeGreaterThanOrEqual(0);
  expect(Number(h.get('X-Credits-Daily-Remaining'))).toBeGreaterThanOrEqual(0);
  return (Array.isArray(answer.body) ? answer.body : []) as Row[];
}

/** A failure that was charged one credit after data work: the envelope, cost 1, `X-Result-Rows: 0`. */
export function expectChargedFailure(answer: Answer, status: number, code: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(codeOf(answer)).toBe(code);
  expect(answer.headers.get('X-Credits-Cost')).toBe('1');
  expect(answer.headers.get('X-Result-Rows')).toBe('0');
  for (const name of CREDIT_HEADERS) expect(answer.headers.get(name), name).not.toBeNull();
  expect(answer.headers.get('X-Cache')).toBeNull();
}

/** A failure that costs nothing: the envelope, and no credit or result headers at all. */
export function expectFree(answer: Answer, status: number, code: string, messageContains?: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(codeOf(answer)).toBe(code);
  for (const name of CREDIT_HEADERS) expect(answer.headers.get(name), name).toBeNull();
  expect(answer.headers.get('X-Result-Rows')).toBeNull();
  if (messageContains !== undefined) {
    expect((answer.body as { error: { message: string } }).error.message).toContain(messageContains);
  }
}

/** Total credits the demo account has been charged. */
export const charged = (mock: MockService): number => mock.ledger()[0]!.charged;

/** The first existing fixture of a window (at `now`) that satisfies `test`. */
export function findFixture(test: (f: Fixture) => boolean, from: number, to: number, now: number = T0): Fixture {
  for (const f of data.fixturesBetween(from, to, now)) if (test(f)) return f;
  throw new Error('no fixture found');
}

/**
 * The rows of the spec's error table that apply to every data route (docs/service.md, "Errors"), for one
 * request path: 401, 403 scope, 403 account state, 429 rate_limited, 429 quota_exceeded (envelope
 * does not fit), 500 free, 502/503 charged 1. `envelope` is the route's reservation envelope in
 * credits, used to size a daily guard that just cannot hold it.
 */
export async function checkErrorTable(
  newMock: (options?: MockServiceOptions) => MockService,
  path: string,
  routeId: string,
  envelope: number,
): Promise<void> {
  // 401 invalid_api_key: missing and unknown keys, with a Bearer challenge, free.
  {
    const mock = newMock();
    for (const key of [null, `svc_live_${'Z'.repeat(32)}`]) {
      const answer = await call(mock, path, { key });
      expectFree(answer, 401, 'invalid_api_key');
      expect(answer.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    }
    // 403 insufficient_scope: a key with account:manage only.
    const manager = await mock.createKey(mock.demoEmail, { name: 'manager', scopes: ['account:manage'] });
    expectFree(await call(mock, path, { key: manager.apiKey }), 403, 'insufficient_scope');
    expect(charged(mock)).toBe(0);
  }
  // 403 account_suspended / plan_inactive, free.
  for (const [status, code] of [
    ['suspended', 'account_suspended'],
    ['held', 'plan_inactive'],
  ] as const) {
    const mock = newMock();
    await mock.updateAccount(mock.demoEmail, { status });
    expectFree(await call(mock, path), 403, code);
    expect(charged(mock)).toBe(0);
  }
  // 429 rate_limited with Retry-After 1, free (trial: 2 requests per second).
  {
    const mock = newMock({ demoAccount: { plan: 'trial' } });
    await call(mock, path);
    await call(mock, path);
    const before = charged(mock);
    const limited = await call(mock, path);
    expectFree(limited, 429, 'rate_limited');
    expect(limited.headers.get('Retry-After')).toBe('1');
    expect(charged(mock)).toBe(before);
  }
  // 429 quota_exceeded: the daily guard holds one credit less than the envelope; Retry-After to 00:00 UTC (9 h).
  {
    const mock = newMock(tinyPlan(envelope - 1));
    const refused = await call(mock, path);
    expectFree(refused, 429, 'quota_exceeded');
    expect(refused.headers.get('Retry-After')).toBe(String(9 * 3600));
    expect(charged(mock)).toBe(0);
    expect(mock.ledger()[0]!.reserved).toBe(0);
  }
  // 500 internal_error: free. 502 service_error and 503 temporarily_unavailable after data work: 1 credit.
  {
    const mock = newMock();
    mock.faults.inject({ route: routeId, status: 500 });
    expectFree(await call(mock, path), 500, 'internal_error');
    expect(charged(mock)).toBe(0);
    mock.faults.inject({ route: routeId, status: 502 });
    expectChargedFailure(await call(mock, path), 502, 'service_error');
    mock.faults.inject({ route: routeId, status: 503 });
    expectChargedFailure(await call(mock, path), 503, 'temporarily_unavailable');
    expect(charged(mock)).toBe(2);
  }
}
