/**
 * Benchmark of the mock service: time and heap of `createMockService()`, then the time to serve one
 * heavy event's full history, a `live=1` page and the other heavy queries, first through the data
 * handlers alone and then through the whole pipeline (authentication, metering, output validation,
 * JSON). Not a test: prints figures.
 *
 *   npx node --expose-gc scripts/run-ts.mjs bench/mock-dataset.ts
 *
 * Targets: creation under 50 ms and 50 MB; any single response under 20 ms.
 */
import { routes } from '../src/schemas';
import { createClock } from '../mocks/clock';
import { createMockService } from '../mocks';
import { createDataset, type Fixture } from '../mocks/data';
import { dataHandlers, type DataRouteId } from '../mocks/routes';
import type { DataContext } from '../mocks/routes/types';

const NOW = Date.parse('2026-11-21T15:07:00Z');
const gc = (globalThis as { gc?: () => void }).gc;
const heap = (): number => {
  gc?.();
  return process.memoryUsage().heapUsed;
};
const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(2)} MB`;
const ms = (t: number): string => `${t.toFixed(2)} ms`;

/** Times `fn` once cold, then reports the median of `runs` warm runs. */
async function time(label: string, fn: () => unknown, runs = 9): Promise<void> {
  let start = performance.now();
  await fn();
  const cold = performance.now() - start;
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    start = performance.now();
    await fn();
    warm.push(performance.now() - start);
  }
  warm.sort((a, b) => a - b);
  console.log(`${label.padEnd(44)} cold ${ms(cold).padStart(10)}   warm median ${ms(warm[runs >> 1] ?? 0).padStart(10)}`);
}

const before = heap();
let start = performance.now();
const mock = createMockService({ seed: 'bench', now: NOW });
await mock.ready;
const created = performance.now() - start;
console.log(`createMockService() and ready               ${ms(created)}, heap +${mb(heap() - before)}`);
mock.clock.freeze(NOW);
start = performance.now();
const data = createDataset('bench');
console.log(`createDataset() alone                        ${ms(performance.now() - start)}`);

const secret = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
const clock = createClock(NOW);
clock.freeze(NOW);

const handle = (id: DataRouteId, query: Record<string, string>, params: Record<string, string> = {}) => {
  const route = routes[id];
  const q = route.query.parse(query) as Record<string, unknown>;
  const ctx: DataContext<never, never> = {
    params: route.params.parse(params) as never,
    query: q as never,
    clock,
    rowCap: route.metering?.rowCap(q) ?? 500,
    cursorSecret: secret,
    data,
    liveScanLimit: 5000,
  };
  return dataHandlers[id](ctx);
};

let heavy: Fixture | undefined;
for (const f of data.fixturesBetween(NOW - 4 * 86_400_000, NOW - 86_400_000, NOW)) {
  if (f.heavy && f.priced && f.sport.live) {
    heavy = f;
    break;
  }
}
if (heavy === undefined) throw new Error('no heavy event');
const id = String(heavy.eventId);
console.log(`heavy event ${id} (${heavy.sport.name}): ${data.timeline(heavy).count} snapshots`);

// A fresh dataset per cold run would hide the caches; the cold figure includes building the timeline.
await time('odds full_history=1 (heavy, 5,000-row cap)', () => handle('events.odds', { full_history: '1' }, { event_id: id }));
await time('odds latest (heavy)', () => handle('events.odds', {}, { event_id: id }));
await time('closing lines (heavy)', () => handle('events.closingLines', {}, { event_id: id }));
await time('events live=1 limit=100 (first page)', () => handle('events.list', { live: '1' }));
await time('events live=1 limit=500', () => handle('events.list', { live: '1', limit: '500' }));
await time('events default listing (limit 100)', () => handle('events.list', {}));
await time('events since=-1h, past starts_from, limit 500', () =>
  handle('events.list', { since: new Date(NOW - 3_600_000).toISOString(), starts_from: '2021-01-01T00:00:00Z', limit: '500' }),
);
await time('outrights (all sports)', () => handle('outrights.list', {}));

// The same queries through the whole pipeline, as a client sees them (a fresh second each, so the
// per-second rate window never interferes).
const serve = async (path: string) => {
  mock.clock.advance(1000);
  const res = await mock.fetch(new Request(`${mock.baseUrl}${path}`, { headers: { Authorization: `Bearer ${mock.apiKey}` } }));
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return res.text();
};
await time('pipeline: odds full_history=1 (heavy)', () => serve(`/v1/events/${id}/odds?full_history=1`));
await time('pipeline: events live=1 limit=100', () => serve('/v1/events?live=1'));
await time('pipeline: events since=-1h, past starts_from', () =>
  serve(`/v1/events?since=${new Date(NOW - 3_600_000).toISOString().replace('.000', '')}&starts_from=2021-01-01T00:00:00Z&limit=500`),
);

const page = await handle('events.list', { live: '1' });
console.log(`live page: ${page.rows} events, ${page.verified} verified, cursor ${page.nextCursor === undefined ? 'none' : 'present'}`);
start = performance.now();
console.log(`heap after the runs: ${mb(heap())} (gc ${gc === undefined ? 'not exposed: run node --expose-gc for exact figures' : 'exposed'})`);
