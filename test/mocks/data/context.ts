import { routes } from '../../../src/schemas';
import { type Clock, createClock } from '../../../mocks/clock';
import { createDataset, type Dataset, type Fixture } from '../../../mocks/data';
import type { DataContext, DataResult } from '../../../mocks/routes/types';
import { dataHandlers, type DataRouteId } from '../../../mocks/routes';

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

/** Calls a data handler as the pipeline does: query and params decoded by the route table. */
export async function call(
  id: DataRouteId,
  options: { query?: Raw; params?: Raw; clock?: Clock; rowCap?: number; liveScanLimit?: number; dataset?: Dataset } = {},
): Promise<DataResult> {
  const route = routes[id];
  const query = route.query.parse(toWire(options.query ?? {})) as Record<string, unknown>;
  const params = route.params.parse(toWire(options.params ?? {})) as Record<string, unknown>;
  const ctx: DataContext<never, never> = {
    params: params as never,
    query: query as never,
    clock: options.clock ?? frozenClock(),
    rowCap: options.rowCap ?? route.metering?.rowCap(query) ?? 500,
    cursorSecret: secret,
    data: options.dataset ?? data,
    liveScanLimit: options.liveScanLimit ?? 5000,
  };
  const result = await dataHandlers[id](ctx);
  // Every answer must pass the route table's response schema, as the pipeline checks it.
  route.responses[200].parse(result.body);
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
