import { capped } from './common';
import type { DataHandler } from '../contract';

/** `GET /v1/catalog/sports`: the 44 sports with their offering flags. */
export const listSports: DataHandler<'catalog.sports'> = (ctx) => capped(ctx.data.sports(), ctx.rowCap);

/** `GET /v1/catalog/leagues?sport_id`: the leagues of a sport (an unknown sport: empty). */
export const listLeagues: DataHandler<'catalog.leagues'> = (ctx) => capped(ctx.data.leagues(ctx.query.sport_id), ctx.rowCap);

/** `GET /v1/catalog/periods?sport_id`: the period definitions of a sport (an unknown sport: empty). */
export const listPeriods: DataHandler<'catalog.periods'> = (ctx) => capped(ctx.data.periods(ctx.query.sport_id), ctx.rowCap);
