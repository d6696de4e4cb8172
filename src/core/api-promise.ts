import type { WithMeta } from './meta';

/**
 * The promise every call returns: it resolves to the data, and `.withMeta()` resolves to
 * `{ data, meta }` (credits, rows, truncation, cursor, request id) of the same single request.
 *
 * @example
 * const sports = await odds.catalog.sports();
 * const { data, meta } = await odds.catalog.sports().withMeta();
 * console.log(data.length, meta.credits.cost, meta.credits.dailyRemaining);
 */
export class APIPromise<T> extends Promise<T> {
  readonly #result: Promise<WithMeta<T>>;
  #data: Promise<T> | undefined;

  constructor(result: Promise<WithMeta<T>>) {
    super((resolve) => {
      // The base promise is never used: `then` reads from `result` instead.
      resolve(undefined as never);
    });
    this.#result = result;
  }

  /** `then` of a derived promise is a plain `Promise`, not an `APIPromise`. */
  static override get [Symbol.species]() {
    return Promise;
  }

  /** The data together with the answer's metadata. */
  withMeta(): Promise<WithMeta<T>> {
    return this.#result;
  }

  #dataPromise(): Promise<T> {
    this.#data ??= this.#result.then((r) => r.data);
    return this.#data;
  }

  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#dataPromise().then(onfulfilled, onrejected);
  }

  override catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#dataPromise().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#dataPromise().finally(onfinally);
  }
}
