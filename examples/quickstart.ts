/**
 * Quickstart: the SDK end to end. Runs against the embedded mock service (no network, no key)
 * unless SPORTS_ODDS_BASE_URL and SPORTS_ODDS_API_KEY are set.
 *
 *   npm run demo
 */
import { setupServer } from 'msw/node';
import { createMockService } from '../mocks';
import { SportsOdds, type ClosingLine, type OddsSnapshot } from '../src';

const live = Boolean(process.env['SPORTS_ODDS_BASE_URL'] && process.env['SPORTS_ODDS_API_KEY']);
const mock = live ? undefined : createMockService();
const server = mock && setupServer(...mock.handlers);
server?.listen({ onUnhandledFrame: 'error' });

const odds = new SportsOdds(mock ? { apiKey: mock.apiKey, baseUrl: mock.baseUrl } : {});

const title = (n: number, text: string) => console.log(`\n${n}. ${text}`);
const price = (x: number | null | undefined) => (x == null ? '   -  ' : x.toFixed(3).padStart(6));
const when = (iso: string | null | undefined) => (iso ?? '').replace('T', ' ').replace(/:00Z$/, 'Z');
const row = (r: OddsSnapshot | ClosingLine) =>
  `${String(r.market).padEnd(11)} p${r.period}  line ${r.line == null ? '   - ' : String(r.line).padStart(5)}   ${price(r.odds1)} ${price(r.odds0)} ${price(r.odds2)}`;

try {
  console.log(`Sports Odds Data quickstart: ${mock ? 'embedded mock service (no network, no key)' : odds.baseUrl}`);

  title(1, 'Catalog');
  const sports = await odds.catalog.sports();
  const soccer = sports.find((s) => s.name === 'Soccer') ?? sports.find((s) => s.has_live) ?? sports[0];
  const sportId = soccer?.sport_id as number;
  const leagues = await odds.catalog.leagues({ sport_id: sportId });
  console.log(`   ${sports.length} sports; ${soccer?.name} (sport_id ${sportId}) has ${leagues.length} leagues, e.g. ${leagues.slice(0, 3).map((l) => l.league_name).join(', ')}`);

  title(2, `Upcoming ${soccer?.name} events`);
  const upcoming = await odds.events.list({ sport_id: sportId, limit: 5 });
  for (const e of upcoming) console.log(`   ${when(e.starts)}  ${e.runner_home} v ${e.runner_away}  (event ${e.event_id}, version ${e.version})`);

  const next = upcoming[0];
  if (next?.event_id != null) {
    title(3, `Latest odds of ${next.runner_home} v ${next.runner_away}`);
    const { data, meta } = await odds.events.odds(next.event_id, { main_lines_only: true }).withMeta();
    console.log(`   ${data.length} main-line rows at line_id ${data[0]?.line_id} (${meta.credits.cost} credit; home / draw / away or over / - / under)`);
    for (const r of data.slice(0, 6)) console.log(`   ${row(r)}`);
  }

  title(4, 'Closing lines of a finished match');
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const finished = await odds.events.list({ sport_id: sportId, starts_from: `${day}T00:00:00Z`, starts_to: day, limit: 20 });
  const done = finished.find((e) => e.closing_available === true || e.closing_available === 1);
  if (done?.event_id != null) {
    const closing = await odds.events.closingLines(done.event_id);
    const main = closing.filter((r) => r.alt_line_id === null && r.period === 0);
    console.log(`   ${done.runner_home} v ${done.runner_away} (${when(done.starts)}): ${closing.length} closing rows, full-event main lines:`);
    for (const r of main) console.log(`   ${row(r)}`);

    title(5, 'Closing-line value of a bet');
    const ref = main.find((r) => r.market === 'moneyline') ?? main[0];
    if (ref?.market != null && ref.odds1 != null) {
      const taken = Math.round(ref.odds1 * 1.04 * 100) / 100;
      const market = ref.market as 'moneyline' | 'spread' | 'totals' | 'home_totals' | 'away_totals';
      const side = market === 'moneyline' || market === 'spread' ? 'home' : 'over';
      const bet = { event_id: done.event_id, market, side, odds: taken, stake: 100, ...(ref.line == null ? {} : { line: ref.line }) } as const;
      const clv = await odds.analytics.clv(bet);
      console.log(`   ${market} ${side}${ref.line == null ? '' : ` ${ref.line}`} taken at ${taken}, closed at ${clv.closing_odds} (fair ${clv.true_closing_odds})`);
      console.log(`   CLV ${((clv.clv ?? 0) * 100).toFixed(2)}%, expected win ${clv.expected_win?.toFixed(2)} on a stake of 100`);
    }
  }

  title(6, 'Live scan (follows X-Next-Cursor, past empty pages)');
  let pages = 0;
  let empty = 0;
  const inPlay: string[] = [];
  const scan = odds.events.live({ sport_id: sportId, limit: 3 });
  for await (const page of scan.pages()) {
    pages += 1;
    if (page.data.length === 0) empty += 1;
    for (const e of page.data) inPlay.push(`${e.runner_home} v ${e.runner_away}`);
    if (page.incomplete) console.log('   incomplete: narrow the filters and restart');
  }
  console.log(`   ${inPlay.length} events in play over ${pages} pages (${empty} empty): ${inPlay.slice(0, 3).join('; ')}${inPlay.length > 3 ? '; ...' : ''}`);

  title(7, 'Credits');
  const c = odds.credits;
  console.log(`   this client spent ${c.spent} credits in ${c.meteredCalls} metered calls`);
  console.log(`   daily guard: ${c.daily.remaining?.toLocaleString('en')} of ${c.daily.limit?.toLocaleString('en')} left, resets ${c.daily.reset?.toISOString()}`);
  console.log(`   plan period: ${c.period.remaining?.toLocaleString('en')} of ${c.period.limit?.toLocaleString('en')} left, resets ${c.period.reset?.toISOString()}`);
} finally {
  server?.close();
}
