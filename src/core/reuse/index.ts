/**
 * Answer reuse (docs/caching.md): what every call needs of it (`gate.ts`), `odds.cache` (`cache-control.ts`) and what its
 * `clear()` selects (`selection.ts`). The rest loads with the first call that may be reused, by its path, never from here:
 * the coalescing and the cache (`runner.ts`), the process's cache (`answer-cache.ts`, `memory-answer-store.ts`), the fleet's
 * (`fleet.ts`), and the event loop's turn after a run of hits (`event-loop-turn.ts`).
 */
export { newReuseState, notReused, reusable, runnerOf } from './gate';
export { CacheControl, type CachedInput } from './cache-control';
export type { AnswerSelection } from './selection';
