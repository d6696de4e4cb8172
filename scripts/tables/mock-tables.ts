/**
 * The route tables of the mock's guides, from the route table: what each data route answers for an
 * event a test added (docs/testing.md), and what it answers for an id that names nothing
 * (docs/interpretations.md). The answers' words come from the routes' notes.
 */
import { type RouteDef, pathParamNames, routeList } from '../../src/schemas';
import { fieldsOf } from './fields';
import { code, table } from './markdown';
import { noteOf } from './route-notes';

const dataRoutes = (): RouteDef[] => routeList.filter((route) => route.metering !== undefined);

/** docs/testing.md, "Events with chosen prices": every data route and what it answers for an added event. */
export const addedEventTable = (): string =>
  table(
    ['route', 'what it answers for an added event'],
    dataRoutes().map((route) => [code(route.id), noteOf(route, 'addedEvent')]),
  );

const LOOKUP = '`404 not_found`, charged 1 credit with `X-Result-Rows: 0` (the lookup reached the data)';
const FILTER = 'an empty array, charged 1 credit';

/** What a data route answers for an unknown id: in its path, looked up; in its query, as its notes say. */
function unknownIdOf(route: RouteDef): string {
  const inPath = pathParamNames(route.path);
  const inQuery = fieldsOf(route.query)
    .map((f) => f.name)
    .filter((name) => name.endsWith('_id'));
  const parts: string[] = [];
  if (inPath.length > 0) parts.push(`${inPath.map(code).join(', ')} in the path: ${LOOKUP}`);
  if (inQuery.length > 0) {
    const answer = noteOf(route, 'unknownQueryId') === 'lookup' ? LOOKUP : FILTER;
    parts.push(`${inQuery.map(code).join(', ')}: ${answer}`);
  }
  return parts.length === 0 ? 'takes no id' : parts.join('; ');
}

/** docs/interpretations.md, "Data routes": every data route and what an id that names nothing gets. */
export const unknownIdTable = (): string =>
  table(
    ['route', 'an id that names nothing'],
    dataRoutes().map((route) => [code(`${route.method} ${route.path}`), unknownIdOf(route)]),
  );
