import type { ResponseMeta } from '../types';
import { SportsOddsError } from './base';

/** One mismatch between an answer and its schema. */
export interface ValidationIssue {
  /** Where in the body, e.g. `[3, 'odds1']`. */
  path: readonly PropertyKey[];
  message: string;
  code: string;
}

/**
 * A successful answer whose body did not match its schema (or was not JSON); still charged (`meta`). `validate: false` gives raw rows.
 *
 * @example
 * try {
 *   await odds.events.odds(42);
 * } catch (error) {
 *   if (error instanceof ResponseValidationError) console.error(error.issues.map((i) => i.path.join('.')));
 * }
 */
export class ResponseValidationError extends SportsOddsError {
  override name = 'ResponseValidationError';
  readonly routeId: string;
  readonly issues: readonly ValidationIssue[];
  readonly meta: ResponseMeta;

  constructor(routeId: string, issues: readonly ValidationIssue[], meta: ResponseMeta) {
    const first = issues
      .slice(0, 3)
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    super(`the answer of ${routeId} does not match its schema: ${first}${issues.length > 3 ? ` (+${issues.length - 3} more)` : ''}`);
    this.routeId = routeId;
    this.issues = issues;
    this.meta = meta;
  }
}
