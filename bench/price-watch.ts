/**
 * What a price watch costs (docs/sdk.md, "Watching prices"): 4 events in play watched every 10 s (and
 * every minute) for 10 minutes of the in-process mock's time (its clock frozen at a Saturday afternoon and moved by the
 * watch's own waits), in each mode, primary lines only and with the alternates: polls, requests,
 * credits (the mock's ledger) and the changes yielded by kind.
 *
 *   npx node scripts/run-ts.mjs bench/price-watch.ts
 */
import { createMockService } from '../mocks';
import { SportsOdds } from '../src';
import { watchPrices } from '../src/odds';

const NOW = '2026-11-21T15:00:00Z';
const MINUTES = 10;

console.log(`4 events in play at ${NOW}, watched for ${MINUTES} minutes of the mock's time`);
console.log('| mode | lines | every | polls | requests | credits | changes |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
const RUNS = [
  { mode: 'incremental', mainLinesOnly: true, intervalMs: 10_000 },
  { mode: 'incremental', mainLinesOnly: false, intervalMs: 10_000 },
  { mode: 'latest', mainLinesOnly: true, intervalMs: 10_000 },
  { mode: 'latest', mainLinesOnly: false, intervalMs: 10_000 },
  // Longer waits between polls: the history still has every change, the latest boards only those that lasted.
  { mode: 'incremental', mainLinesOnly: true, intervalMs: 60_000 },
  { mode: 'latest', mainLinesOnly: true, intervalMs: 60_000 },
  { mode: 'incremental', mainLinesOnly: true, intervalMs: 300_000 },
  { mode: 'latest', mainLinesOnly: true, intervalMs: 300_000 },
] as const;
for (const { mode, mainLinesOnly, intervalMs } of RUNS) {
  {
    const mock = createMockService({ now: NOW });
    mock.clock.freeze(NOW);
    const odds = new SportsOdds({
      apiKey: mock.apiKey,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
      now: () => mock.clock.now(),
      sleep: async (ms) => mock.clock.advance(ms),
      logLevel: 'off',
      tracing: false,
    });
    const events = (await odds.events.list({ live: true, limit: 20 })).slice(0, 4);
    const before = mock.ledger()[0]?.charged ?? 0;
    const watch = watchPrices(odds, events, { mode, mainLinesOnly, intervalMs, until: new Date(Date.parse(NOW) + MINUTES * 60_000) });
    const kinds = new Map<string, number>();
    for await (const change of watch) kinds.set(change.kind, (kinds.get(change.kind) ?? 0) + 1);
    const charged = (mock.ledger()[0]?.charged ?? 0) - before;
    const changes = [...kinds].map(([kind, n]) => `${n} ${kind}`).join(', ');
    console.log(
      `| ${mode} | ${mainLinesOnly ? 'primary' : 'primary and alternate'} | ${intervalMs / 1000} s | ${watch.meta.polls} | ${watch.meta.requests} | ${charged} | ${changes} |`,
    );
  }
}
