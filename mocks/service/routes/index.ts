import type { QueryOf } from '../../../src/core/types';
import type { DataRouteId } from '../../../src/schemas';
import type { ServiceContext } from '../context';
import { ServiceError } from '../service-error';
import { closingLineValue } from './analytics';
import { listLeagues, listPeriods, listSports } from './catalog';
import { listEvents } from './events';
import { closingLines, openingLines } from './lines';
import { decodeLiveCursor, rememberVerified } from './live-cursor';
import { eventOdds } from './odds';
import { listOutrights } from './outrights';
import { eventProps, propOdds } from './props';
import { eventResults } from './results';
import type { DataHandler } from './types';

/**
 * A handler for each data route of the route table, typed by its route: a data route the table
 * declares without a handler here, or a handler whose parameters, query or rows do not match its
 * route's schemas, is a compile error.
 */
export type DataHandlers = { readonly [Id in DataRouteId]: DataHandler<Id> };

/** The handlers of the data routes, by route id. */
export const dataHandlers: DataHandlers = {
  'catalog.sports': listSports,
  'catalog.leagues': listLeagues,
  'catalog.periods': listPeriods,
  'events.list': listEvents,
  'events.odds': eventOdds,
  'events.openingLines': openingLines,
  'events.closingLines': closingLines,
  'events.results': eventResults,
  'events.props': eventProps,
  'props.odds': propOdds,
  'outrights.list': listOutrights,
  'analytics.clv': closingLineValue,
};

/**
 * The `events.list` input step the pipeline runs after decoding the query and before the
 * reservation (so a bad cursor is never charged): verifies a live cursor's signature, filters
 * and age at the current mock time, and hands the verified state to the handler.
 *
 * @throws ServiceError 400 `invalid_parameters` for a malformed, altered, mismatched or expired cursor.
 */
export async function prevalidateLiveCursor(input: { query: QueryOf<'events.list'> }, service: ServiceContext): Promise<void> {
  const { query } = input;
  if (query.cursor === undefined) return;
  const secret = service.cursorSecret;
  if (secret === undefined) throw new ServiceError(503, 'temporarily_unavailable', 'the service is starting');
  const state = await decodeLiveCursor(query, secret, service.clock.now());
  if (state !== undefined) rememberVerified(query, state);
}
