/**
 * The request path: a route called (`call.ts`: the local checks, the URL encoded, the answer parsed when read), the call planned
 * and sent (`outgoing-call.ts`: reused or sent, and each attempt's steps in order: admission, key, transport, settlement, the
 * answer or its error, with the retries), its definition found or loaded (`route-of.ts`), the key it sends (`auth.ts`,
 * `key.ts`), the HTTP attempt (`transport.ts`; an attempt that found no connection worded by `connection-failure.ts`, loaded
 * on demand), its retries (`retry.ts`) and the user's hooks (`hooks.ts`).
 */
export { callRoute, parserOf, sendRoute } from './call';
export { resolveKey } from './auth';
export { Transport } from './transport';
export { retryDelay } from './retry';
export { runHooks } from './hooks';
