/**
 * The request path: a route called (`call.ts`: checks, admission, key, transport, retries, the answer), its definition found or
 * loaded (`route-of.ts`), the key it sends (`auth.ts`, `key.ts`), the HTTP attempt (`transport.ts`), its retries (`retry.ts`)
 * and the user's hooks (`hooks.ts`).
 */
export { callRoute, parserOf, sendRoute } from './call';
export { resolveKey } from './auth';
export { Transport } from './transport';
export { retryDelay } from './retry';
export { runHooks } from './hooks';
