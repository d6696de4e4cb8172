/**
 * Quickstart: the SDK end to end, each call with the credits it cost. Runs against the embedded mock
 * service (no network, no key) unless SPORTS_ODDS_BASE_URL and SPORTS_ODDS_API_KEY are set.
 *
 *   npm run demo
 */
import type { ClosingLine, OddsSnapshot, ResponseMeta } from '../src';
import { exampleCli } from './lib/cli';
import { count, credits, windows } from './lib/format';
import { runExample } from './lib/run';
import { connect } from './lib/target';

exampleCli(
  'quickstart',
  '',
  'The SDK end to end, each call with the credits it cost (also `npm run demo`). Runs against the embedded\nmock service unless SPORTS_ODDS_BASE_URL and SPORTS_ODDS_API_KEY are set. It takes no flags.',
).parse(process.argv.slice(2), {});

const target = connect();
const { odds } = target;

const title = (n: number, text: string) => console.log(`\n${n}. ${text}`);
const cost = (meta: ResponseMeta) => `[${credits(meta.credits.cost ?? 0)}]`;
const price = (x: number | null | undefined) => (x == null ? '   -  ' : x.toFixed(3).padStart(6));
const when = (iso: string | null | undefined) => (iso ?? '').replace('T', ' ').replace(/:00Z$/, 'Z');
const row = (r: OddsSnapshot | ClosingLine) =>
  `${String(r.market).padEnd(11)} p${r.period}  ${r.line == null ? '    - ' : String(r.line).padStart(6)}   ${price(r.odds1)} ${price(r.odds0)} ${price(r.odds2)}`;
const header = `${'market'.padEnd(11)} per  ${'line'.padStart(6)}     home   draw   away`;

await runExample(target.baseUrl, async () => {
  console.log(`Sports Odds Data quickstart against ${target.label}`);
  console.log('Every call shows its cost in [credits]: rows / 20, rounded up, at least 1 (docs/service.md, "Metering").');

  title(1, 'Catalog');
  const sports = await odds.catalog.sports().withMeta();
  const soccer = sports.data.find((s) => s.name === 'Soccer') ?? sports.data.find((s) => s.has_live) ?? sports.data[0];
  const sportId = soccer?.sport_id as number;
  const leagues = await odds.catalog.leagues({ sport_id: sportId }).withMeta();
  const periods = await odds.catalog.periods({ sport_id: sportId }).withMeta();
  console.log(
    `   ${sports.data.length} sports ${cost(sports.meta)}; ${soccer?.name} (sport_id ${sportId}) has ${leagues.data.length} leagues ${cost(leagues.meta)}, e.g. ${leagues.data
      .slice(0, 3)
      .map((l) => l.league_name)
      .join(', ')}`,
  );
  const periodNames = periods.data.map((p) => `p${p.period} ${p.description}`).join(', ');
  console.log(`   its periods ${cost(periods.meta)}: ${periodNames}`);

  title(2, `Upcoming ${soccer?.name} events`);
  const upcoming = await odds.events.list({ sport_id: sportId, limit: 5 }).withMeta();
  console.log(`   the next ${upcoming.data.length} ${cost(upcoming.meta)}:`);
  for (const e of upcoming.data)
    console.log(`   ${when(e.starts)}  ${e.runner_home} v ${e.runner_away}  (event ${e.event_id}, version ${e.version})`);

  const next = upcoming.data[0];
  if (next?.event_id != null) {
    title(3, `Latest odds of ${next.runner_home} v ${next.runner_away}`);
    const { data, meta } = await odds.events.odds(next.event_id, { main_lines_only: true }).withMeta();
    console.log(`   ${data.length} main-line rows of snapshot ${data[0]?.line_id} ${cost(meta)}, in decimal odds:`);
    console.log(`   ${header}`);
    for (const r of data) console.log(`   ${row(r)}`);
    console.log('   per: the period (p0 the whole match; the others as listed in step 1). line: the handicap or total,');
    console.log('   from the home (or over) side. Prices: home / draw / away; for totals markets, over / - / under.');
  }

  title(4, 'Closing lines of a finished match');
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const finished = await odds.events.list({ sport_id: sportId, starts_from: `${day}T00:00:00Z`, starts_to: day, limit: 20 }).withMeta();
  const done = finished.data.find((e) => e.closing_available === true || e.closing_available === 1);
  console.log(`   ${finished.data.length} events of ${day} ${cost(finished.meta)}`);
  if (done?.event_id != null) {
    const closing = await odds.events.closingLines(done.event_id).withMeta();
    const main = closing.data.filter((r) => r.alt_line_id === null && r.period === 0);
    console.log(
      `   ${done.runner_home} v ${done.runner_away} (${when(done.starts)}): ${closing.data.length} closing rows ${cost(closing.meta)}, the full-match main lines:`,
    );
    console.log(`   ${header}`);
    for (const r of main) console.log(`   ${row(r)}`);

    title(5, 'Closing-line value of a bet');
    const ref = main.find((r) => r.market === 'moneyline') ?? main[0];
    if (ref?.market != null && ref.odds1 != null) {
      const taken = Math.round(ref.odds1 * 1.04 * 100) / 100;
      const market = ref.market as 'moneyline' | 'spread' | 'totals' | 'home_totals' | 'away_totals';
      const side = market === 'moneyline' || market === 'spread' ? 'home' : 'over';
      const bet = {
        event_id: done.event_id,
        market,
        side,
        odds: taken,
        stake: 100,
        ...(ref.line == null ? {} : { line: ref.line }),
      } as const;
      const { data: clv, meta } = await odds.analytics.clv(bet).withMeta();
      const pct = ((clv.clv ?? 0) * 100).toFixed(2);
      console.log(
        `   ${market} ${side}${ref.line == null ? '' : ` ${ref.line}`} taken at ${taken}, closed at ${clv.closing_odds} ${cost(meta)}`,
      );
      console.log(`   CLV ${pct}%, expected win ${clv.expected_win?.toFixed(2)} on a stake of 100.`);
      console.log(`   CLV is measured against the fair closing price ${clv.true_closing_odds} (the close without the bookmaker's margin),`);
      console.log(
        `   not the observed ${clv.closing_odds}: ${taken} / ${clv.true_closing_odds} - 1 = ${pct}%. Beating the observed close is not enough.`,
      );
    }
  }

  title(6, 'Live scan (follows X-Next-Cursor, past empty pages)');
  let pages = 0;
  let empty = 0;
  let scanCredits = 0;
  const inPlay: string[] = [];
  for await (const page of odds.events.live({ sport_id: sportId, limit: 3 }).pages()) {
    pages += 1;
    scanCredits += page.meta.credits.cost ?? 0;
    if (page.data.length === 0) empty += 1;
    for (const e of page.data) inPlay.push(`${e.runner_home} v ${e.runner_away}`);
    if (page.incomplete) console.log('   incomplete: narrow the filters and restart');
  }
  console.log(
    `   ${inPlay.length} events in play over ${pages} ${pages === 1 ? 'page' : 'pages'} (${empty} empty) [${credits(scanCredits)}]: ${inPlay.slice(0, 3).join('; ')}${inPlay.length > 3 ? '; ...' : ''}`,
  );

  title(7, 'Credits');
  const c = odds.credits;
  console.log(`   this client spent ${credits(c.spent)} in ${count(c.meteredCalls)} metered calls; ${windows(c)}`);
  console.log(`   the daily guard resets ${c.daily.reset?.toISOString()}, the plan period ${c.period.reset?.toISOString()}`);

  console.log('\nNext: the examples, each a real job (docs/examples.md):');
  console.log('   npm run example -- live-scanner       in-play prices, refreshed, with the credits spent');
  console.log('   npm run example -- clv-report         CLV and expected win of a CSV of bets');
  console.log('   npm run example -- price-watch        the changes of in-play lines as they happen, inside a budget');
  console.log('   npm run example -- backfill-sqlite    events and whole odds histories into SQLite, resumable');
  console.log('   npm run example -- fleet-backfill     worker processes sharing one account through Redis');
  console.log('   npm run example -- key-rotation       a key rotation that survives a crash');
  console.log('   npm run example -- downstream-tests   the mock in your own vitest suite');
  console.log('   npm run example -- browser            the SDK in a web page, across origins');
});
