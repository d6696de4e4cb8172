/**
 * The table of docs/caching.md, "The defaults and the rules they rest on", from the route table: how long the SDK keeps
 * an answer of each data route by default (`defaultMaxAge`, which the route's `metering.cacheable` decides) and why, in
 * the words of the routes' notes. Routes with the same default and the same reason share a row.
 */
import { type RouteDef, routeList } from '../../src/schemas';
import { defaultMaxAge } from '../../src/schemas/cache-defaults';
import { code, table } from './markdown';
import { noteOf } from './route-notes';

const HOUR_MS = 3_600_000;

/** A default `maxAge` in words: `none`, `1 hour`, `90 s`. */
export function maxAgeText(ms: number): string {
  if (ms === 0) return 'none';
  if (ms % HOUR_MS === 0) return `${ms / HOUR_MS} hour${ms === HOUR_MS ? '' : 's'}`;
  return `${ms / 1000} s`;
}

/** docs/caching.md: every data route's default `maxAge` and the rule of docs/service.md it rests on. */
export function cacheDefaultsTable(): string {
  const rows = new Map<string, { routes: RouteDef[]; maxAge: string; why: string }>();
  for (const route of routeList.filter((r) => r.metering !== undefined)) {
    const maxAge = maxAgeText(defaultMaxAge(route));
    const why = noteOf(route, 'cache');
    const row = rows.get(`${maxAge}\n${why}`) ?? { routes: [], maxAge, why };
    row.routes.push(route);
    rows.set(`${maxAge}\n${why}`, row);
  }
  return table(
    ['route', 'default `maxAge`', 'why (docs/service.md)'],
    [...rows.values()].map((row) => [row.routes.map((r) => code(r.id)).join(', '), row.maxAge, row.why]),
  );
}
