import type { KnownErrorCode } from '../../src/schemas';

/**
 * The codes a `ServiceRefusal` carries: the service's, and the one only the mock answers, `422 fixture_invalid` (an override
 * that broke its route's contract, docs/testing.md).
 */
export type ServiceRefusalCode = KnownErrorCode | 'fixture_invalid';

/** V8's `Error` (Node, Chromium): its `stackTraceLimit` bounds the stack an error captures. Elsewhere a harmless property. */
const V8Error = Error as ErrorConstructor & { stackTraceLimit?: number | undefined };

/**
 * A failure that the pipeline turns into the error envelope. Thrown by pipeline steps and route
 * handlers; `charge` says whether the failure happened after data work (docs/service.md, "Errors").
 */
export class ServiceRefusal extends Error {
  readonly status: number;
  readonly code: ServiceRefusalCode;
  readonly options: { retryAfter?: number; headers?: Record<string, string> };

  constructor(
    status: number,
    code: ServiceRefusalCode,
    message: string,
    options: { retryAfter?: number; headers?: Record<string, string> } = {},
  ) {
    // A refusal is an answer, not a bug: no stack trace to capture (a tenth of a 429's CPU on V8).
    const limit = V8Error.stackTraceLimit;
    V8Error.stackTraceLimit = 0;
    super(message);
    V8Error.stackTraceLimit = limit;
    this.name = 'ServiceRefusal';
    this.status = status;
    this.code = code;
    this.options = options;
  }
}

/** `400 invalid_parameters` naming the parameter. */
export const invalidParameters = (message: string) => new ServiceRefusal(400, 'invalid_parameters', message);

/** `404 not_found`. */
export const notFound = (message: string) => new ServiceRefusal(404, 'not_found', message);
