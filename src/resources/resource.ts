import { APIPromise } from '../core/answer';
import type { RequestOptions, ResponseOf, RouteInput } from '../core/types';
import type { RouteId } from '../schemas/routes';

/** What a resource needs from its client: one typed call per route (the `SportsOdds` client). */
export interface RouteCaller {
  request<Id extends RouteId>(routeId: Id, input?: RouteInput<Id>, options?: RequestOptions): APIPromise<ResponseOf<Id>>;
}

/** The base of every resource: a thin group of one-statement methods over the client's `request`. */
export class APIResource {
  // Private, so that logging or serializing a client never walks back into it (or its key).
  readonly #client: RouteCaller;

  constructor(client: RouteCaller) {
    this.#client = client;
  }

  /** The client the resource calls through. */
  protected get client(): RouteCaller {
    return this.#client;
  }

  /**
   * Calls a route with an input that may fail to build (a row without its id): the failure
   * rejects the returned promise, as any other local refusal does, rather than throwing.
   */
  protected requestWith<Id extends RouteId>(
    routeId: Id,
    input: () => RouteInput<Id>,
    options: RequestOptions | undefined,
  ): APIPromise<ResponseOf<Id>> {
    let built: RouteInput<Id>;
    try {
      built = input();
    } catch (error) {
      return new APIPromise<ResponseOf<Id>>(Promise.reject(error), () => {
        throw error;
      });
    }
    return this.#client.request(routeId, built, options);
  }
}
