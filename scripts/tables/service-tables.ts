/**
 * The route tables of docs/service.md, from the route table: its data routes with their parameters,
 * and its account, key and credential operations with their bodies, headers and statuses. The
 * answers' words come from the routes' notes.
 */
import { type RouteDef, routeList } from '../../src/schemas';
import { headerName } from '../openapi/operations';
import { branchesOf, fieldsOf, objectText, pathWithQuery } from './fields';
import { code, table } from './markdown';
import { noteOf } from './route-notes';

/** A data route's query parameters, the required ones marked. */
function parametersOf(route: RouteDef): string {
  const fields = fieldsOf(route.query);
  if (fields.length === 0) return 'none';
  return fields.map((f) => `${code(f.name)}${f.optional ? '' : ' (required)'}`).join(', ');
}

/** "Data routes": every data route, its query parameters and what it answers. */
export function dataRoutesTable(): string {
  const rows = routeList
    .filter((route) => route.metering !== undefined)
    .map((route) => [code(route.path), parametersOf(route), noteOf(route, 'answers')]);
  return ['Parameters are optional unless marked (required).', '', table(['route', 'parameters', 'answers'], rows)].join('\n');
}

/** An operation as called: method, path and query, its body's fields (each branch of a union) and its required headers. */
function callOf(route: RouteDef): string {
  const parts = [code(`${route.method} ${pathWithQuery(route)}`)];
  if (route.body !== null)
    parts.push(
      branchesOf(route.body)
        .map((fields) => code(objectText(fields)))
        .join(' or '),
    );
  for (const name of Object.keys(route.headers ?? {})) parts.push(`+ ${code(headerName(name))}`);
  return parts.join(' ');
}

/** What an operation answers: its success statuses, then the notes' words. */
function answerOf(route: RouteDef): string {
  const answer = noteOf(route, 'answer');
  if (!route.registered) return answer;
  const statuses = Object.keys(route.responses).map(code).join(' or ');
  return `${statuses}, ${answer}`;
}

/** The table of a kind of operation: what it is (the route table's summary), how it is called, what it answers. */
const operationsTable = (routes: readonly RouteDef[]): string =>
  table(
    ['operation', 'route', 'answer'],
    routes.map((route) => [route.summary, callOf(route), answerOf(route)]),
  );

/** "Account and key routes": the operations under `account:manage`. */
export const accountRoutesTable = (): string =>
  operationsTable(routeList.filter((route) => route.auth.kind === 'bearer' && route.auth.scope === 'account:manage'));

/** "Credential delivery": the keyless operations. */
export const credentialRoutesTable = (): string => operationsTable(routeList.filter((route) => route.auth.kind === 'none'));
