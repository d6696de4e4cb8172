import { startMockServer } from '../mocks/server/node';
import { SportsOdds } from '../src';
const FAST = { slug: 'fast', name: 'Fast', periodCredits: 1e9, periodDays: 30, dailyCredits: 1e9, rateLimitRps: 1e6 };
const server = await startMockServer({ port: 0, plans: { fast: FAST } });
const { apiKey } = await server.mock.createAccount({ email: 'p@example.com', plan: 'fast' });
const odds = new SportsOdds({ apiKey, baseUrl: server.url, logLevel: 'off', tracing: false });
await odds.catalog.sports();
const sports = await odds.catalog.sports();
const N = 20000;
for (const [name, f] of [['sports', () => odds.catalog.sports()], ['sports raw', () => odds.catalog.sports().withMeta()], ['leagues 1', () => odds.catalog.leagues({ sport_id: 1 })]] as const) {
  for (let i = 0; i < 3000; i++) await f();
  const t = performance.now();
  for (let i = 0; i < N; i++) await f();
  console.log(name, (((performance.now() - t) * 1000) / N).toFixed(1), 'µs');
}
// starvation: does a loop of hits let a timer run?
let fired = false;
setTimeout(() => (fired = true), 0);
let n = 0;
const t0 = performance.now();
while (!fired && n < 200000) { await odds.catalog.sports(); n++; }
console.log('timer fired after', n, 'hits', (performance.now() - t0).toFixed(0), 'ms', 'fired', fired);
await server.close();
process.exit(0);
