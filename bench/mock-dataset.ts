/**
 * Benchmark of the mock service: time and heap of `createMockService()`, then the time to serve one
 * heavy event's full history, a `live=1` page and the other heavy queries, first through the data
 * handlers alone and then through the whole pipeline (authentication, metering, output validation,
 * JSON). Not a test: prints figures.
 *
 *   npx node --expose-gc scripts/run-ts.mjs bench/mock-dataset.ts
 *
 * Targets: creation under 50 ms and 50 MB; any single response under 20 ms warm (the max of the
 * warm runs, not only their median). Cold figures include pricing the event's timeline once
 * (in-play quotes of a race sport are the most expensive: opening lines scan all of them).
 */
import * as z from 'zod/mini';
import { type DataRouteId, type RouteDef, routes, type Routes } from '../src/schemas';
import { createClock } from '../mocks/service/clock';
import { createMockService } from '../mocks';
import { createDataset, type Fixture } from '../mocks/service/data';
import { dataHandlerOf } from '../mocks/service/handlers';
import type { DataContextOf } from '../mocks/service/contract';

const NOW = Date.parse('2026-11-21T15:07:00Z');
const gc = (globalThis as { gc?: () => void }).gc;
const heap = (): number => {
  gc?.();
  return process.memoryUsage().heapUsed;
};
const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(2)} MB`;
const ms = (t: number): string => `${t.toFixed(2)} ms`;

/** Times `fn` once cold, then reports the median and the max of `runs` warm runs. */
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
  const max = warm[runs - 1] ?? 0;
  worst = Math.max(worst, max);
  console.log(
    `${label.padEnd(46)} cold ${ms(cold).padStart(10)}   warm median ${ms(warm[runs >> 1] ?? 0).padStart(9)}   max ${ms(max).padStart(9)}`,
  );
}
let worst = 0;

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

/** A route's params and query decoded from their wire forms, typed by the route. */
const decoded = <R extends RouteDef>(
  route: R,
  params: Record<string, string>,
  query: Record<string, string>,
): { params: R['params']['_zod']['output']; query: R['query']['_zod']['output'] } => ({
  params: z.parse(route.params, params),
  query: z.parse(route.query, query),
});

const handle = <Id extends DataRouteId>(id: Id, query: Record<string, string>, params: Record<string, string> = {}) => {
  const route: Routes[Id] = routes[id];
  const input = decoded(route, params, query);
  const ctx: DataContextOf<Id> = {
    ...input,
    clock,
    rowCap: route.metering.rowCap(input.query),
    cursorSecret: secret,
    data,
    liveScanLimit: 5000,
  };
  return dataHandlerOf(id)(ctx);
};

const find = (test: (f: Fixture) => boolean): Fixture => {
  for (const f of data.fixturesBetween(NOW - 4 * 86_400_000, NOW - 86_400_000, NOW)) if (test(f)) return f;
  throw new Error('no such event');
};
const heavy = find((f) => f.heavy && f.priced && f.sport.live && f.child === null);
const id = String(heavy.eventId);
console.log(`heavy event ${id} (${heavy.sport.name}): ${data.timeline(heavy).count} snapshots`);
// The most expensive model to price in play: a volleyball match (five sets of rally points).
const rally = find(
  (f) => f.sport.name === 'Volleyball' && f.priced && !f.abandoned && data.liveState(f, f.starts + 60_000) !== 'not-covered',
);
const rallyId = String(rally.eventId);
console.log(`race event ${rallyId} (${rally.sport.name}): ${data.timeline(rally).count} snapshots`);
const withProps = find((f) => f.sport.props && f.priced && f.child === null);
const propId = String(data.props(withProps, NOW)[0]?.special_id ?? 0);

// A fresh dataset per cold run would hide the caches; the cold figure includes building the timeline.
await time('odds full_history=1 (heavy, 5,000-row cap)', () => handle('events.odds', { full_history: '1' }, { event_id: id }));
await time('odds latest (heavy)', () => handle('events.odds', {}, { event_id: id }));
await time('closing lines (heavy)', () => handle('events.closingLines', {}, { event_id: id }));
await time('opening lines (heavy, scans every in-play quote)', () => handle('events.openingLines', {}, { event_id: id }));
await time('results (heavy)', () => handle('events.results', {}, { event_id: id }));
await time('opening lines (volleyball)', () => handle('events.openingLines', {}, { event_id: rallyId }));
await time('odds full_history=1 (volleyball)', () => handle('events.odds', { full_history: '1' }, { event_id: rallyId }));
await time('closing lines (volleyball)', () => handle('events.closingLines', {}, { event_id: rallyId }));
await time('CLV (heavy, moneyline)', () => handle('analytics.clv', { event_id: id, market: 'moneyline', side: 'home', odds: '2.1' }));
await time('props of an event', () => handle('events.props', {}, { event_id: String(withProps.eventId) }));
await time('prop odds full_history=1', () => handle('props.odds', { full_history: '1' }, { prop_id: propId }));
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

console.log(`slowest warm answer: ${ms(worst)} (target under 20 ms)`);
const page = await handle('events.list', { live: '1' });
console.log(`live page: ${page.rows} events, ${page.verified} verified, cursor ${page.nextCursor === undefined ? 'none' : 'present'}`);
start = performance.now();
console.log(
  `heap after the runs: ${mb(heap())} (gc ${gc === undefined ? 'not exposed: run node --expose-gc for exact figures' : 'exposed'})`,
);
