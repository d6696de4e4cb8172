import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MockService } from '../../mocks';
import { NotFoundError, type ClosingLine, type QueryOf, type SportsOdds } from '../../src';
import { closingLineValue, clvMany, type ClvBatchResult } from '../../src/odds';
import { SIDES_BY_MARKET } from '../../src/schemas';
import { decimalText } from '../../src/schemas/query';
import { chargesOf, NOW, sdkFor, useMockServer } from '../sdk/mock-setup';

/**
 * The CLV batch against the CLV route, bit for bit (docs/service.md, "CLV analysis"): for random books of bets on
 * random events (every market, side and period; lines on the closing board and lines that are not; events that do
 * not exist), `clvMany` and the shared computation on the closing lines answer exactly what
 * `odds.analytics.clv` answers per bet, and the batch is charged at most the closing lines of its distinct events.
 * Deterministic: a fixed seed (fast-check prints it, with the counterexample, on failure).
 */

const SEED = 20_261_202;
const RUNS = 20;
const PLANS = { prop: { slug: 'prop', name: 'Prop', periodCredits: 1e12, periodDays: 30, dailyCredits: 1e12, rateLimitRps: 1e6 } };
const DEMO_KEY = `svc_live_${'Prop'.repeat(8)}`;
/** Event ids no event of the dataset has. */
const MISSING_EVENTS = [1, 999_999_999];

type Bet = QueryOf<'analytics.clv'>;
type Market = keyof typeof SIDES_BY_MARKET;
const MARKETS = Object.keys(SIDES_BY_MARKET) as Market[];

const newMock = useMockServer();

/** Finished events of the last days, with their closing boards as the closing lines route answers them. */
async function boardsOf(odds: SportsOdds): Promise<Map<number, ClosingLine[]>> {
  const day = 86_400_000;
  const events = await odds.events.list({
    starts_from: new Date(Date.parse(NOW) - 3 * day),
    starts_to: new Date(Date.parse(NOW) - day / 4),
    limit: 60,
  });
  const boards = new Map<number, ClosingLine[]>();
  for (const event of events) {
    if (event.event_id == null) continue;
    const { data, meta } = await odds.events.closingLines(event.event_id).withMeta();
    // A board the route cuts would be a different comparison: none of the seeded ones is near the row cap.
    expect(meta.truncated).toBe(false);
    boards.set(event.event_id, data);
  }
  return boards;
}

/** A bet on `boards`: an event of them or none, a market and side, a period and line from its board or beside it. */
function betArb(boards: Map<number, ClosingLine[]>): fc.Arbitrary<Bet> {
  const ids = [...boards.keys()];
  return fc
    .record({
      event: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.constantFrom(...MISSING_EVENTS) }),
      market: fc.constantFrom(...MARKETS),
      pick: fc.nat(),
      onBoard: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      offLine: fc.integer({ min: -40, max: 40 }).map((n) => n / 2 + 0.25),
      offPeriod: fc.integer({ min: 0, max: 6 }),
      odds: fc.double({ min: 1.01, max: 25, noNaN: true }),
      stake: fc.option(fc.double({ min: 0.01, max: 10_000, noNaN: true }), { nil: undefined }),
      sidePick: fc.nat(),
    })
    .map(({ event, market, pick, onBoard, offLine, offPeriod, odds, stake, sidePick }) => {
      const sides = SIDES_BY_MARKET[market];
      const side = sides[sidePick % sides.length] as Bet['side'];
      const rows = (boards.get(event) ?? []).filter((r) => r.market === market);
      const row = rows.length > 0 && onBoard ? rows[pick % rows.length] : undefined;
      const period = row?.period ?? offPeriod;
      // A board's line is written from the home side: an away spread takes it negated.
      const boardLine = row?.line ?? offLine;
      const line = market === 'moneyline' ? undefined : market === 'spread' && side === 'away' ? -boardLine : boardLine;
      return {
        event_id: event,
        market,
        side,
        odds,
        ...(period === 0 && pick % 2 === 0 ? {} : { period }),
        ...(line === undefined ? {} : { line }),
        ...(stake === undefined ? {} : { stake }),
      };
    });
}

/** A batch result without its bet: each kind of it. */
type RouteAnswer = ClvBatchResult extends infer R ? (R extends unknown ? Omit<R, 'bet'> : never) : never;

/** What the route answers for one bet, as a batch result. */
async function routeAnswer(odds: SportsOdds, bet: Bet): Promise<RouteAnswer> {
  try {
    return { status: 'ok', value: await odds.analytics.clv(bet) };
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    return /^event \d+ not found$/.test(error.serviceMessage)
      ? { status: 'no_event', message: error.serviceMessage }
      : { status: 'no_closing_line', message: error.serviceMessage };
  }
}

/** A bet's numbers as the SDK sends them (at most 12 decimals) and the route reads them: the pure function's input. */
const asSent = (bet: Bet): Bet => {
  const sent = (x: number) => Number(decimalText(x));
  return {
    ...bet,
    odds: sent(bet.odds),
    ...(bet.line === undefined ? {} : { line: sent(bet.line) }),
    ...(bet.stake === undefined ? {} : { stake: sent(bet.stake) }),
  };
};

const same = (a: number | null | undefined, b: number | null | undefined) => expect(Object.is(a, b), `${a} and ${b}`).toBe(true);

describe('clvMany, against the CLV route (property)', () => {
  it('answers every bet bit for bit as the route does, charged at most the closing lines of its distinct events', async () => {
    const mock: MockService = newMock({ plans: PLANS, demoAccount: { plan: 'prop', apiKey: DEMO_KEY } });
    const { odds } = sdkFor(mock, { rateLimit: { requestsPerSecond: 1e6 } });
    const boards = await boardsOf(odds);
    expect(boards.size).toBeGreaterThan(10);
    let matched = 0;
    let unmatched = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(betArb(boards), { minLength: 1, maxLength: 20 }), async (bets) => {
        const before = chargesOf(mock).charged;
        const book = clvMany(odds, bets);
        const events = new Set(bets.map((b) => b.event_id));
        expect(book.estimate()).toEqual({
          bets: bets.length,
          requests: events.size,
          perRequest: 25,
          reserved: 25 * events.size,
          expected: events.size,
        });
        const { results, meta } = await book;
        const charged = chargesOf(mock).charged - before;
        expect(meta).toEqual({ bets: bets.length, events: events.size, requests: events.size, credits: charged });
        // Each closing lines answer costs what its rows do (a 404 one credit), at most its envelope.
        const lines = [...events].reduce((sum, id) => sum + Math.max(1, Math.ceil((boards.get(id)?.length ?? 0) / 20)), 0);
        expect(charged).toBe(lines);
        expect(charged).toBeLessThanOrEqual(25 * events.size);

        expect(results.map((r) => r.bet)).toEqual(bets);
        for (const [i, bet] of bets.entries()) {
          const result = results[i] as ClvBatchResult;
          const route = await routeAnswer(odds, bet);
          expect(result.status, JSON.stringify(bet)).toBe(route.status);
          if (result.status === 'ok' && route.status === 'ok') {
            matched += 1;
            for (const key of ['closing_odds', 'true_closing_odds', 'clv', 'expected_win'] as const)
              same(result.value[key], route.value[key]);
            const pure = closingLineValue(asSent(bet), boards.get(bet.event_id) ?? []);
            expect(pure.kind).toBe('value');
            if (pure.kind === 'value') for (const key of ['clv', 'expected_win'] as const) same(pure.value[key], route.value[key]);
          } else if (result.status !== 'failed' && route.status !== 'ok' && route.status !== 'failed') {
            unmatched += 1;
            expect(result.status !== 'ok' && 'message' in result && result.message).toBe(route.message);
          }
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Both kinds of bet were tried.
    expect(matched).toBeGreaterThan(50);
    expect(unmatched).toBeGreaterThan(20);
  }, 300_000);
});
