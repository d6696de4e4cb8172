import { describe, expect, it } from 'vitest';
import type { DataHandler, OperationHandler } from '../../mocks/service/contract';
import { createRegistry } from '../../mocks/service/registry';
import { handlers, type Handlers } from '../../mocks/service/handlers';
import { listLeagues, listSports } from '../../mocks/service/routes/catalog';
import { capped } from '../../mocks/service/routes/common';
import { listKeys } from '../../mocks/service/routes/keys';
import { eventResults } from '../../mocks/service/routes/results';
import { routeList } from '../../src/schemas';

describe('the handlers, typed by the route table', () => {
  it('a route without its handler, or a handler whose params, query or rows are not its route’s, does not compile', () => {
    const { 'events.results': _results, ...others } = handlers;
    // @ts-expect-error: events.results has no handler
    const missing: Handlers = others;
    const { 'keys.list': _keys, ...noKeyList } = handlers;
    // @ts-expect-error: keys.list has no handler
    const missingOperation: Handlers = noKeyList;
    // @ts-expect-error: the handler of events.results reads an event_id, and props.odds decodes a prop_id
    const wrongParams: DataHandler<'props.odds'> = eventResults;
    // @ts-expect-error: catalog.leagues decodes sport_id, not league_id
    const wrongQuery: DataHandler<'catalog.leagues'> = (ctx) => capped(ctx.data.leagues(ctx.query.league_id), ctx.rowCap);
    // @ts-expect-error: catalog.sports answers sports, and events.results its results
    const wrongRows: DataHandler<'events.results'> = listSports;
    // @ts-expect-error: keys.list answers 200, never 201
    const wrongStatus: OperationHandler<'keys.list'> = (ctx) => ({ ...listKeys(ctx), status: 201 });
    const right: DataHandler<'catalog.leagues'> = listLeagues;
    expect([missing, missingOperation, wrongParams, wrongQuery, wrongRows, wrongStatus, right].every((value) => value !== undefined)).toBe(
      true,
    );
  });

  it('the registry holds an entry for every route of the table, data or operation as the table declares it', () => {
    const registry = createRegistry(new Set(['billing.portal']));
    expect(Object.keys(registry).sort()).toEqual(routeList.map((route) => route.id).sort());
    for (const route of routeList) expect(registry[route.id]?.kind, route.id).toBe(route.metering === undefined ? 'operation' : 'data');
  });

  it('leaves out the routes the table marks unregistered unless the mock turns them on', () => {
    const registry = createRegistry();
    for (const route of routeList) expect(registry[route.id] !== undefined, route.id).toBe(route.registered);
  });
});
