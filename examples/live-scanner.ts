/**
 * Live scanner: the in-play events (of every sport, or of one) and their current full-event main
 * lines (1X2, spread, total), refreshed by polling, with the credits each refresh spent, until Ctrl-C.
 *
 *   npm run example -- live-scanner [--sport 29] [--interval 15] [--events 12] [--refreshes n] [--trace]
 *
 * Each refresh is a live scan (`odds.events.live()`, following the cursor) and one latest-odds call
 * per event shown, paced to the account's rate limit. Runs against the embedded mock service unless
 * SPORTS_ODDS_BASE_URL and SPORTS_ODDS_API_KEY are set. With `--trace`, OpenTelemetry prints each
 * refresh's span and, under it, the span of every call (its credits, retries and waits) to the console.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Event, OddsSnapshot, SportsOdds } from '../src';
import { exampleCli, knownSport } from './lib/cli';
import { count, credits, fitWidth, hhmm, price, windows } from './lib/format';
import { runExample } from './lib/run';
import { connect } from './lib/target';
import { consoleTracing } from './lib/tracing';

const cli = exampleCli(
  'live-scanner',
  '[--sport <id>] [--interval <seconds>] [--events <n>] [--refreshes <n>] [--trace]',
  'In-play events and their main-line prices, refreshed by polling, with the credits spent, until Ctrl-C.',
  `  --sport <id>          one sport (default: every sport); refused unless the catalog lists it
  --interval <seconds>  wait between refreshes (default 15)
  --events <n>          events shown with their prices (default 12)
  --refreshes <n>       stop after n refreshes (default: until Ctrl-C)
  --trace               print each refresh's OpenTelemetry spans
  --help                show this help`,
);
const { values: args } = cli.parse(process.argv.slice(2), {
  sport: { type: 'string' },
  interval: { type: 'string', default: '15' },
  events: { type: 'string', default: '12' },
  refreshes: { type: 'string' },
  trace: { type: 'boolean', default: false },
});
const sportId = cli.integer('--sport', args.sport, { min: 1, what: 'a sport id' });
const intervalMs = (cli.integer('--interval', args.interval, { max: 86_400, what: 'a number of seconds' }) as number) * 1000;
const shown = cli.integer('--events', args.events, { min: 1, max: 100 }) as number;
const refreshes = cli.integer('--refreshes', args.refreshes, { min: 1 }) ?? Infinity;

/** One line per event: kickoff, match, score, 1X2, spread and total of the latest snapshot. */
function line(event: Event, rows: OddsSnapshot[]): string {
  const main = (market: string) => rows.find((r) => r.market === market && r.period === 0 && r.alt_line_id == null);
  const ml = main('moneyline');
  const spread = main('spread');
  const total = main('totals');
  const any = ml ?? spread ?? total;
  const score = (any?.score_home == null ? '-' : `${any.score_home}-${any.score_away ?? '?'}`).padStart(7);
  const withLine = (r: OddsSnapshot | undefined) =>
    r ? `${String(r.line ?? '').padStart(5)} ${price(r.odds1, 5)} ${price(r.odds2, 5)}` : '    -     -     -';
  const match = fitWidth(`${event.runner_home ?? '?'} v ${event.runner_away ?? '?'}`, 40);
  return `  ${hhmm(event.starts).padEnd(8)}${match} ${score}  ${price(ml?.odds1, 5)} ${price(ml?.odds0, 5)} ${price(ml?.odds2, 5)}  ${withLine(spread)}  ${withLine(total)}`;
}

/** One refresh: the live scan, then the latest main lines of the first events, in parallel (paced). */
async function refresh(odds: SportsOdds, signal: AbortSignal): Promise<{ events: Event[]; lines: string[]; calls: number }> {
  const events: Event[] = [];
  let calls = 0;
  for await (const page of odds.events
    .live(sportId === undefined ? { limit: 100 } : { sport_id: sportId, limit: 100 }, { signal })
    .pages()) {
    calls += 1;
    events.push(...page.data);
  }
  events.sort((a, b) => (a.starts ?? '').localeCompare(b.starts ?? ''));
  const board = events.slice(0, shown);
  const rows = await Promise.all(board.map((event) => odds.events.odds(event, { main_lines_only: true }, { signal })));
  calls += board.length;
  return { events, lines: board.map((event, i) => line(event, rows[i] ?? [])), calls };
}

const tracing = await consoleTracing(args.trace, 'live-scanner');
const target = connect({ rateLimit: { requestsPerSecond: 'account' } });
await runExample(target.baseUrl, async (signal) => {
  const { odds } = target;
  // Read once, for the sport's name: its cost is in the total since the start, and said there.
  const sports = await odds.catalog.sports({ signal });
  const catalogCredits = odds.credits.spent;
  if (sportId !== undefined) knownSport(cli, sports, sportId);
  const sport =
    sportId === undefined ? 'events, every sport,' : `${sports.find((s) => s.sport_id === sportId)?.name ?? `sport ${sportId}`} events`;
  // The screen is redrawn on a terminal, unless spans are printed too.
  const tty = process.stdout.isTTY === true && !args.trace;
  for (let n = 1; n <= refreshes; n++) {
    const before = odds.credits.spent;
    const { events, lines, calls } = await tracing.within('refresh', () => refresh(odds, signal));
    const spent = odds.credits.spent - before;
    if (tty) process.stdout.write('\x1b[2J\x1b[H');
    else if (n > 1) console.log('');
    console.log(`Live ${sport} on ${target.label}`);
    const at = `at ${new Date().toISOString().slice(11, 19)} UTC`;
    console.log(
      Number.isFinite(refreshes)
        ? `refresh ${n} of ${refreshes} ${at}`
        : `refresh ${n} ${at}, every ${intervalMs / 1000} s: Ctrl-C to stop`,
    );
    console.log(
      `${count(events.length)} events in play${events.length > lines.length ? `, the first ${lines.length} by kickoff` : ''}; prices are decimal odds of the latest snapshot, full event\n`,
    );
    console.log(`  ${'kickoff'.padEnd(8)}${'match'.padEnd(40)}   score   home  draw  away   spread  home  away   total  over under`);
    for (const text of lines) console.log(text);
    if (lines.length === 0) console.log('  (nothing in play right now)');
    const pages = calls - lines.length;
    console.log(
      `\ncredits: ${credits(spent)} this refresh (${count(pages)} live-scan ${pages === 1 ? 'page' : 'pages'}, ${count(lines.length)} latest-odds ${lines.length === 1 ? 'call' : 'calls'}), ${credits(odds.credits.spent)} since the start (${count(catalogCredits)} of them for the sports catalog, read once)`,
    );
    console.log(`windows: ${windows(odds.credits)}`);
    if (n < refreshes) await sleep(intervalMs, undefined, { signal });
  }
  await tracing.shutdown();
});
