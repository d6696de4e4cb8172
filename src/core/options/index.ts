/**
 * Options and input checks: the checks of every public input where it enters (`input-checks.ts`), and the options of the
 * client, of `withOptions` and of a call, checked and resolved with their defaults and the environment (`client-options.ts`).
 */
export {
  MAX_TIMER_MS,
  checkCount,
  checkDuration,
  checkFunction,
  checkNumber,
  checkOptions,
  checkTable,
  given,
  refuse,
  type OptionCheck,
} from './input-checks';
export {
  CLIENT_CHECKS,
  OVERRIDE_CHECKS,
  REQUEST_CHECKS,
  checkBudget,
  checkCache,
  checkRequestOptions,
  checkWait,
  isLoopback,
  resolveApiKey,
  resolveOptions,
  withHeaders,
} from './client-options';
