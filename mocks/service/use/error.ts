import { ERROR_CODES, type KnownErrorCode } from '../../../src/schemas';
import { checkInteger, checkNames } from '../input-checks';

/**
 * An error answer an override throws (`throw mock.error('not_found')`): the route answers it in the
 * service's envelope, charged as the service charges that failure after data work.
 */
export class MockError extends Error {
  override name = 'MockError';
  readonly code: KnownErrorCode;
  /** `Retry-After` in seconds, when given. */
  readonly retryAfter: number | undefined;

  constructor(code: KnownErrorCode, message: string, retryAfter: number | undefined) {
    super(message);
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

/**
 * Makes the error a resolver throws. Refuses (a `RangeError`, at once) a code the service does not
 * have or a `retryAfter` that is not a positive integer.
 *
 * @example
 * mock.use('events.odds', () => { throw mock.error('service_error') }, { once: true });
 */
export function mockError(code: KnownErrorCode, message?: string, options: { retryAfter?: number | undefined } = {}): MockError {
  if (!Object.hasOwn(ERROR_CODES, code)) throw new RangeError(`mock.error: ${String(code)} is not an error code of the service`);
  const given = checkNames<{ retryAfter?: unknown }>('mock.error() options', options, ['retryAfter']).retryAfter;
  const retryAfter = given === undefined ? undefined : checkInteger('mock.error: retryAfter', given, { min: 1, unit: 'seconds' });
  return new MockError(code, message ?? `${code.replaceAll('_', ' ')} (mock.use)`, retryAfter);
}
