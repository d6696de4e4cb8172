import * as z from 'zod/mini';
import { ClosingLineValue, ClvQuery } from './analytics';
import { League, PeriodDefinition, Sport, SportQuery } from './catalog';
import { Event, EventsQuery } from './events';
import { DEFAULT_ROW_CAP, HISTORY_ROW_CAP, liveEnvelope, ordinaryEnvelope } from './metering';
import { OddsQuery, PropOddsQuery } from './odds';
import { ClosingLine, OddsSnapshot, OpeningLine } from './prices';
import { Outright, OutrightsQuery, SpecialMarket, SpecialOddsSnapshot } from './props';
import { LIMIT_DEFAULT, NoQuery } from './query';
import { Result } from './results';
import type { DataRouteDef, Metering, Schema } from './route';
import { EventParams, NoParams, PropParams } from './route-params';

const dataRead = { kind: 'bearer', scope: 'data:read' } as const;

const isHistory = (q: Record<string, unknown>) => q['full_history'] === true || q['since'] !== undefined;

/** Metering of an ordinary data route (row cap by history mode); `cacheable`: `X-Cache` (docs/service.md, "Cache"). */
const metered = ({ cacheable }: { cacheable: boolean }): Metering => {
  const rowCap = (q: Record<string, unknown>) => (isHistory(q) ? HISTORY_ROW_CAP : DEFAULT_ROW_CAP);
  return { rowCap, envelope: (q) => ordinaryEnvelope(rowCap(q)), cacheable };
};

/** The events listing: `limit` bounds the rows, and a live page reserves its verification work too. */
const eventsMetering: Metering = {
  rowCap: (q) => Math.min(DEFAULT_ROW_CAP, (q['limit'] as number | undefined) ?? LIMIT_DEFAULT),
  envelope: (q) => {
    const limit = (q['limit'] as number | undefined) ?? LIMIT_DEFAULT;
    return q['live'] === true ? liveEnvelope(limit) : ordinaryEnvelope(limit);
  },
  cacheable: false,
};

const rows = <T extends z.ZodMiniType>(row: T) => z.array(row);

/** A data route as the table declares it: every field by name, its id the key it is declared under. */
interface DataRouteEntry {
  /** Path template with `{name}` placeholders, e.g. `/v1/events/{event_id}/odds`. */
  path: string;
  /** One line for the docs' tables and OpenAPI. */
  summary: string;
  /** Path parameters, decoded from their wire strings. */
  params: Schema;
  /** Query parameters, decoded from their wire strings; unknown ones are refused. */
  query: Schema;
  /** The `200` answer: rows (`rows(Sport)`), or one object. */
  response: Schema;
  /**
   * Row cap, envelope, and whether the service may answer from its cache (docs/service.md, "Cache"), which also
   * gives the SDK's default `maxAge` of the route (`cacheable`: the service's window; else none).
   */
  metering: Metering;
}

/** The data routes of a table of entries: each a GET under `data:read`, answering 200, its id its key. */
type DataRoutesOf<T extends Readonly<Record<string, DataRouteEntry>>> = {
  readonly [Id in keyof T & string]: DataRouteDef<T[Id]['params'], T[Id]['query'], T[Id]['response']> & { readonly id: Id };
};

/** The data routes of the table's entries, in declaration order. */
function dataRouteTable<const T extends Readonly<Record<string, DataRouteEntry>>>(entries: T): DataRoutesOf<T> {
  const table: Record<string, DataRouteDef> = {};
  for (const [id, { response, ...entry }] of Object.entries(entries))
    table[id] = { id, method: 'GET', auth: dataRead, body: null, responses: { 200: response }, registered: true, ...entry };
  return table as DataRoutesOf<T>;
}

/**
 * The data routes (docs/service.md, "Data routes"): the route table's first part, and the part the
 * SDK loads with the client.
 */
export const dataRoutes = dataRouteTable({
  'catalog.sports': {
    path: '/v1/catalog/sports',
    summary: 'Sports with their offering flags',
    params: NoParams,
    query: NoQuery,
    response: rows(Sport),
    metering: metered({ cacheable: true }),
  },
  'catalog.leagues': {
    path: '/v1/catalog/leagues',
    summary: 'Leagues of a sport',
    params: NoParams,
    query: SportQuery,
    response: rows(League),
    metering: metered({ cacheable: true }),
  },
  'catalog.periods': {
    path: '/v1/catalog/periods',
    summary: 'Period definitions of a sport',
    params: NoParams,
    query: SportQuery,
    response: rows(PeriodDefinition),
    metering: metered({ cacheable: true }),
  },
  'events.list': {
    path: '/v1/events',
    summary: 'Events (fixtures): upcoming by default, live with live=1',
    params: NoParams,
    query: EventsQuery,
    response: rows(Event),
    metering: eventsMetering,
  },
  'events.odds': {
    path: '/v1/events/{event_id}/odds',
    summary: 'Latest or historical prices of an event',
    params: EventParams,
    query: OddsQuery,
    response: rows(OddsSnapshot),
    metering: metered({ cacheable: false }),
  },
  'events.openingLines': {
    path: '/v1/events/{event_id}/lines/opening',
    summary: 'Opening lines of an event',
    params: EventParams,
    query: NoQuery,
    response: rows(OpeningLine),
    metering: metered({ cacheable: false }),
  },
  'events.closingLines': {
    path: '/v1/events/{event_id}/lines/closing',
    summary: 'Closing lines of an event',
    params: EventParams,
    query: NoQuery,
    response: rows(ClosingLine),
    metering: metered({ cacheable: false }),
  },
  'events.results': {
    path: '/v1/events/{event_id}/results',
    summary: 'Results per period of an event',
    params: EventParams,
    query: NoQuery,
    response: rows(Result),
    metering: metered({ cacheable: false }),
  },
  'events.props': {
    path: '/v1/events/{event_id}/props',
    summary: 'Props (special markets) of an event',
    params: EventParams,
    query: NoQuery,
    response: rows(SpecialMarket),
    metering: metered({ cacheable: true }),
  },
  'props.odds': {
    path: '/v1/props/{prop_id}/odds',
    summary: 'Latest or historical prices of one prop',
    params: PropParams,
    query: PropOddsQuery,
    response: rows(SpecialOddsSnapshot),
    metering: metered({ cacheable: false }),
  },
  'outrights.list': {
    path: '/v1/outrights',
    summary: 'Outrights, optionally of one sport',
    params: NoParams,
    query: OutrightsQuery,
    response: rows(Outright),
    metering: metered({ cacheable: true }),
  },
  'analytics.clv': {
    path: '/v1/analytics/clv',
    summary: 'Closing-line value of one bet',
    params: NoParams,
    query: ClvQuery,
    response: ClosingLineValue,
    metering: metered({ cacheable: false }),
  },
});
