/**
 * Price watch: the changes of a few in-play events' lines as they happen (a price moved, a line opened,
 * suspended, reopened or taken off the board, the score moved), each once, inside a credit budget,
 * until the time is up, the budget is spent or Ctrl-C.
 *
 *   npm run example -- price-watch [--events 4] [--seconds 60] [--interval 10] [--budget 100] [--mode auto]
 *
 * One loop over `watchPrices()` of `sports-odds-data/odds`: it picks the mode the budget allows
 * (each event's history since the last poll when its 250-credit envelope fits, else its latest board)
 * and the wait between polls (the plan's rate, the credits left till the end). Runs against the
 * embedded mock service unless SPORTS_ODDS_BASE_URL and SPORTS_ODDS_API_KEY are set.
 */
import { BudgetExceededError } from '../../src';
import { type PriceChange, type PriceWatchState, watchPrices } from '../../src/odds';
import { exampleCli } from '../lib/cli';
import { count, credits, price } from '../lib/format';
import { runExample } from '../lib/run';
import { connect } from '../lib/target';

const cli = exampleCli(
  'price-watch',
  '[--events <n>] [--seconds <n>] [--interval <seconds>] [--budget <credits>] [--mode auto|incremental|latest]',
  "The changes of in-play events' lines as they happen, each once, inside a credit budget, until the time is up or Ctrl-C.",
  `  --events <n>          in-play events watched (default 4)
  --seconds <n>         how long to watch (default 60)
  --interval <seconds>  least wait between polls (default 10)
  --budget <credits>    credits the client may spend in all (default 100)
  --mode <mode>         auto (default: by the budget), incremental or latest
  --help                show this help`,
);
const { values: args } = cli.parse(process.argv.slice(2), {
  events: { type: 'string', default: '4' },
  seconds: { type: 'string', default: '60' },
  interval: { type: 'string', default: '10' },
  budget: { type: 'string', default: '100' },
  mode: { type: 'string', default: 'auto' },
});
const events = cli.integer('--events', args.events, { min: 1, max: 50 }) as number;
const seconds = cli.integer('--seconds', args.seconds, { min: 1, max: 86_400, what: 'a number of seconds' }) as number;
const intervalMs = (cli.integer('--interval', args.interval, { min: 1, max: 3_600, what: 'a number of seconds' }) as number) * 1000;
const budget = cli.integer('--budget', args.budget, { min: 1, what: 'a number of credits' }) as number;
const modes = ['auto', 'incremental', 'latest'] as const;
const mode = modes.find((m) => m === args.mode) ?? cli.fail(`--mode takes auto, incremental or latest, not ${JSON.stringify(args.mode)}`);

/** The kinds of change, in the order the summary counts them. */
const KINDS: readonly PriceChange['kind'][] = [
  'price_moved',
  'line_opened',
  'line_suspended',
  'line_reopened',
  'line_removed',
  'event_state_changed',
];

/** A quote's prices: home (or over), draw, away (or under), with the line where it has one. */
const quote = (q: { line: number | null; odds1: number | null; odds0: number | null; odds2: number | null } | null): string =>
  q === null ? 'gone' : `${q.line === null ? '' : `${q.line} `}${price(q.odds1, 0, 3)} / ${price(q.odds0, 0, 3)} / ${price(q.odds2, 0, 3)}`;

/** One line per change: when, what, which line, and its prices (before → after). */
function describe(change: PriceChange): string {
  const at = (change.at ?? '').slice(11, 19);
  const head = `  ${at.padEnd(9)}${change.kind.padEnd(20)}${change.key.padEnd(34)}`;
  switch (change.kind) {
    case 'event_state_changed':
      return `${head}score ${change.after.score_home ?? '-'}-${change.after.score_away ?? '-'}, red cards ${change.after.red_cards_home ?? '-'}-${change.after.red_cards_away ?? '-'}`;
    case 'line_opened':
      return `${head}${quote(change.after)}`;
    default:
      return `${head}${quote(change.before)} → ${quote(change.after)}`;
  }
}

const target = connect({ rateLimit: { requestsPerSecond: 'account' }, budget: { maxCredits: budget } });
await runExample(target.baseUrl, async (signal) => {
  const { odds } = target;
  const live = await odds.events.list({ live: true, limit: Math.max(4, events) }, { signal });
  if (live.length === 0) {
    console.log(`Nothing is in play on ${target.label} right now: try again later.`);
    return;
  }
  const watched = live.slice(0, events);
  const until = new Date(Date.now() + seconds * 1000);
  const watch = watchPrices(odds, watched, { mode, intervalMs, until, signal });
  console.log(`Watching ${count(watched.length)} in-play events on ${target.label} for ${seconds} s, within ${credits(budget)}`);
  console.log(`mode: ${watch.meta.reason}\n`);
  const kinds = new Map<string, number>();
  let state: PriceWatchState = watch.state;
  try {
    for await (const change of watch) {
      kinds.set(change.kind, (kinds.get(change.kind) ?? 0) + 1);
      console.log(describe(change));
    }
    state = watch.state;
  } catch (error) {
    if (!(error instanceof BudgetExceededError)) throw error;
    state = watch.state;
    console.log(`\nThe budget is spent: ${error.message}`);
  }
  const { polls, requests, intervalMs: wait } = watch.meta;
  const total = [...kinds.values()].reduce((a, b) => a + b, 0);
  const byKind = KINDS.map((kind) => `${count(kinds.get(kind) ?? 0)} ${kind}`).join(', ');
  console.log(
    `\n${count(polls)} polls (${count(requests)} requests, the last wait ${wait / 1000} s): ${credits(state.credits)} spent; ${count(total)} changes: ${byKind}`,
  );
});
