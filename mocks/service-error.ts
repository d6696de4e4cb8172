import type { KnownErrorCode } from '../src/schemas';

/**
 * A failure that the pipeline turns into the error envelope. Thrown by pipeline steps and route
 * handlers; `charge` says whether the failure happened after data work (spec 7 rule 3).
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: KnownErrorCode,
    message: string,
    readonly options: { retryAfter?: number; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** `400 invalid_parameters` naming the parameter. */
export const invalidParameters = (message: string) => new ServiceError(400, 'invalid_parameters', message);

/** `404 not_found`. */
export const notFound = (message: string) => new ServiceError(404, 'not_found', message);
