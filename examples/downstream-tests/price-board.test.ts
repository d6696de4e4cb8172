/**
 * A suite to copy into your project: your code (price-board.ts) tested against the reference mock of
 * the service, through MSW, with no network and no key. Needs `sports-odds-data`, `msw` and `vitest`.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QuotaExceededError, SportsOdds } from 'sports-odds-data';
import { createMockService, fixtures } from 'sports-odds-data/mocks';
import { priceBoard } from './price-board.js';

const NOW = '2026-11-21T15:00:00Z';
const SOCCER = 29;
// A plan of our own for the quota test: 30 credits a day. Each odds call reserves its envelope (25
// credits, its most rows) before it runs, so such a day refuses the sixth call, although each costs 1.
const mock = createMockService({
  now: NOW,
  seed: 'my-app-tests',
  plans: { tiny: { slug: 'tiny', name: 'Tiny', periodCredits: 1_000, periodDays: 30, dailyCredits: 30, rateLimitRps: 50 } },
});
const server = setupServer(...mock.handlers);
const odds = new SportsOdds({ apiKey: mock.apiKey, baseUrl: mock.baseUrl, logLevel: 'off' });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
// Every test starts at the same instant, with the clock stopped: nothing depends on when it runs.
beforeEach(() => mock.clock.freeze(NOW));
afterEach(async () => {
  mock.faults.clear();
  await mock.reset(); // accounts, keys, credits, added events and overrides back to the seeded state
});
afterAll(() => server.close());

describe('the price board', () => {
  it('lists the next events with their moneyline, and its credits match the service ledger', async () => {
    const board = await priceBoard(odds, SOCCER);
    expect(board.lines.length).toBeGreaterThan(0);
    for (const line of board.lines) expect(Date.parse(line.starts)).toBeGreaterThan(Date.parse(NOW));
    const charged = mock.ledger().find((e) => e.email === mock.demoEmail)?.charged;
    expect(board.credits).toBe(charged);
  });

  it('shows a missing price as null instead of failing (mock.use answers one route, metered as the service would)', async () => {
    // The override answers inside the service's rules: the key, the charge by rows, every header.
    mock.use(
      'events.odds',
      ({ params }) => [
        fixtures.oddsSnapshot({
          event_id: params.event_id,
          market: 'moneyline',
          period: 0,
          alt_line_id: null,
          odds1: null,
          odds0: null,
          odds2: 2.5,
        }),
      ],
      { once: true },
    );
    const board = await priceBoard(odds, SOCCER, 1);
    expect(board.lines).toEqual([expect.objectContaining({ home: null, draw: null, away: 2.5 })]);
    expect(board.credits).toBe(mock.ledger().find((e) => e.email === mock.demoEmail)?.charged);
  });

  it('shows an event the test chose, with the prices it chose (mock.data.addEvent)', async () => {
    const id = mock.data.addEvent({
      sport_id: SOCCER,
      runner_home: 'Harbor City',
      runner_away: 'Northfield',
      starts: '2026-11-21T15:05:00Z', // the next kickoff of all: first on the board
      markets: [
        {
          market: 'moneyline',
          prices: [
            { at: '2026-11-20T15:00:00Z', odds: [2.1, 3.4, 3.6] },
            { at: '2026-11-21T14:00:00Z', odds: [1.9, 3.5, 4.2] },
          ],
        },
      ],
    });
    const board = await priceBoard(odds, SOCCER, 1);
    expect(board.lines).toEqual([
      { eventId: id, match: 'Harbor City v Northfield', starts: '2026-11-21T15:05:00Z', home: 1.9, draw: 3.5, away: 4.2 },
    ]);
  });

  it('would catch a typo in a fixture at once (422 fixture_invalid names the field)', async () => {
    mock.use('events.odds', () => [{ ...fixtures.oddsSnapshot(), odd1: 2.5 } as never], { once: true });
    await expect(priceBoard(odds, SOCCER, 1)).rejects.toThrow(/odd1/);
  });

  it('survives a 503 of the odds route (the SDK retries it), and the mock saw both answers', async () => {
    mock.faults.inject({ route: 'events.odds', status: 503, count: 1 });
    const board = await priceBoard(odds, SOCCER, 2);
    expect(board.lines).toHaveLength(2);
    const odd = mock.requests().filter((r) => r.route === 'events.odds');
    expect(odd.map((r) => r.status)).toEqual([503, 200, 200]);
    // A 503 after the data work costs a credit, and the board counts it.
    expect(board.credits).toBe(mock.ledger().find((e) => e.email === mock.demoEmail)?.charged);
  });

  it('moves with the service clock: two days later, other events are next', async () => {
    const today = await priceBoard(odds, SOCCER, 3);
    mock.clock.advance(2 * 86_400_000);
    const later = await priceBoard(odds, SOCCER, 3);
    expect(later.lines[0]?.eventId).not.toBe(today.lines[0]?.eventId);
    for (const line of later.lines) expect(Date.parse(line.starts)).toBeGreaterThan(mock.clock.now());
  });

  it('stops at the daily quota with its reset time, and works again after midnight UTC', async () => {
    const { apiKey } = await mock.createAccount({ email: 'small@example.com', plan: 'tiny' });
    const small = new SportsOdds({ apiKey, baseUrl: mock.baseUrl, logLevel: 'off', maxRetries: 0 });
    const error = await priceBoard(small, SOCCER, 20).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect((error as QuotaExceededError).resetAt?.toISOString()).toBe('2026-11-22T00:00:00.000Z');

    mock.clock.set('2026-11-22T00:00:00Z');
    expect((await priceBoard(small, SOCCER, 1)).lines).toHaveLength(1);
  });
});
