/**
 * An event spec that cannot be served: a `RangeError` whose message names the spec's path
 * (`markets[0].prices[2].at`) and what is wrong there.
 */
export class SpecError extends RangeError {
  override name = 'SpecError';
  /** Where in the spec, e.g. `markets[0].prices[2].at` (empty for the whole spec). */
  readonly path: string;

  constructor(path: string, problem: string) {
    super(`invalid event spec${path === '' ? '' : ` at ${path}`}: ${problem}`);
    this.path = path;
  }
}
