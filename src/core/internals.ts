import { SportsOddsError } from './errors';
import type { KeyRotator } from './rotation';
import type { ClientContext } from './types';

/** What a client keeps out of its public surface: its context and its key rotator. */
export interface ClientInternals {
  ctx: ClientContext;
  rotator: KeyRotator;
}

// Held apart from the client, so its declaration, hovers and `console.log` never show them.
const registry = new WeakMap<object, ClientInternals>();

export function registerClient(client: object, internals: ClientInternals): void {
  registry.set(client, internals);
}

/**
 * The internals of a client, for the resources mounted on it.
 *
 * @example
 * const { ctx } = internalsOf(this.client);
 */
export function internalsOf(client: object): ClientInternals {
  const internals = registry.get(client);
  if (internals === undefined) throw new SportsOddsError('not a SportsOdds client');
  return internals;
}
