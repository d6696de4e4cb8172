import type { APIPromise } from '../core/answer';
import type { QueryOf, RequestOptions } from '../core/types';
import type { League, PeriodDefinition, Sport } from '../schemas/catalog';
import { APIResource } from './resource';

/** The catalog: sports, leagues and period definitions, discovered at run time (cached by the service about an hour). */
export class Catalog extends APIResource {
  /**
   * Sports with their offering flags.
   *
   * @example
   * const sports = await odds.catalog.sports();
   */
  sports(options?: RequestOptions): APIPromise<Sport[]> {
    return this.client.request('catalog.sports', {}, options);
  }

  /**
   * Leagues of a sport.
   *
   * @example
   * const leagues = await odds.catalog.leagues({ sport_id: 29 });
   */
  leagues(query: QueryOf<'catalog.leagues'>, options?: RequestOptions): APIPromise<League[]> {
    return this.client.request('catalog.leagues', { query }, options);
  }

  /**
   * Period definitions of a sport (0 is the full event).
   *
   * @example
   * const periods = await odds.catalog.periods({ sport_id: 29 });
   */
  periods(query: QueryOf<'catalog.periods'>, options?: RequestOptions): APIPromise<PeriodDefinition[]> {
    return this.client.request('catalog.periods', { query }, options);
  }
}
