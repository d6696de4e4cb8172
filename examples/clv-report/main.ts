/**
 * CLV report: reads a CSV of bets, computes each bet's closing-line value from its event's closing lines
 * (`clvMany` of sports-odds-data/odds: one request per distinct event, values exactly as the CLV route answers them),
 * prints the per-bet and total CLV and expected win, and writes the report as CSV.
 *
 *   npm run example -- clv-report [bets.csv] [--out report.csv]
 *
 * Columns: bet_id, event_id, market, period (default 0), side, line (spread and totals markets, from
 * the side's perspective), odds (decimal, as taken), stake (default 1); other columns are carried
 * into the report. Without a file it reads examples/clv-report/bets.csv, finished events of the
 * embedded mock's default dataset. One closing-lines request per distinct event (a credit per 20 rows of its
 * closing board, at most 25), whatever the number of bets on it; an invalid bet is set aside before anything is sent.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { InvalidParametersError, type ClosingLineValue, type QueryOf, type SportsOdds } from '../../src';
import { clvMany, type ClvBatchResult, type ClvBook } from '../../src/odds';
import { exampleCli } from '../lib/cli';
import { count, credits, fitWidth, price, shownPath } from '../lib/format';
import { runExample } from '../lib/run';
import { connect } from '../lib/target';
import { parseCsv, toCsv } from './csv';

// scripts/run-ts.mjs runs a bundle elsewhere: argv[1] is this file's path.
const here = dirname(process.argv[1] ?? '.');
const cli = exampleCli(
  'clv-report',
  '[bets.csv] [--out <report.csv>]',
  "Closing-line value and expected win of a CSV of bets (default: this example's bets.csv), printed and written to a report.",
  `  --out <file>   where the report goes (default examples/out/clv-report.csv)
  --help         show this help`,
);
const { values: args, positionals } = cli.parse(process.argv.slice(2), { out: { type: 'string' } }, 1);
// `npm run` starts in the repository; INIT_CWD is where the command was typed.
const cwd = process.env['INIT_CWD'] ?? process.cwd();
const input = positionals[0] ? resolve(cwd, positionals[0]) : resolve(here, 'bets.csv');
const output = args.out ? resolve(cwd, args.out) : resolve(here, '../out/clv-report.csv');
/** The report's numbers at a precision a spreadsheet shows: CLV to 0.0001%, amounts to 1/10,000. */
const fixed = (x: number | null | undefined, digits: number) => (x == null ? null : Number(x.toFixed(digits)));

type Query = QueryOf<'analytics.clv'>;
type Outcome =
  | { status: 'ok'; result: ClosingLineValue }
  | { status: 'no closing line' | 'no such event' | 'invalid' | 'failed'; reason: string };

/** A CSV row as the CLV route's query; the SDK checks it before anything is sent. */
function queryOf(bet: Record<string, string>): Query {
  const number = (name: string) => (bet[name] ? Number(bet[name]) : undefined);
  return {
    event_id: number('event_id') ?? Number.NaN,
    market: bet['market'] as Query['market'],
    side: bet['side'] as Query['side'],
    odds: number('odds') ?? Number.NaN,
    ...(bet['period'] ? { period: Number(bet['period']) } : {}),
    ...(bet['line'] ? { line: Number(bet['line']) } : {}),
    ...(bet['stake'] ? { stake: Number(bet['stake']) } : {}),
  };
}

/** Why a bet has no value, in the report's words. */
const NO_VALUE = {
  no_closing_line: { status: 'no closing line', reason: 'no closing row matches this market, period and line' },
  no_event: { status: 'no such event', reason: 'the service has no event of this id' },
} as const;

/**
 * The book's CLV in one batch: one closing-lines request per distinct event. When the SDK refuses bets (it names
 * each by its index, before anything is sent), they are set aside as invalid and the rest sent.
 */
async function clvOfBook(odds: SportsOdds, queries: Query[], signal: AbortSignal): Promise<Outcome[]> {
  const { requests, reserved } = clvMany(odds, queries).estimate();
  console.log(`${count(queries.length)} bets on ${count(requests)} events: one closing-lines request each, at most ${credits(reserved)}\n`);
  const invalid = new Map<number, string>();
  let book: ClvBook;
  try {
    book = await clvMany(odds, queries, { signal });
  } catch (error) {
    if (!(error instanceof InvalidParametersError) || error.sent) throw error;
    for (const issue of error.issues) {
      const [, index, path] = /^bets\[(\d+)\]\.?(.*)$/.exec(issue.path) ?? [];
      invalid.set(Number(index), `${path ? `${path}: ` : ''}${issue.message}`);
    }
    book = await clvMany(
      odds,
      queries.filter((_, i) => !invalid.has(i)),
      { signal },
    );
  }
  const results = book.results.values();
  return queries.map((_, i): Outcome => {
    const reason = invalid.get(i);
    if (reason !== undefined) return { status: 'invalid', reason };
    const result = results.next().value as ClvBatchResult;
    if (result.status === 'ok') return { status: 'ok', result: result.value };
    if (result.status === 'failed') return { status: 'failed', reason: result.error.message };
    return NO_VALUE[result.status];
  });
}

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)}%`;

const target = connect();
await runExample(target.baseUrl, async (signal) => {
  const { odds } = target;
  const bets = parseCsv(await readFile(input, 'utf8'));
  console.log(`CLV of ${count(bets.length)} bets from ${shownPath(input)}\nagainst ${target.label}\n`);
  const queries = bets.map(queryOf);
  const outcomes = await clvOfBook(odds, queries, signal);
  console.log(
    `  ${'bet'.padEnd(8)} ${'event'.padEnd(10)} ${'market side line'.padEnd(24)}  taken  close   fair      CLV   stake  exp. win`,
  );
  const report: Record<string, unknown>[] = [];
  let staked = 0;
  let expected = 0;
  let beat = 0;
  for (const [i, bet] of bets.entries()) {
    const query = queries[i] as Query;
    const outcome = outcomes[i] as Outcome;
    const label = fitWidth(`${bet['market'] ?? ''} ${bet['side'] ?? ''}${bet['line'] ? ` ${bet['line']}` : ''}`, 24);
    const head = `  ${fitWidth(bet['bet_id'] ?? '', 8)} ${String(bet['event_id'] ?? '').padEnd(10)} ${label} ${price(query.odds, 6, 3)}`;
    if (outcome.status === 'ok') {
      const { closing_odds, true_closing_odds, clv, expected_win } = outcome.result;
      const stake = query.stake ?? 1;
      staked += stake;
      expected += expected_win ?? 0;
      if ((clv ?? 0) > 0) beat += 1;
      console.log(
        `${head} ${price(closing_odds, 6, 3)} ${price(true_closing_odds, 6, 3)} ${pct(clv ?? 0).padStart(8)} ${count(stake).padStart(7)} ${(expected_win ?? 0).toFixed(2).padStart(9)}`,
      );
    } else {
      console.log(`${head}  ${outcome.status}: ${outcome.reason}`);
    }
    report.push({
      ...bet,
      status: outcome.status,
      ...(outcome.status === 'ok'
        ? { ...outcome.result, clv: fixed(outcome.result.clv, 6), expected_win: fixed(outcome.result.expected_win, 4) }
        : { reason: outcome.reason }),
    });
  }

  const analysed = report.filter((r) => r['status'] === 'ok').length;
  console.log(`\n${analysed} of ${bets.length} bets analysed; ${beat} beat the fair closing price.`);
  if (analysed > 0) {
    console.log(`total stake ${count(staked)}, expected win ${expected.toFixed(2)}, stake-weighted CLV ${pct(expected / staked)}`);
  }
  console.log('CLV = odds taken / fair closing price - 1. The fair price has the margin removed, so a bet taken');
  console.log('at exactly the observed close shows a CLV of about minus the margin. Expected win = stake x CLV.');

  const columns = [
    ...new Set([...Object.keys(bets[0] ?? {}), 'status', 'closing_odds', 'true_closing_odds', 'clv', 'expected_win', 'reason']),
  ];
  await mkdir(dirname(output), { recursive: true });
  await writeFile(output, toCsv(columns, report));
  console.log(`\nreport written to ${shownPath(output)} (${credits(odds.credits.spent)} spent)`);
});
