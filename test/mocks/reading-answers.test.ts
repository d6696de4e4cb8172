import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockService, type MockService } from '../../mocks';
import { contextOf } from '../../mocks/service/internal';
import { READING_ANSWER_BOUNDS } from '../../mocks/service/state/reading-answers';
import { NOW } from '../helpers/mock-server';

/**
 * An events listing is the answer of one reading of the mock's clock: the same query at the same reading, with the same
 * added events, is served again without computing it, and must be exactly the answer a fresh mock computes there.
 */

const START = Date.parse(NOW);
const HOUR = 3_600_000;
const PLANS = { load: { slug: 'load', name: 'Load', periodCredits: 1e12, periodDays: 30, dailyCredits: 1e12, rateLimitRps: 1e9 } };

const newMock = (): MockService => {
  const mock = createMockService({ now: NOW, plans: PLANS, demoAccount: { plan: 'load' } });
  mock.clock.freeze(NOW);
  return mock;
};

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** What changes a listing besides its query: a clock move, an added or removed event. */
type Step =
  | { kind: 'advance'; ms: number }
  | { kind: 'add'; eventId: number; minute: number; sportId: number }
  | { kind: 'remove'; eventId: number }
  | { kind: 'list'; path: string };

const queryArb = fc
  .record({
    sport: fc.constantFrom(undefined, 29, 4),
    limit: fc.constantFrom(undefined, 1, 3, 10, 100),
    from: fc.constantFrom(undefined, -2 * 24 * HOUR, 30 * 60_000, 3 * HOUR),
    to: fc.constantFrom(undefined, 0, 24 * HOUR),
    since: fc.constantFrom(undefined, -6 * HOUR),
    eventId: fc.constantFrom(undefined, 101, 102),
  })
  .map((q) => {
    const parts: string[] = [];
    if (q.sport !== undefined) parts.push(`sport_id=${q.sport}`);
    if (q.limit !== undefined) parts.push(`limit=${q.limit}`);
    // Instants relative to the start, fixed per query: a later clock reads the same query differently.
    if (q.from !== undefined) parts.push(`starts_from=${iso(START + q.from)}`);
    if (q.to !== undefined) parts.push(`starts_to=${iso(START + q.to).slice(0, 10)}`);
    if (q.since !== undefined) parts.push(`since=${iso(START + q.since)}`);
    if (q.eventId !== undefined) parts.push(`event_id=${q.eventId}`);
    return `/v1/events${parts.length ? `?${parts.join('&')}` : ''}`;
  });

/** Steps over a few queries of the run, so that listings repeat at a reading and across changes. */
const stepArb = (pool: readonly string[]): fc.Arbitrary<Step> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...pool).map((path): Step => ({ kind: 'list', path })) },
    { weight: 2, arbitrary: fc.constantFrom(0, 1, 60_000, 40 * 60_000, 2 * HOUR).map((ms): Step => ({ kind: 'advance', ms })) },
    {
      weight: 3,
      arbitrary: fc
        .record({ eventId: fc.constantFrom(101, 102), minute: fc.constantFrom(-120, -35, -1, 20), sportId: fc.constantFrom(29, 4) })
        .map((e): Step => ({ kind: 'add', ...e })),
    },
    { weight: 2, arbitrary: fc.constantFrom(101, 102).map((eventId): Step => ({ kind: 'remove', eventId })) },
  );

const stepsArb = fc
  .uniqueArray(queryArb, { minLength: 1, maxLength: 3 })
  .chain((pool) => fc.array(stepArb(pool), { minLength: 1, maxLength: 24 }));

function apply(mock: MockService, step: Exclude<Step, { kind: 'list' }>): void {
  if (step.kind === 'advance') mock.clock.advance(step.ms);
  else if (step.kind === 'remove') mock.data.removeEvent(step.eventId);
  else
    mock.data.addEvent({
      event_id: step.eventId,
      sport_id: step.sportId,
      runner_home: 'Harbor City',
      runner_away: 'Northfield',
      minute: step.minute,
      markets: [{ market: 'moneyline', prices: [{ at: -600, odds: [2.1, 3.4, 3.6] }] }],
    });
}

/** What of an answer a reuse must keep as a fresh computation gives it. */
async function answer(mock: MockService, path: string) {
  const response = await mock.fetch(`${mock.baseUrl}${path}`, { headers: { Authorization: `Bearer ${mock.apiKey}` } });
  const h = (name: string) => response.headers.get(name);
  return {
    status: response.status,
    body: await response.text(),
    rows: h('X-Result-Rows'),
    truncated: h('X-Result-Truncated'),
    cost: h('X-Credits-Cost'),
    cache: h('X-Cache'),
    remaining: Number(h('X-Credits-Daily-Remaining')),
    requestId: h('X-Request-Id'),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('answers of one clock reading: an events listing reused at the same reading is the fresh answer', () => {
  it('answers random listings, clock moves and added events exactly as a fresh mock per answer does (property)', async () => {
    let reused = 0;
    let computed = 0;
    await fc.assert(
      fc.asyncProperty(stepsArb, async (steps) => {
        const mock = newMock();
        const computations = vi.spyOn(contextOf(mock).data, 'eventsBetween');
        const exact = vi.spyOn(contextOf(mock).data, 'eventAt');
        const done: Exclude<Step, { kind: 'list' }>[] = [];
        const requestIds = new Set<string | null>();
        let lastRemaining: number | undefined;
        for (const step of steps) {
          if (step.kind !== 'list') {
            apply(mock, step);
            done.push(step);
            lastRemaining = undefined; // a clock move may start a new day's window
            continue;
          }
          const before = computations.mock.calls.length + exact.mock.calls.length;
          const got = await answer(mock, step.path);
          const work = computations.mock.calls.length + exact.mock.calls.length - before;
          if (work === 0) reused++;
          else computed++;
          const fresh = newMock();
          for (const earlier of done) apply(fresh, earlier);
          const want = await answer(fresh, step.path);
          expect({ ...got, remaining: 0, requestId: '' }, step.path).toEqual({ ...want, remaining: 0, requestId: '' });
          // Metered and recorded per request: every answer is charged and named anew, reused or not.
          if (lastRemaining !== undefined) expect(got.remaining).toBe(lastRemaining - Number(got.cost));
          lastRemaining = got.remaining;
          expect(requestIds.has(got.requestId)).toBe(false);
          requestIds.add(got.requestId);
        }
        expect(contextOf(mock).state.readings.size).toBeLessThanOrEqual(READING_ANSWER_BOUNDS.maxCount);
      }),
      { seed: 20_261_202, numRuns: 80 },
    );
    // Both paths were taken: the property compared reused answers, not only fresh ones.
    expect(reused).toBeGreaterThan(20);
    expect(computed).toBeGreaterThan(20);
  });

  it('serves a repeated listing at the same reading without computing it, and computes it again a millisecond later', async () => {
    const mock = newMock();
    const computations = vi.spyOn(contextOf(mock).data, 'eventsBetween');
    const path = '/v1/events?sport_id=29&limit=100';
    const first = await answer(mock, path);
    const second = await answer(mock, path);
    expect(computations).toHaveBeenCalledTimes(1);
    expect(second.body).toBe(first.body);
    expect(second.cache).toBeNull(); // invisible on the wire
    expect(second.remaining).toBe(first.remaining - Number(first.cost));
    mock.clock.advance(1);
    await answer(mock, path);
    expect(computations).toHaveBeenCalledTimes(2);
    mock.data.addEvent({
      event_id: 101,
      sport_id: 4,
      runner_home: 'Harbor City',
      runner_away: 'Northfield',
      minute: -600,
      markets: [{ market: 'moneyline', prices: [{ at: -900, odds: [1.9, 1.9] }] }],
    });
    await answer(mock, path);
    expect(computations).toHaveBeenCalledTimes(3);
    mock.data.removeEvent(101);
    await answer(mock, path);
    expect(computations).toHaveBeenCalledTimes(4);
  });

  it('keeps no reading answer through an override, and none in a snapshot: a fork computes its own', async () => {
    const mock = newMock();
    const path = '/v1/events?sport_id=29&limit=5';
    const plain = await answer(mock, path);
    expect(contextOf(mock).state.readings.size).toBe(1);
    mock.use('events.list', () => [], { once: true });
    const overridden = await answer(mock, path);
    expect(overridden.body).toBe('[]');
    expect((await answer(mock, path)).body).toBe(plain.body); // the override answered once, and was not kept
    const fork = mock.fork();
    expect(contextOf(fork).state.readings.size).toBe(0);
    expect((await answer(fork, path)).body).toBe(plain.body);
  });

  it('holds at most its bounds however many queries are read', async () => {
    const mock = newMock();
    for (let limit = 1; limit <= READING_ANSWER_BOUNDS.maxCount + 10; limit++) await answer(mock, `/v1/events?limit=${limit}`);
    const { readings } = contextOf(mock).state;
    expect(readings.size).toBe(READING_ANSWER_BOUNDS.maxCount);
    expect(readings.bytes).toBeLessThanOrEqual(READING_ANSWER_BOUNDS.maxBytes);
  });
});
