/**
 * One worker of the fleet backfill (main.ts forks several): a client on the Redis coordinator the
 * fleet shares (one pacing, one budget for all), taking events from the SQLite file one at a time
 * and storing each page of their odds histories with its checkpoint. It exits 0 when no event is
 * left, 3 when the fleet's budget is reached, 130 when stopped.
 */
import { Redis } from 'ioredis';
import { BudgetExceededError, SportsOdds } from '../../src';
import { redisCoordinator } from '../../src/redis';
import { BackfillStore } from '../backfill-sqlite/store';
import { count, credits } from '../lib/format';
import { describeFailure } from '../lib/run';

/** What main.ts gives each worker (JSON in `FLEET_BACKFILL`). */
export interface FleetWorkerConfig {
  name: string;
  db: string;
  baseUrl: string;
  apiKey: string;
  redisUrl: string;
  namespace: string;
  secret: string;
  /** The fleet's credit budget for this run, shared by every worker. */
  maxCredits: number;
}

const config = JSON.parse(process.env['FLEET_BACKFILL'] ?? 'null') as FleetWorkerConfig | null;
if (config === null) {
  console.error('this is a worker of `npm run example -- fleet-backfill`: run that instead');
  process.exit(2);
}

const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
redis.on('error', () => {}); // reaches the calls as CoordinatorError
const odds = new SportsOdds({
  apiKey: config.apiKey,
  baseUrl: config.baseUrl,
  coordinator: redisCoordinator({ redis, namespace: config.namespace, secret: config.secret }),
  rateLimit: { requestsPerSecond: 'account' },
  budget: { maxCredits: config.maxCredits },
  logLevel: 'warn',
});
const store = new BackfillStore(config.db);
const stop = new AbortController();
process.on('SIGINT', () => stop.abort());
process.on('SIGTERM', () => stop.abort());

let histories = 0;
let rows = 0;
let spent = 0;
let code = 0;
try {
  for (let event = store.claimNext(config.name); event !== undefined && !stop.signal.aborted; event = store.claimNext(config.name)) {
    const history = event.history
      ? odds.events.resumeOddsHistory(event.history, { signal: stop.signal })
      : odds.events.oddsHistory(event.event_id, {}, { signal: stop.signal });
    let before = history.state.credits;
    for await (const page of history.pages()) {
      store.saveOdds(event.event_id, page.data, page.state, page.state.credits - before);
      spent += page.state.credits - before;
      before = page.state.credits;
      rows += page.data.length;
    }
    histories += 1;
  }
} catch (error) {
  if (stop.signal.aborted) code = 130;
  else if (error instanceof BudgetExceededError) code = 3;
  else {
    console.error(describeFailure(error, config.baseUrl) ?? String(error));
    code = 1;
  }
}
const how = code === 3 ? 'stopped by the fleet budget' : code === 130 ? 'stopped' : code === 0 ? 'no event left' : 'failed';
console.log(`${config.name}: ${count(histories)} histories, ${count(rows)} rows, ${credits(spent)}; ${how}`);
store.close();
redis.disconnect();
process.exit(code);
