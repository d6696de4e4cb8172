import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockService, type MockService } from '../../mocks';
import { NOW } from '../helpers/mock-server';

/**
 * Snapshots and forks against the mock itself (docs/testing.md, "Snapshots and forks"): random sequences of data and account
 * requests, control-plane handles (keys, plans, statuses, added events), clock moves and faults, with a fork or a snapshot
 * restored in a new mock at a random point. From there the copy answers the rest of the sequence exactly as the original
 * does: status, body and every header but `Date` and `X-Request-Id` (an error's `request_id` with it: request ids are drawn
 * at random in a real-time mock). A deterministic mock (docs/testing.md, "Replays that repeat") draws its ids from its seed and
 * a counter the snapshot carries: there every header but `Date` is compared, `X-Request-Id` and the error's `request_id` with
 * them. The original is untouched by what its fork did. A fixed seed, a bounded number of runs.
 */

/** A plan whose rate and daily allowance a sequence reaches now and then, not on every call. */
const PLAN = { slug: 'model', name: 'Model', periodCredits: 2_000, periodDays: 30, dailyCredits: 300, rateLimitRps: 6 } as const;
const SEED = 20_261_202;
const RUNS = 40;
const PATHS = ['/v1/catalog/sports', '/v1/events/101/odds', '/v1/events/42/odds', '/v1/account', '/v1/account/usage?days=7'] as const;
const SPEC = (minute: number) => ({
  event_id: 101,
  sport_id: 29,
  runner_home: 'Harbor City',
  runner_away: 'Northfield',
  minute,
  markets: [{ market: 'moneyline' as const, prices: [{ at: -600, odds: [2.1, 3.4, 3.6] }] }],
});

type Action =
  | { kind: 'get'; path: (typeof PATHS)[number]; key: number }
  | { kind: 'advance'; ms: number }
  | { kind: 'fault'; route: 'catalog.sports' | 'events.odds'; status: 429 | 500 | 503; count: number }
  | { kind: 'drop'; route: 'catalog.sports' | 'events.odds'; drop: 'connection' | 'after_commit' }
  | { kind: 'clearFaults' }
  | { kind: 'createKey' }
  | { kind: 'revokeKey' }
  | { kind: 'addEvent'; minute: number }
  | { kind: 'removeEvent' }
  | { kind: 'plan'; plan: 'model' | 'trial' | 'pro' }
  | { kind: 'status'; status: 'active' | 'suspended' | 'past_due' };

const route = fc.constantFrom('catalog.sports' as const, 'events.odds' as const);
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('get' as const), path: fc.constantFrom(...PATHS), key: fc.nat(2) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(0, 400, 1_000, 60_000, 3_600_000, 86_400_000) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('fault' as const),
      route,
      status: fc.constantFrom(429 as const, 500 as const, 503 as const),
      count: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('drop' as const),
      route,
      drop: fc.constantFrom('connection' as const, 'after_commit' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'clearFaults' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'createKey' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'revokeKey' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('addEvent' as const), minute: fc.integer({ min: -200, max: 100 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'removeEvent' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('plan' as const), plan: fc.constantFrom('model' as const, 'trial' as const, 'pro' as const) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      status: fc.constantFrom('active' as const, 'suspended' as const, 'past_due' as const),
    }),
  },
);

/** One mock and the keys the sequence made on it (ids and plaintexts: a fork's later keys are its own). */
interface Subject {
  mock: MockService;
  keys: { id: string; apiKey: string }[];
}

/** A mock of real-time ids, whose request ids two mocks cannot share; or a deterministic one, whose every header but `Date` they do. */
interface Variant {
  name: string;
  deterministic: boolean;
  hidden: ReadonlySet<string>;
}
const VARIANTS: Variant[] = [
  { name: 'a real-time mock', deterministic: false, hidden: new Set(['date', 'x-request-id']) },
  { name: 'a deterministic mock', deterministic: true, hidden: new Set(['date']) },
];

/** What one action observed: an answer's status, body and headers but the hidden ones, or what a handle returned. */
async function act(subject: Subject, a: Action, variant: Variant): Promise<unknown> {
  const { mock, keys } = subject;
  switch (a.kind) {
    case 'get': {
      const key = a.key === 0 ? mock.apiKey : (keys[a.key - 1]?.apiKey ?? mock.apiKey);
      const response = await mock.fetch(`${mock.baseUrl}${a.path}`, { headers: { Authorization: `Bearer ${key}` } });
      if (response.type === 'error') return 'dropped';
      const body = (await response.json()) as { error?: { request_id?: string } };
      if (body.error && variant.hidden.has('x-request-id')) delete body.error.request_id;
      const headers = [...response.headers].filter(([name]) => !variant.hidden.has(name.toLowerCase()));
      return { status: response.status, body, headers };
    }
    case 'advance':
      mock.clock.advance(a.ms);
      return mock.clock.now();
    case 'fault':
      return mock.faults.inject({ route: a.route, status: a.status, count: a.count });
    case 'drop':
      return mock.faults.inject({ route: a.route, drop: a.drop });
    case 'clearFaults':
      mock.faults.clear();
      return mock.faults.list();
    case 'createKey':
      try {
        keys.push(await mock.createKey(mock.demoEmail, { name: `key ${keys.length}` }));
        return 'created';
      } catch (error) {
        return String(error);
      }
    case 'revokeKey': {
      const last = keys.at(-1);
      return last === undefined ? 'none' : mock.revokeKey(last.id).status;
    }
    case 'addEvent':
      return mock.data.addEvent(SPEC(a.minute));
    case 'removeEvent':
      return mock.data.removeEvent(101);
    case 'plan':
      await mock.updateAccount(mock.demoEmail, { plan: a.plan });
      return a.plan;
    case 'status':
      await mock.updateAccount(mock.demoEmail, { status: a.status });
      return a.status;
  }
}

describe.each(VARIANTS)('a fork, or a restored snapshot, of $name answers as the original does', (variant) => {
  beforeAll(() => {
    // Real time stands still: the frozen clock's rate window counts real seconds, which two runs cannot share.
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterAll(() => vi.useRealTimers());

  it('answers the rest of every generated sequence alike, and the fork leaves its original untouched', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 4, maxLength: 40, size: 'medium' }),
        fc.nat(),
        fc.constantFrom('fork' as const, 'restore' as const),
        async (actions, at, mode) => {
          const split = at % (actions.length + 1);
          const original: Subject = {
            mock: createMockService({
              now: NOW,
              plans: { model: PLAN },
              demoAccount: { plan: 'model' },
              deterministic: variant.deterministic,
            }),
            keys: [],
          };
          original.mock.clock.freeze(NOW);
          await original.mock.ready;
          for (const a of actions.slice(0, split)) await act(original, a, variant);
          const copy: Subject = {
            mock:
              mode === 'fork'
                ? original.mock.fork()
                : createMockService({
                    now: NOW,
                    plans: { model: PLAN },
                    demoAccount: { plan: 'model', apiKey: original.mock.apiKey },
                    deterministic: variant.deterministic,
                    state: JSON.parse(JSON.stringify(original.mock.snapshot())),
                  }),
            keys: [...original.keys],
          };
          const before = JSON.stringify(original.mock.snapshot());
          const copied: unknown[] = [];
          for (const a of actions.slice(split)) copied.push(await act(copy, a, variant));
          expect(JSON.stringify(original.mock.snapshot())).toBe(before);
          const answered: unknown[] = [];
          for (const a of actions.slice(split)) answered.push(await act(original, a, variant));
          expect(copied).toEqual(answered);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  }, 300_000);
});
