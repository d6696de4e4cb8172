import type { Exchange } from './masked-exchange';

/** The checks cannot judge this (no answer, a `5xx`, a foreign `429`, the setup failed): never drift. */
export class CannotCheck extends Error {
  override name = 'CannotCheck';
  constructor(
    message: string,
    readonly exchange?: Exchange,
  ) {
    super(message);
  }
}
