import * as z from 'zod/mini';
import { routes, type RouteDef, type RouteId } from '../../src/schemas';
import { shapeOf } from '../../src/schemas/schema-def';
import type { KeyRole, PlannedRequest } from './types';

/**
 * A request written once for the plan and the run; `{braces}` values are found while running, and
 * `samples` stands them in for the worst case (a `since` makes a history request).
 */
export interface RequestTemplate {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** Query parameters in order; a name may repeat. */
  readonly query?: readonly (readonly [string, string])[];
  readonly route?: RouteId | undefined;
  readonly key: KeyRole;
  readonly purpose: string;
  /** Most sends (default 1). */
  readonly times?: number;
  /** Stand-ins of `{placeholders}` of the query, for the worst case. */
  readonly samples?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** A refusal the service answers before any work (free), e.g. a malformed parameter. */
  readonly refusal?: boolean;
}

/** Values of a template's `{placeholders}`. */
export type Values = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** Text with its `{placeholders}` filled from `values` (those without one are kept). */
export const fill = (text: string, values: Values, encode = false): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : encode ? encodeURIComponent(value) : value;
  });

/** The query pairs of a template with `values` filled. */
export const queryOf = (template: RequestTemplate, values: Values): [string, string][] =>
  (template.query ?? []).map(([name, value]) => [name, fill(value, values)]);

/** `path?query` of a template, filled from `values` (placeholders left as they are for the plan). */
export function targetOf(template: RequestTemplate, values: Values = {}): string {
  const path = fill(template.path, values, true);
  const pairs = queryOf(template, values);
  if (pairs.length === 0) return path;
  const text = (s: string) => (/^\{[a-z_]+\}$/.test(s) ? s : encodeURIComponent(s).replace(/%3A/g, ':'));
  return `${path}?${pairs.map(([n, v]) => `${text(n)}=${text(v)}`).join('&')}`;
}

/** The query a lenient route would decode (each known parameter's first valid value): what a service failing to refuse would reserve. */
export function lenientQuery(route: RouteDef, pairs: readonly (readonly [string, string])[]): Record<string, unknown> {
  const shape = shapeOf(route.query);
  const decoded: Record<string, unknown> = {};
  for (const [name, value] of pairs) {
    const schema = Object.hasOwn(shape, name) ? shape[name] : undefined;
    if (schema === undefined || name in decoded) continue;
    const parsed = z.safeParse(schema, value);
    if (parsed.success) decoded[name] = parsed.data;
  }
  return decoded;
}

/**
 * The most one send can cost (docs/service.md, "Metering: credits, windows and headers"); 0 without a
 * valid key or for an unmetered or unknown route.
 *
 * @example
 * worstCaseOf('events.odds', 'main', [['full_history', '1']]); // 250
 */
export function worstCaseOf(route: RouteId | undefined, key: KeyRole, pairs: readonly (readonly [string, string])[]): number {
  if (route === undefined || key === 'none' || key === 'malformed') return 0;
  const metering = routes[route].metering;
  return metering === undefined ? 0 : metering.envelope(lenientQuery(routes[route] as RouteDef, pairs));
}

/** A template as the plan shows it. */
export function plannedOf(template: RequestTemplate): PlannedRequest {
  return {
    method: template.method,
    target: targetOf(template),
    route: template.route,
    key: template.key,
    worstCase: worstCaseOf(template.route, template.key, queryOf(template, template.samples ?? {})),
    times: template.times ?? 1,
    purpose: template.purpose,
  };
}
