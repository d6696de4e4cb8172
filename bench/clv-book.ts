/**
 * The CLV of a book of 140 bets on 35 finished events (docs/sdk.md, "CLV of a book of bets"), against the
 * standalone mock: credits and calls through `clvMany` (one closing-lines request per event), beside
 * `odds.analytics.clv` per bet, each on an account of its own, as the mock's ledger counts them.
 *
 * The bets: 4 per event, taken from its closing board (the moneyline home and away, the primary
 * spread's home side, the primary total's over), read by a third account so that neither measured
 * account pays for it; a bet whose market the board lacks is made on the moneyline draw, which
 * finds no closing row on a two-way market (the per-bet route charges its 404 a credit).
 *
 *   npx node scripts/run-ts.mjs bench/clv-book.ts
 */
import { startMockServer } from '../mocks/server/node';
import { SportsOdds, type QueryOf } from '../src';
import { clvMany } from '../src/odds';

type Bet = QueryOf<'analytics.clv'>;
const EVENTS = 35;
const BETS_PER_EVENT = 4;
const FAST = { slug: 'fast', name: 'Fast', periodCredits: 1e9, periodDays: 30, dailyCredits: 1e9, rateLimitRps: 1e6 };

const server = await startMockServer({ port: 0, plans: { fast: FAST } });
let accounts = 0;
async function clientOn() {
  accounts += 1;
  const { apiKey, email } = await server.mock.createAccount({ email: `clv-${accounts}@example.com`, plan: 'fast' });
  const odds = new SportsOdds({ apiKey, baseUrl: server.url, logLevel: 'off', tracing: false });
  const ledger = () => server.mock.ledger().find((e) => e.email === email) ?? { charges: [], charged: 0 };
  return { odds, ledger };
}

try {
  const setup = await clientOn();
  const day = new Date(server.mock.clock.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const events = (await setup.odds.events.list({ starts_from: `${day}T00:00:00Z`, starts_to: day, limit: 500 }))
    .filter((e) => e.closing_available === true || e.closing_available === 1)
    .slice(0, EVENTS)
    .map((e) => e.event_id as number);
  if (events.length < EVENTS) throw new Error(`only ${events.length} finished events with closing lines`);
  const bets: Bet[] = [];
  let boardRows = 0;
  for (const event_id of events) {
    const board = await setup.odds.events.closingLines(event_id);
    boardRows = Math.max(boardRows, board.length);
    const primary = (market: string) => board.find((r) => r.market === market && r.period === 0 && r.alt_line_id == null);
    const spread = primary('spread');
    const total = primary('totals');
    bets.push({ event_id, market: 'moneyline', side: 'home', odds: 2.05, stake: 10 });
    bets.push({ event_id, market: 'moneyline', side: primary('moneyline')?.odds0 == null ? 'draw' : 'away', odds: 2.4, stake: 10 });
    bets.push(
      spread
        ? { event_id, market: 'spread', side: 'home', line: spread.line ?? 0, odds: 1.95, stake: 10 }
        : { event_id, market: 'moneyline', side: 'draw', odds: 3.3 },
    );
    bets.push(
      total
        ? { event_id, market: 'totals', side: 'over', line: total.line ?? 0, odds: 1.9, stake: 10 }
        : { event_id, market: 'moneyline', side: 'draw', odds: 3.3 },
    );
  }
  if (bets.length !== EVENTS * BETS_PER_EVENT) throw new Error(`${bets.length} bets`);

  const batch = await clientOn();
  const book = clvMany(batch.odds, bets);
  const estimate = book.estimate();
  const { results, meta } = await book;
  const byBatch = batch.ledger();

  const single = await clientOn();
  let matched = 0;
  for (const bet of bets) {
    try {
      await single.odds.analytics.clv(bet);
      matched += 1;
    } catch {
      // A bet without a closing row: the route's 404, charged a credit.
    }
  }
  const perBet = single.ledger();
  const ok = results.filter((r) => r.status === 'ok').length;

  console.log(`${bets.length} bets on ${events.length} events (closing boards of at most ${boardRows} rows)`);
  console.log(`| way | calls | credits | bets with a value |`);
  console.log(`| --- | --- | --- | --- |`);
  console.log(
    `| clvMany (estimate: ${estimate.requests} requests, ${estimate.reserved} reserved, ${estimate.expected} expected) | ${byBatch.charges.length} | ${byBatch.charged} (meta.credits ${meta.credits}) | ${ok} |`,
  );
  console.log(`| analytics.clv per bet | ${perBet.charges.length} | ${perBet.charged} | ${matched} |`);
} finally {
  await server.close();
}
