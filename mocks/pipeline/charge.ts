import { creditsForRows, liveCost } from '../../src/schemas';
import type { DataResult } from '../routes/types';
import { ServiceError } from '../service-error';

/** Statuses that can cost one credit when they happen after data work (spec 7 rule 3). */
const CHARGED_FAILURES: ReadonlySet<number> = new Set([400, 404, 502, 503]);

/** The settled cost of a data result: row credits, or for a live page the greater of rows and verified work. */
export const costOf = (result: Pick<DataResult, 'rows' | 'verified'>): number =>
  result.verified === undefined ? creditsForRows(result.rows) : liveCost(result.rows, result.verified);

/** What a failure after data work costs: 1 for a normalized 400/404/502/503, else nothing. */
export const failureCost = (error: unknown): number =>
  error instanceof ServiceError && CHARGED_FAILURES.has(error.status) ? 1 : 0;
