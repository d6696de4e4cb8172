import type { APIPromise } from '../core/answer';
import type { QueryOf, RequestOptions } from '../core/types';
import type { SpecialOddsSnapshot } from '../schemas/props';
import { propIdOf, type PropRef } from './refs';
import { APIResource } from './resource';

/** Prices of one prop (a `special_id` from the props or outrights routes). */
export class Props extends APIResource {
  /**
   * Latest prices of a prop (one row per contestant line), or its history with `full_history: true`.
   * Takes a `special_id`, or the prop or outright row that carries it.
   *
   * @example
   * const rows = await odds.props.odds(9001, { full_history: true });
   */
  odds(prop: PropRef, query: QueryOf<'props.odds'> = {}, options?: RequestOptions): APIPromise<SpecialOddsSnapshot[]> {
    return this.requestWith('props.odds', () => ({ params: { prop_id: propIdOf(prop) }, query }), options);
  }
}
