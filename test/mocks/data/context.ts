import * as z from 'zod/mini';
import type { ResponseOf } from '../../../src/schemas/route-types';
import { type DataRouteId, type RouteDef, routes, type Routes } from '../../../src/schemas';
import { type Clock, createClock } from '../../../mocks/service/clock';
import { createDataset, type Dataset, type Fixture } from '../../../mocks/service/data';
import type { DataContextOf, DataResult } from '../../../mocks/service/contract';
import { dataHandlerOf } from '../../../mocks/service/handlers';

/** A fixed instant the tests read the dataset at (a Saturday afternoon). */
export const NOW = Date.parse('2026-11-21T15:07:00Z');
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** One dataset shared by the tests of a file (creation is cheap; sharing keeps the caches warm). */
export const data: Dataset = createDataset('test-seed');

export const secret: CryptoKey = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

/** A frozen clock at `at`. */
export const frozenClock = (at: number = NOW): Clock => {
  const clock = createClock(at);
  clock.freeze(at);
  return clock;
};

/** A clock whose every read is `step` later than the previous one (a slow request). */
export const steppingClock = (start: number, step: number): Clock => {
  const clock = frozenClock(start);
  const read = clock.now.bind(clock);
  let n = 0;
  return { ...clock, now: () => read() + step * n++ };
};

type Raw = Record<string, string | number | boolean>;

const toWire = (raw: Raw): Record<string, string> =>
  Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v)]));

/** A route's params and query decoded from their wire forms, typed by the route. */
const decoded = <R extends RouteDef>(
  route: R,
  params: Raw,
  query: Raw,
): { params: R['params']['_zod']['output']; query: R['query']['_zod']['output'] } => ({
  params: z.parse(route.params, toWire(params)),
  query: z.parse(route.query, toWire(query)),
});

/** Calls a data handler as the pipeline does: query and params decoded by the route table. */
export async function call<Id extends DataRouteId>(
  id: Id,
  options: { query?: Raw; params?: Raw; clock?: Clock; rowCap?: number; liveScanLimit?: number; dataset?: Dataset } = {},
): Promise<DataResult<ResponseOf<Id>>> {
  const route: Routes[Id] = routes[id];
  const { params, query } = decoded(route, options.params ?? {}, options.query ?? {});
  const ctx: DataContextOf<Id> = {
    params,
    query,
    clock: options.clock ?? frozenClock(),
    rowCap: options.rowCap ?? route.metering.rowCap(query),
    cursorSecret: secret,
    data: options.dataset ?? data,
    liveScanLimit: options.liveScanLimit ?? 5000,
  };
  const result = await dataHandlerOf(id)(ctx);
  // Every answer must pass the route table's response schema, as the pipeline checks it.
  z.parse(route.responses[200], result.body);
  return result;
}

/** Rows of a result body, typed loosely for assertions. */
export const rowsOf = (result: DataResult): Record<string, unknown>[] => result.body as Record<string, unknown>[];

/** Existing fixtures whose start lies in [from, to] at `now`. */
export const fixtures = (from: number, to: number, now: number = NOW): Fixture[] => [...data.fixturesBetween(from, to, now)];

/** The first fixture of a window that satisfies `test`. */
export function findFixture(test: (f: Fixture) => boolean, from = NOW - 10 * DAY, to = NOW - 2 * DAY, now = NOW): Fixture {
  for (const f of data.fixturesBetween(from, to, now)) if (test(f)) return f;
  throw new Error('no fixture found');
}
