import type { APIPromise } from '../core/answer';
import type { QueryOf, RequestOptions } from '../core/types';
import type { Outright } from '../schemas/props';
import { APIResource } from './resource';

/** Outrights: markets not tied to a single event; prices through `odds.props.odds(special_id)`. */
export class Outrights extends APIResource {
  /**
   * Outrights, optionally of one sport.
   *
   * @example
   * const outrights = await odds.outrights.list({ sport_id: 29 });
   */
  list(query: QueryOf<'outrights.list'> = {}, options?: RequestOptions): APIPromise<Outright[]> {
    return this.client.request('outrights.list', { query }, options);
  }
}
