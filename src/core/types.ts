/**
 * The types every part of the SDK shares, split by concern: what the route table types
 * (`../schemas/route-types.ts`, shared with the mock) and a call's input and options
 * (`call-types.ts`), answers (`answer-types.ts`), the options a user gives (`option-types.ts`)
 * and the tracing they take (`tracing-types.ts`), what the SDK keeps to itself
 * (`context-types.ts`), and the account's state and its coordinator (`coordination.ts`). All are
 * leaves of types: they import nothing of `src/core` but each other, so the modules that implement
 * these contracts never import each other in a circle (as ky keeps its types apart). Import from here.
 */
export type * from './answer-types';
export type * from './context-types';
export type * from './coordination';
export type * from './option-types';
export type * from './call-types';
export type * from '../schemas/route-types';
export type * from './tracing-types';
export type * from './cache-types';
