/**
 * Backfill into SQLite: a sport's events of a date range and the complete odds history of each, in a
 * SQLite file (`node:sqlite`), inside a credit budget, with a progress bar. Stop it at any time
 * (Ctrl-C, a crash, the budget): the same command resumes after the last page it stored.
 *
 *   npm run example -- backfill-sqlite [--sport 29] [--from 2026-11-15] [--to 2026-11-16] [--budget 20000] [--db file.sqlite]
 *
 * `--from` and `--to` take a UTC day (`--to` includes the whole day) or an RFC 3339 instant; by
 * default, yesterday (UTC): about 90 soccer events, 9,000 credits, well inside the default budget. Every
 * page is stored in one transaction with the checkpoint of the scan that made it (`scan.state`), and
 * the budget counts the credits of every run of the job (the SDK's `budget.maxCredits` guards what
 * is left, refusing a call before it is sent). `--stop-after-pages n` stops after n stored pages, as
 * Ctrl-C would.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { BudgetExceededError, type SportsOdds } from '../../src';
import { checkSport, exampleCli } from '../lib/cli';
import { count, credits, shownPath } from '../lib/format';
import { showProgress } from '../lib/progress';
import { runExample } from '../lib/run';
import { connect, realService } from '../lib/target';
import { openStore } from './store';

const cli = exampleCli(
  'backfill-sqlite',
  '[--sport <id>] [--from <day|instant>] [--to <day|instant>] [--budget <credits>] [--db <file>] [--stop-after-pages <n>]',
  "A sport's events and their whole odds histories into SQLite, resumable, inside a credit budget.",
  `  --sport <id>              the sport (default 29); refused unless the catalog lists it
  --from, --to <day|instant>  the window: a UTC day (--to includes it) or an RFC 3339 instant (default yesterday)
  --budget <credits>        the most every run of this job together may spend (default 20000)
  --db <file>               the job's SQLite file (default examples/out/backfill-...sqlite); one job per file
  --stop-after-pages <n>    stop after n stored pages, as Ctrl-C would
  --help                    show this help`,
);
const { values: args } = cli.parse(process.argv.slice(2), {
  sport: { type: 'string', default: '29' },
  from: { type: 'string' },
  to: { type: 'string' },
  budget: { type: 'string', default: '20000' },
  db: { type: 'string' },
  'stop-after-pages': { type: 'string' },
});

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// Default: yesterday (UTC), finished events with whole histories.
const yesterday = day(Math.floor(Date.now() / DAY) * DAY - DAY);
const from = cli.instant('--from', args.from) ?? yesterday;
const to = cli.instant('--to', args.to) ?? yesterday;
cli.range('--from', from, '--to', to);
const job = {
  sport_id: cli.integer('--sport', args.sport, { min: 1, what: 'a sport id' }) as number,
  // A UTC day starts at its midnight; an RFC 3339 instant is taken as it is.
  starts_from: /^\d{4}-\d{2}-\d{2}$/.test(from) ? `${from}T00:00:00Z` : from,
  starts_to: to,
};
const budget = cli.integer('--budget', args.budget, { what: 'a number of credits' }) as number;
const stopAfterPages = cli.integer('--stop-after-pages', args['stop-after-pages'], { min: 1 }) ?? Infinity;
const cwd = process.env['INIT_CWD'] ?? process.cwd();
const where = realService() ? 'service' : 'mock';
const file = args.db
  ? resolve(cwd, args.db)
  : resolve(
      dirname(process.argv[1] ?? '.'),
      `../out/backfill-${where}-${job.sport_id}-${job.starts_from.slice(0, 10)}-${job.starts_to.slice(0, 10)}.sqlite`,
    );

await mkdir(dirname(file), { recursive: true });
const { store, known, credits: before } = openStore(cli, file, job);
const target = connect({ rateLimit: { requestsPerSecond: 'account' }, budget: { maxCredits: Math.max(0, budget - before) } });
let pagesStored = 0;
/** A stop asked for by `--stop-after-pages`: the loops end after the page they stored. */
const stopped = () => pagesStored >= stopAfterPages;

/** Phase 1: every event of the window, page by page, with the scan's checkpoint. */
async function listEvents(odds: SportsOdds, signal: AbortSignal): Promise<void> {
  const { state, done } = store.scanState();
  if (done) return;
  const scan = state ? odds.events.resumeScan(state, { signal }) : odds.events.scan(job, { signal });
  let spent = scan.state.credits;
  for await (const page of scan.pages()) {
    store.saveEvents(page.data, page.state, page.state.credits - spent);
    spent = page.state.credits;
    pagesStored += 1;
    if (page.incomplete) console.log('  (more events start at one instant than a page holds: some are missing; narrow the window)');
    if (stopped() || signal.aborted) return;
  }
}

/** Phase 2: the whole history of each event, resuming one a previous run stopped inside. */
async function fetchHistories(odds: SportsOdds, signal: AbortSignal): Promise<void> {
  const shown = showProgress(() => store.totals());
  try {
    for (const event of store.pendingEvents()) {
      const history = event.history
        ? odds.events.resumeOddsHistory(event.history, { signal })
        : odds.events.oddsHistory(event.event_id, {}, { signal });
      let spent = history.state.credits;
      for await (const page of history.pages()) {
        store.saveOdds(event.event_id, page.data, page.state, page.state.credits - spent);
        spent = page.state.credits;
        pagesStored += 1;
        if (stopped() || signal.aborted) return;
      }
    }
  } finally {
    shown.stop();
  }
}

/** Where the job stands: complete, or how to resume it. */
function summary(odds: SportsOdds): void {
  const t = store.totals();
  const complete = t.done === t.events && store.scanState().done;
  if (complete) store.finish(new Date().toISOString());
  console.log(
    `\n${complete ? 'Complete' : 'Stopped'}: ${count(t.events)} events, ${count(t.done)} histories complete, ${count(t.rows)} odds rows, ${credits(t.credits)} in all (${credits(odds.credits.spent)} this run).`,
  );
  if (!complete) console.log('Run the same command to resume after the last stored page.');
}

await runExample(target.baseUrl, async (signal) => {
  const { odds } = target;
  // A new job's sport is checked first (a resumed one was then); its row is written once it is known.
  if (!known) await checkSport(cli, odds, job.sport_id, signal);
  // The catalog the check read is the job's first spend: the budget counts it.
  const { resumed } = store.open(job, new Date().toISOString(), odds.credits.spent);
  console.log(`Backfill of sport ${job.sport_id}, events starting ${job.starts_from} to ${job.starts_to}, from ${target.label}`);
  console.log(
    `${resumed ? 'resuming' : 'new'} job in ${shownPath(file)}; budget ${credits(budget)}, ${count(before)} spent by earlier runs`,
  );
  try {
    await listEvents(odds, signal);
    if (!stopped() && !signal.aborted) {
      console.log(`events listed: ${count(store.totals().events)}; now their odds histories`);
      await fetchHistories(odds, signal);
    }
  } catch (error) {
    // Ctrl-C while a request was out: that page was not stored, and the summary says where it stands.
    if (signal.aborted) return summary(odds);
    if (!(error instanceof BudgetExceededError)) throw error;
    const t = store.totals();
    console.log(
      `\nThe credit budget is reached: ${count(t.credits)} of ${count(budget)} spent, ${t.done} of ${t.events} histories complete.`,
    );
    console.log('Run the same command with a larger --budget to continue where it stopped.');
    process.exitCode = 3;
    return;
  }
  summary(odds);
});
store.close();
