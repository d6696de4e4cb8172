import { describe, expect, it } from 'vitest';
import { SportsOdds, SportsOddsCredentials } from '../../src';
import { methodPathOf, REQUEST_ONLY, ROUTE_METHODS, type RoutesWithoutMethod } from '../../src/resources/route-methods';
import { routeList, routes } from '../../src/schemas';

/**
 * Every route of the table has its SDK method, answering the route's body: a route added without
 * one makes this line a compile error that names the route and the method to write.
 */
const covered: [RoutesWithoutMethod] extends [never] ? 'every route has its method' : RoutesWithoutMethod = 'every route has its method';

const surface = {
  odds: new SportsOdds({ apiKey: `svc_live_${'a'.repeat(32)}`, baseUrl: 'http://localhost:1' }),
  credentials: new SportsOddsCredentials({ baseUrl: 'http://localhost:1' }),
};

/** What stands at a dotted path of the surface. */
const at = (path: string): unknown =>
  path.split('.').reduce<unknown>((value, name) => (value as Record<string, unknown> | undefined)?.[name], surface);

describe('the SDK has a method for every route of the route table', () => {
  it('route group.operation is odds.group.operation unless named otherwise, and every one is a method', () => {
    expect(covered).toBe('every route has its method');
    for (const route of routeList) {
      const path = methodPathOf(route.id);
      if (path === undefined) continue;
      expect(typeof at(path), `${route.id}: ${path}`).toBe('function');
    }
    expect(methodPathOf('events.odds')).toBe('odds.events.odds');
    expect(methodPathOf('checkout.claim')).toBe('credentials.claim');
  });

  it('names only routes of the table, each once, and every route the SDK reaches through odds.request only says why', () => {
    for (const id of [...Object.keys(ROUTE_METHODS), ...Object.keys(REQUEST_ONLY)]) expect(Object.hasOwn(routes, id), id).toBe(true);
    for (const id of Object.keys(ROUTE_METHODS)) expect(Object.hasOwn(REQUEST_ONLY, id), id).toBe(false);
    for (const why of Object.values<string>(REQUEST_ONLY)) expect(why.length).toBeGreaterThan(10);
  });
});
