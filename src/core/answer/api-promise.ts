import type { RawAnswer, WithMeta } from '../types';

/**
 * The promise every call returns: it resolves to the data; `.withMeta()` to `{ data, meta, response }` of the same request;
 * `.asResponse()` to the HTTP answer alone, unparsed. The body is parsed once, on first use.
 *
 * @example
 * const sports = await odds.catalog.sports();
 * const { data, meta, response } = await odds.catalog.sports().withMeta();
 * console.log(data.length, meta.credits.cost, meta.credits.dailyRemaining, response.status);
 * const raw = await odds.catalog.sports().asResponse(); // a Response with a readable body
 */
export class APIPromise<T> extends Promise<T> {
  readonly #answer: Promise<RawAnswer>;
  readonly #parse: (answer: RawAnswer) => T | Promise<T>;
  #parsed: { value: T | Promise<T> } | undefined;
  #result: Promise<WithMeta<T>> | undefined;
  #data: Promise<T> | undefined;

  /** `parse` turns the body of `answer` (read in full) into the data, or a promise of it (a refused body rejects). */
  constructor(answer: Promise<RawAnswer>, parse: (answer: RawAnswer) => T | Promise<T>) {
    // The base promise is never used (`then`, `catch` and `finally` read from `answer`): it never settles.
    super(unused);
    this.#answer = answer;
    this.#parse = parse;
  }

  /** `then` of a derived promise is a plain `Promise`, not an `APIPromise`. */
  static override get [Symbol.species]() {
    return Promise;
  }

  /** The data together with the answer's metadata and its HTTP `Response` (body already read). */
  withMeta(): Promise<WithMeta<T>> {
    this.#result ??= this.#answer.then(async (answer) => ({
      data: await this.#value(answer),
      meta: answer.meta,
      response: answer.response,
    }));
    return this.#result;
  }

  /** The parsed body, parsed once whichever of `then` and `withMeta` asks first. */
  #value(answer: RawAnswer): T | Promise<T> {
    this.#parsed ??= { value: this.#parse(answer) };
    return this.#parsed.value;
  }

  /** The HTTP answer, unparsed, with a body that can be read again; error statuses still reject with the typed errors. */
  asResponse(): Promise<Response> {
    return this.#answer.then(readableCopy);
  }

  #dataPromise(): Promise<T> {
    this.#data ??= this.#answer.then((answer) => this.#value(answer));
    return this.#data;
  }

  // biome-ignore lint/suspicious/noThenProperty: a Promise subclass: its then() is the promise's own
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

const unused = (): void => undefined;

/** The answer again, with the body the SDK read (the original's body can be read only once). */
function readableCopy({ response, text }: RawAnswer): Response {
  const noBody = [101, 103, 204, 205, 304].includes(response.status);
  const copy = new Response(noBody ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
  Object.defineProperty(copy, 'url', { value: response.url });
  return copy;
}
