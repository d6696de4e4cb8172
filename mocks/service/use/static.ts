import type { KnownErrorCode } from '../../../src/schemas';
import { mockError } from './error';

/** The static error of an override (the control plane's, a state document's): a code of its route, a message, a `Retry-After`. */
interface StaticError {
  code: string;
  message?: string | undefined;
  retry_after?: number | undefined;
}

/**
 * The resolver of a static override: its answer as given, or its error thrown, the same value every time. One way for the
 * control plane's overrides and those a state document brings back.
 *
 * @example
 * staticResolver('error', { code: 'not_found' }); // () => never: throws mock.error('not_found')
 */
export function staticResolver(kind: 'answer' | 'error', detail: unknown): () => unknown {
  if (kind === 'answer') return () => detail;
  const { code, message, retry_after } = detail as StaticError;
  const error = mockError(code as KnownErrorCode, message, { retryAfter: retry_after });
  return () => {
    throw error;
  };
}
