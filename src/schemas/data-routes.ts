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
import type { DataRouteDef, Metering } from './route';
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

/** A GET data route under `data:read`, answering 200 with rows. */
const dataRoute = <const P extends z.ZodMiniType, const Q extends z.ZodMiniType, const R extends z.ZodMiniType>(
  id: string,
  path: string,
  summary: string,
  params: P,
  query: Q,
  response: R,
  metering: Metering,
): DataRouteDef<P, Q, R> => ({
  id,
  method: 'GET',
  path,
  summary,
  auth: dataRead,
  params,
  query,
  body: null,
  responses: { 200: response },
  metering,
  registered: true,
});

/**
 * The data routes (docs/service.md, "Data routes"): the route table's first part, and the part the
 * SDK loads with the client.
 */
export const dataRoutes = {
  'catalog.sports': dataRoute(
    'catalog.sports',
    '/v1/catalog/sports',
    'Sports with their offering flags',
    NoParams,
    NoQuery,
    rows(Sport),
    metered({ cacheable: true }),
  ),
  'catalog.leagues': dataRoute(
    'catalog.leagues',
    '/v1/catalog/leagues',
    'Leagues of a sport',
    NoParams,
    SportQuery,
    rows(League),
    metered({ cacheable: true }),
  ),
  'catalog.periods': dataRoute(
    'catalog.periods',
    '/v1/catalog/periods',
    'Period definitions of a sport',
    NoParams,
    SportQuery,
    rows(PeriodDefinition),
    metered({ cacheable: true }),
  ),
  'events.list': dataRoute(
    'events.list',
    '/v1/events',
    'Events (fixtures): upcoming by default, live with live=1',
    NoParams,
    EventsQuery,
    rows(Event),
    eventsMetering,
  ),
  'events.odds': dataRoute(
    'events.odds',
    '/v1/events/{event_id}/odds',
    'Latest or historical prices of an event',
    EventParams,
    OddsQuery,
    rows(OddsSnapshot),
    metered({ cacheable: false }),
  ),
  'events.openingLines': dataRoute(
    'events.openingLines',
    '/v1/events/{event_id}/lines/opening',
    'Opening lines of an event',
    EventParams,
    NoQuery,
    rows(OpeningLine),
    metered({ cacheable: false }),
  ),
  'events.closingLines': dataRoute(
    'events.closingLines',
    '/v1/events/{event_id}/lines/closing',
    'Closing lines of an event',
    EventParams,
    NoQuery,
    rows(ClosingLine),
    metered({ cacheable: false }),
  ),
  'events.results': dataRoute(
    'events.results',
    '/v1/events/{event_id}/results',
    'Results per period of an event',
    EventParams,
    NoQuery,
    rows(Result),
    metered({ cacheable: false }),
  ),
  'events.props': dataRoute(
    'events.props',
    '/v1/events/{event_id}/props',
    'Props (special markets) of an event',
    EventParams,
    NoQuery,
    rows(SpecialMarket),
    metered({ cacheable: true }),
  ),
  'props.odds': dataRoute(
    'props.odds',
    '/v1/props/{prop_id}/odds',
    'Latest or historical prices of one prop',
    PropParams,
    PropOddsQuery,
    rows(SpecialOddsSnapshot),
    metered({ cacheable: false }),
  ),
  'outrights.list': dataRoute(
    'outrights.list',
    '/v1/outrights',
    'Outrights, optionally of one sport',
    NoParams,
    OutrightsQuery,
    rows(Outright),
    metered({ cacheable: true }),
  ),
  'analytics.clv': dataRoute(
    'analytics.clv',
    '/v1/analytics/clv',
    'Closing-line value of one bet',
    NoParams,
    ClvQuery,
    ClosingLineValue,
    metered({ cacheable: false }),
  ),
} as const;
