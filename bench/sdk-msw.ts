/**
 * What MSW interception costs a test suite: 1,000 SDK calls against the mock through
 * `setupServer(...mock.handlers)` (msw patches `fetch` and matches every request against the
 * handlers), then the same 1,000 through `new SportsOdds({ fetch: mock.fetch })` (no interception:
 * the SDK hands each request to the mock directly). One process, one mock, the two ways taking turns
 * in blocks of 100 calls. Three kinds of call: a cached catalog answer, a listing of 20 events, and
 * an event's latest prices; and, for scale, a bare `fetch` of the catalog without the SDK. Then MSW's
 * own floor: a bare `fetch` of the catalog and of a listing of 100 events through the mock's handlers,
 * through a minimal MSW handler that returns the same captured answer, and through `mock.fetch`, in
 * turns; the goal is a call through the mock's handlers at most 1.25 times the minimal handler and
 * `mock.fetch` added (medians, wall and CPU time). Not a test: prints figures (docs/performance.md).
 *
 *   npx node scripts/run-ts.mjs bench/sdk-msw.ts
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMockService } from '../mocks';
import { SportsOdds } from '../src';

const CALLS = 1000;
const BLOCK = 100;

// A plan with room for every call of the run: the per-second limit would otherwise queue them.
const mock = createMockService({
  now: '2026-11-21T15:00:00Z',
  seed: 'bench',
  plans: { bench: { slug: 'bench', name: 'Bench', periodCredits: 1e9, periodDays: 30, dailyCredits: 1e9, rateLimitRps: 1e6 } },
  demoAccount: { plan: 'bench' },
});
await mock.ready;
// A minimal MSW handler per floor row, at a host of its own, replaying the mock's captured answer.
const catalogUrl = `${mock.baseUrl}/v1/catalog/sports`;
const listingUrl = `${mock.baseUrl}/v1/events?sport_id=29&limit=100`;
const bare = { authorization: `Bearer ${mock.apiKey}`, accept: 'application/json' };
const captured = async (url: string) => {
  const res = await mock.fetch(url, { headers: bare });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
};
const floors = {
  catalog: { url: catalogUrl, answer: await captured(catalogUrl) },
  listing: { url: listingUrl, answer: await captured(listingUrl) },
};
const minimalUrl = (url: string) => url.replace(mock.baseUrl, 'https://minimal.sports-odds.test');
const minimalHandlers = Object.values(floors).map(({ url, answer }) =>
  http.get(
    new URL(minimalUrl(url)).origin + new URL(url).pathname,
    () => new HttpResponse(answer.body, { status: answer.status, headers: answer.headers }),
  ),
);
const server = setupServer(...minimalHandlers, ...mock.handlers);
server.listen({ onUnhandledFrame: 'error' });

const options = { apiKey: mock.apiKey, baseUrl: mock.baseUrl, logLevel: 'off' as const, maxRetries: 0 };
const clients = {
  msw: new SportsOdds(options),
  fetch: new SportsOdds({ ...options, fetch: mock.fetch }),
};

const events = await clients.fetch.events.list({ sport_id: 29, limit: 20 });
const eventId = events[0]?.event_id;
if (eventId === undefined || eventId === null) throw new Error('the mock listed no event to ask prices of');

// Without the SDK: the global fetch (intercepted by msw), or mock.fetch itself.
const fetchOf = (odds: SportsOdds) => (odds === clients.msw ? globalThis.fetch : mock.fetch);

const calls: Record<string, (odds: SportsOdds) => Promise<unknown>> = {
  'catalog.sports (cached)': (odds) => odds.catalog.sports(),
  'events.list, 20 events': (odds) => odds.events.list({ sport_id: 29, limit: 20 }),
  'events.odds, latest': (odds) => odds.events.odds(eventId),
  'bare fetch, no SDK': async (odds) => (await fetchOf(odds)(catalogUrl, { headers: bare })).text(),
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

console.log(`node ${process.version}, ${CALLS} calls each way, in blocks of ${BLOCK} taking turns`);
console.log(`${'call'.padEnd(26)} ${'via msw'.padStart(22)} ${'via mock.fetch'.padStart(22)}   msw costs`);
for (const [label, call] of Object.entries(calls)) {
  // Warm both ways first (JIT, the mock's caches).
  for (let i = 0; i < 200; i++) for (const odds of Object.values(clients)) await call(odds);
  const total = { msw: 0, fetch: 0 };
  const each: Record<'msw' | 'fetch', number[]> = { msw: [], fetch: [] };
  for (let block = 0; block < CALLS / BLOCK; block++) {
    for (const way of (block % 2 === 0 ? ['msw', 'fetch'] : ['fetch', 'msw']) as ('msw' | 'fetch')[]) {
      const start = performance.now();
      for (let i = 0; i < BLOCK; i++) {
        const t0 = performance.now();
        await call(clients[way]);
        each[way].push(performance.now() - t0);
      }
      total[way] += performance.now() - start;
    }
  }
  const show = (way: 'msw' | 'fetch') => `${total[way].toFixed(0)} ms (${(median(each[way]) * 1000).toFixed(0)} µs/call)`;
  const extra = (median(each.msw) - median(each.fetch)) * 1000;
  console.log(
    `${label.padEnd(26)} ${show('msw').padStart(22)} ${show('fetch').padStart(22)}   ${(total.msw / total.fetch).toFixed(2)}x, +${extra.toFixed(0)} µs a call`,
  );
}
// MSW's own floor: the same bare fetch three ways, each block's median call in wall and CPU time.
const ways = {
  'mock.handlers': (url: string) => globalThis.fetch(url, { headers: bare }),
  'minimal handler': (url: string) => globalThis.fetch(minimalUrl(url), { headers: bare }),
  'mock.fetch': (url: string) => mock.fetch(url, { headers: bare }),
};
type Way = keyof typeof ways;
console.log(`\nMSW's floor, a bare fetch, median µs a call (wall / CPU), ${CALLS} calls each way in turns`);
for (const [name, { url }] of Object.entries(floors)) {
  const wall: Record<Way, number[]> = { 'mock.handlers': [], 'minimal handler': [], 'mock.fetch': [] };
  const cpu: Record<Way, number[]> = { 'mock.handlers': [], 'minimal handler': [], 'mock.fetch': [] };
  const names = Object.keys(ways) as Way[];
  for (let i = 0; i < 200; i++) for (const way of names) await (await ways[way](url)).text();
  for (let block = 0; block < CALLS / 10; block++) {
    for (const way of names.map((_, i) => names[(i + block) % names.length] as Way)) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < 10; i++) await (await ways[way](url)).text();
      const used = process.cpuUsage(c0);
      wall[way].push(((performance.now() - t0) * 1000) / 10);
      cpu[way].push((used.user + used.system) / 10);
    }
  }
  const m = (xs: number[]) => median(xs);
  const show = (way: Way) => `${m(wall[way]).toFixed(0)} / ${m(cpu[way]).toFixed(0)}`;
  const goal = (of: Record<Way, number[]>) => m(of['mock.handlers']) / (m(of['minimal handler']) + m(of['mock.fetch']));
  console.log(
    `${name.padEnd(8)} mock.handlers ${show('mock.handlers')}, minimal handler ${show('minimal handler')}, mock.fetch ${show('mock.fetch')}: ` +
      `x (minimal + mock.fetch) ${goal(wall).toFixed(2)} wall, ${goal(cpu).toFixed(2)} CPU (goal at most 1.25)`,
  );
}
server.close();
