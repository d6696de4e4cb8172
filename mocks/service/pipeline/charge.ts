import { CHARGEABLE_FAILURE_STATUSES, creditsForRows, liveCost } from '../../../src/schemas';
import type { DataResult } from '../contract';
import { ServiceRefusal } from '../service-refusal';

/** The settled cost of a data result: row credits, or for a live page the greater of rows and verified work. */
export const costOf = (result: Pick<DataResult, 'rows' | 'verified'>): number =>
  result.verified === undefined ? creditsForRows(result.rows) : liveCost(result.rows, result.verified);

/** What a failure after data work costs: 1 for a normalized 400/404/502/503, else nothing. */
export const failureCost = (error: unknown): number =>
  error instanceof ServiceRefusal && CHARGEABLE_FAILURE_STATUSES.has(error.status) ? 1 : 0;
