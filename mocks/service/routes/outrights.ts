import { capped } from './common';
import type { DataHandler } from '../contract';

/** `GET /v1/outrights[?sport_id]`: open (and recently settled) outrights, one row per contestant. */
export const listOutrights: DataHandler<'outrights.list'> = (ctx) =>
  capped(ctx.data.outrights(ctx.query.sport_id, ctx.clock.now()), ctx.rowCap);
