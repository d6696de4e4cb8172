/**
 * The shared types, split by concern into leaves that import nothing of `src/core` but each other, so implementations never
 * import in a circle (as ky keeps its types apart). Import from here.
 */
export type * from './answer-types';
export type * from './context-types';
export type * from './coordination';
export type * from './option-types';
export type * from './call-types';
export type * from '../schemas/route-types';
export type * from './tracing-types';
export type * from './cache-types';
export type * from './shared-answer-types';
