import fc from 'fast-check';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { createMockService, type MockService } from '../../mocks';
import type { Event } from '../../src/schemas';
import { NOW } from '../helpers/mock-server';
import { checkState, commandArbitrary, type Real } from './mock-commands';
import { DAY, initialModel, PLAN, type Rows } from './mock-model';

/**
 * Model-based test of the mock (issue 23, item 2): random sequences over one mock of data calls that
 * hit and miss the caches (the visible catalog cache, the kept answers of settled events), overrides,
 * added events, faults of every kind and count, clock moves, resets, rate bursts and quota
 * exhaustion. A small model of the rules (mock-model.ts) predicts each answer's status, code,
 * charge and headers, and the ledger after each step. Deterministic: a fixed seed and a bounded
 * number of runs (fast-check prints the seed and the shrunk sequence of commands on failure).
 */

const SEED = 20_261_126;
const RUNS = 150;
const START = Date.parse(NOW);

/** A settled soccer event of two days before the start, and the rows of each generated answer, read from a reference mock. */
async function reference(): Promise<{ settled: number; rows: Rows }> {
  const mock = createMockService({
    now: NOW,
    plans: { ref: { ...PLAN, slug: 'ref', dailyCredits: 1e9, periodCredits: 1e9, rateLimitRps: 1e9 } },
    demoAccount: { plan: 'ref' },
  });
  mock.clock.freeze(NOW);
  const get = async (path: string) => {
    const response = await mock.fetch(`${mock.baseUrl}${path}`, { headers: { Authorization: `Bearer ${mock.apiKey}` } });
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as unknown[];
  };
  const day = new Date(START - 2 * DAY).toISOString().slice(0, 10);
  const events = (await get(`/v1/events?sport_id=29&starts_from=${day}T00:00:00Z&starts_to=${day}&limit=20`)) as Event[];
  const settled = events.find((e) => e.live_status === 2 && e.closing_available)?.event_id;
  if (settled == null) throw new Error('no settled event');
  mock.data.addEvent({
    event_id: 101,
    sport_id: 29,
    runner_home: 'Harbor City',
    runner_away: 'Northfield',
    minute: -120,
    markets: [{ market: 'moneyline', prices: [{ at: -600, odds: [2.1, 3.4, 3.6] }] }],
  });
  const rows = {
    sports: (await get('/v1/catalog/sports')).length,
    results: (await get(`/v1/events/${settled}/results`)).length,
    settledOdds: (await get(`/v1/events/${settled}/odds`)).length,
    added: (await get('/v1/events/101/odds')).length,
  };
  return { settled, rows };
}

describe('the mock against a model of its rules', () => {
  let mock: MockService;
  let real: Real;
  let rows: Rows;
  beforeAll(async () => {
    // Real time stands still too: the frozen clock's rate window counts real seconds (docs/service.md, "Rate limit"), which the
    // model cannot predict; with Date still, that window moves only with the clock's moves, as the model's does.
    vi.useFakeTimers({ toFake: ['Date'] });
    const ref = await reference();
    rows = ref.rows;
    mock = createMockService({ now: NOW, plans: { model: PLAN }, demoAccount: { plan: 'model' } });
    real = {
      mock,
      paths: {
        sports: '/v1/catalog/sports',
        results: `/v1/events/${ref.settled}/results`,
        settledOdds: `/v1/events/${ref.settled}/odds`,
        odds42: '/v1/events/42/odds',
        added: '/v1/events/101/odds',
      },
    };
  });

  afterAll(() => vi.useRealTimers());

  it('answers every generated sequence of calls, faults, overrides, events, clock moves and resets as the model predicts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands([commandArbitrary], { size: 'large', maxCommands: 80 }), async (commands) => {
        const setup = () => {
          // One mock for every run: each starts from a reset, the clock back at the mock's start.
          void mock.reset();
          mock.clock.freeze(START);
          const model = initialModel(START, rows);
          checkState(model, real);
          return { model, real };
        };
        await fc.asyncModelRun(setup, commands);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
