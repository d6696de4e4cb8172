// An event with a chosen moneyline move, added by a downstream suite (docs/testing.md): the SDK sees it
// in every route, with exact credits on both sides, and it moves with the mock's clock.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SportsOdds } from 'sports-odds-data';
import { createMockService, type EventSpec } from 'sports-odds-data/mocks';

const MINUTE = 60_000;
const mock = createMockService({ now: '2026-11-21T12:00:00Z' });
const server = setupServer(...mock.handlers);
const odds = new SportsOdds({
  apiKey: mock.apiKey,
  baseUrl: mock.baseUrl,
  logLevel: 'off',
  now: () => mock.clock.now(),
  sleep: async (ms) => mock.clock.advance(ms),
});

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(async () => {
  await mock.reset();
  mock.clock.freeze('2026-11-21T12:00:00Z');
});
afterAll(() => server.close());

const charged = () => mock.ledger().find((e) => e.email === mock.demoEmail)?.charged ?? 0;

/** Kickoff at 14:00: the moneyline opens a day before, moves at 13:00 (the closing price), and again in play. */
const MOVE: EventSpec = {
  sport_id: 29,
  runner_home: 'Harbor City',
  runner_away: 'Northfield',
  minute: -120,
  markets: [
    {
      market: 'moneyline',
      prices: [
        { at: -1440, odds: [2.1, 3.4, 3.6] },
        { at: -60, odds: [1.9, 3.5, 4.2] },
        { at: 5, odds: [1.7, 3.8, 5.0] },
      ],
    },
  ],
};

describe('an added event with a chosen moneyline move', () => {
  it('is in events.list, and events.odds answers its latest price and history, with exact credits in withMeta and the ledger', async () => {
    const id = mock.data.addEvent(MOVE);
    const listed = await odds.events.list({ sport_id: 29, starts_to: '2026-11-21T14:00:00Z', limit: 500 }).withMeta();
    const event = listed.data.find((e) => e.event_id === id);
    expect(event).toMatchObject({ runner_home: 'Harbor City', runner_away: 'Northfield', starts: '2026-11-21T14:00:00Z', live_status: 0 });
    expect(listed.meta.credits.cost).toBe(Math.max(1, Math.ceil(listed.data.length / 20)));

    mock.clock.set('2026-11-21T13:30:00Z');
    const before = charged();
    const latest = await odds.events.odds(id).withMeta();
    expect(latest.data.map((r) => [r.odds1, r.odds0, r.odds2, r.timestamp])).toEqual([[1.9, 3.5, 4.2, '2026-11-21T13:00:00Z']]);
    expect(latest.meta.credits.cost).toBe(1);
    expect(latest.meta.resultRows).toBe(1);
    const history = await odds.events.odds(id, { full_history: true }).withMeta();
    expect(history.data.map((r) => r.odds1)).toEqual([2.1, 1.9]);
    expect(history.meta.truncated).toBe(false);
    const since = await odds.events.odds(id, { since: '2026-11-21T12:00:00Z' });
    expect(since.map((r) => r.odds1)).toEqual([1.9]);
    expect(charged() - before).toBe(3);
    expect(odds.credits.spent).toBeGreaterThanOrEqual(3);
  });

  it('opens at its first price and closes at the last one before the kickoff; CLV matches that closing line exactly', async () => {
    const id = mock.data.addEvent(MOVE);
    const opening = await odds.events.openingLines(id);
    expect(opening.map((r) => [r.market, r.odds1, r.timestamp])).toEqual([['moneyline', 2.1, '2026-11-20T14:00:00Z']]);
    expect(await odds.events.closingLines(id)).toEqual([]);

    mock.clock.set('2026-11-21T14:10:00Z');
    const closing = await odds.events.closingLines(id);
    expect(closing.map((r) => [r.market, r.odds1, r.odds0, r.odds2, r.timestamp])).toEqual([
      ['moneyline', 1.9, 3.5, 4.2, '2026-11-21T13:00:00Z'],
    ]);
    const before = charged();
    const { data: clv, meta } = await odds.analytics
      .clv({ event_id: id, market: 'moneyline', side: 'home', odds: 2.1, stake: 10 })
      .withMeta();
    const fair = closing[0]?.todds1;
    if (typeof fair !== 'number') throw new Error('no fair closing price');
    expect(clv).toEqual({ closing_odds: 1.9, true_closing_odds: fair, clv: 2.1 / fair - 1, expected_win: 10 * (2.1 / fair - 1) });
    expect(meta.credits.cost).toBe(1);
    expect(charged() - before).toBe(1);
  });

  it('goes live with the clock, then ends and settles', async () => {
    const id = mock.data.addEvent({ ...MOVE, scores: [{ at: 30, score_home: 1, score_away: 0 }] });
    const liveIds = async () => {
      const ids: number[] = [];
      for await (const event of odds.events.live({ sport_id: 29 })) if (typeof event.event_id === 'number') ids.push(event.event_id);
      return ids;
    };
    expect(await liveIds()).not.toContain(id);
    mock.clock.advance(130 * MINUTE); // 14:10, minute 10
    expect(await liveIds()).toContain(id);
    expect((await odds.events.list({ event_id: id }))[0]?.live_status).toBe(1);
    mock.clock.advance(30 * MINUTE); // minute 40
    const inPlay = await odds.events.odds(id);
    expect(inPlay[0]).toMatchObject({ odds1: 1.7, score_home: 1, score_away: 0 });
    expect((await odds.events.results(id))[0]).toMatchObject({ status: 0, score_home: 1, score_away: 0 });

    mock.clock.advance(100 * MINUTE); // minute 140: ended at 120, settled at 135
    expect(await liveIds()).not.toContain(id);
    expect((await odds.events.list({ event_id: id }))[0]).toMatchObject({ live_status: 2, closing_available: true });
    expect((await odds.events.results(id))[0]).toMatchObject({ status: 1, settlement_id: 1, score_home: 1, score_away: 0 });
  });

  it('refuses an invalid spec at once, naming the field', () => {
    expect(() => mock.data.addEvent({ ...MOVE, markets: [{ market: 'spread', prices: [{ at: -60, odds: [1.9, 1.9] }] }] })).toThrow(
      'invalid event spec at markets[0].prices[0].line',
    );
    expect(mock.data.added()).toEqual([]);
  });
});
