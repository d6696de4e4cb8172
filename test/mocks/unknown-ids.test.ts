import { describe, expect, it } from 'vitest';
import { fieldsOf } from '../../scripts/tables/fields';
import { noteOf } from '../../scripts/tables/route-notes';
import { expandPath, pathParamNames, type RouteDef, routeList } from '../../src/schemas';
import { call, codeOf, useMockServer } from '../helpers/mock-server';

const newMock = useMockServer();

/** An id no event, prop, sport or league of the seeded mock has (no test adds one here). */
const UNKNOWN = '999999';
/** Valid values of the required parameters that are not ids, so that only the id decides the answer. */
const SAMPLES: Readonly<Record<string, string>> = { market: 'moneyline', side: 'home', odds: '2' };

/** The route's URL with an unknown id in every path placeholder, and the given query. */
function urlOf(route: RouteDef, query: Record<string, string>): string {
  const params = Object.fromEntries(pathParamNames(route.path).map((name) => [name, UNKNOWN]));
  const search = new URLSearchParams(query).toString();
  return `${expandPath(route.path, params)}${search ? `?${search}` : ''}`;
}

/** The required query parameters of a route that are not ids, with their sample values. */
function requiredSamples(route: RouteDef): Record<string, string> {
  const required = fieldsOf(route.query).filter((f) => !f.optional && !f.name.endsWith('_id'));
  return Object.fromEntries(
    required.map((f) => {
      const sample = SAMPLES[f.name];
      if (sample === undefined) throw new Error(`${route.id}: give SAMPLES a valid ${f.name}`);
      return [f.name, sample];
    }),
  );
}

describe('an id that names nothing, on every data route (docs/interpretations.md, "Data routes")', () => {
  const dataRoutes = routeList.filter((route) => route.metering !== undefined);

  it.each(dataRoutes.map((route) => [route.id, route] as const))('%s answers as the table says', async (_id, route) => {
    const mock = newMock();
    const base = requiredSamples(route);
    const lookups: string[] = [];
    const filters: string[] = [];
    if (pathParamNames(route.path).length > 0) lookups.push(urlOf(route, base));
    for (const name of fieldsOf(route.query)
      .map((f) => f.name)
      .filter((n) => n.endsWith('_id'))) {
      const required = fieldsOf(route.query).filter((f) => !f.optional && f.name.endsWith('_id') && f.name !== name);
      const url = urlOf(route, { ...base, ...Object.fromEntries(required.map((f) => [f.name, UNKNOWN])), [name]: UNKNOWN });
      (noteOf(route, 'unknownQueryId') === 'lookup' ? lookups : filters).push(url);
    }
    for (const url of lookups) {
      const answer = await call(mock, url);
      expect([answer.status, codeOf(answer), answer.headers.get('X-Credits-Cost'), answer.headers.get('X-Result-Rows')], url).toEqual([
        404,
        'not_found',
        '1',
        '0',
      ]);
    }
    for (const url of filters) {
      const answer = await call(mock, url);
      expect([answer.status, answer.body, answer.headers.get('X-Credits-Cost')], url).toEqual([200, [], '1']);
    }
  });
});
