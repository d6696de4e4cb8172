/**
 * The shared types, split by concern into leaves that import nothing of `src/core` but each other, so implementations never
 * import in a circle (as ky keeps its types apart). Import from here.
 */
export type * from './answer';
export type * from './context';
export type * from './coordination';
export type * from './options';
export type * from './call';
export type * from '../../schemas/route-types';
export type * from './tracing';
export type * from './cache';
export type * from './shared-answers';
