import { CHARGEABLE_FAILURE_STATUSES, ErrorEnvelope, routeList, type RouteDef, type RouteId } from '../../src/schemas';
import { errorStatusesOf } from '../../src/schemas/route-errors';
import type { Examples } from './examples';
import { errorHeaders, headerComponent } from './headers';
import { jsonSchemaOf, type Json } from './json-schema';
import { namesIn, type ServicePage } from './service-md';

/** Whether the route's error answers of `status` can be charged (after data work). */
const chargeable = (route: RouteDef, status: number) => route.metering !== undefined && CHARGEABLE_FAILURE_STATUSES.has(status);

/**
 * The component name of an error answer: its status, its codes, and whether it can be charged,
 * e.g. `Error429_rate_limited_quota_exceeded` or `Error404_not_found_charged`.
 */
export const errorResponseName = (route: RouteDef, status: number, codes: readonly string[]): string =>
  `${[`Error${status}`, ...codes].join('_')}${chargeable(route, status) ? '_charged' : ''}`;

const envelopeName = (codes: readonly string[]) => `ErrorEnvelope_${codes.join('_')}`;

/** The error envelope whose `code` is one of `codes`. */
function envelopeOf(codes: readonly string[]): Json {
  const json = jsonSchemaOf(ErrorEnvelope, 'output') as { properties: { error: { properties: Record<string, Json> } } };
  json.properties.error.properties['code'] = { type: 'string', enum: [...codes] };
  return json;
}

/** What each code of a status means (docs/service.md, "Errors"). */
function meanings(page: ServicePage, status: number, codes: readonly string[]): string {
  const rows = page.rows('Errors').filter((row) => row['status'] === String(status));
  return codes
    .map((code) => {
      const row = rows.find((r) => namesIn(r['code'] ?? '').includes(code));
      if (!row) throw new Error(`docs/service.md, "Errors", has no row for ${status} ${code}`);
      return `- \`${code}\`: ${row['when']}`;
    })
    .join('\n');
}

/** The error answers of every operation, once each, with the envelopes they carry. */
export function errorComponents(examples: Examples, page: ServicePage): { responses: Json; schemas: Json } {
  const users = new Map<string, { route: RouteDef; status: number; codes: readonly string[]; routeIds: RouteId[] }>();
  for (const route of routeList.filter((r) => r.registered)) {
    for (const [status, codes] of errorStatusesOf(route)) {
      const name = errorResponseName(route, status, codes);
      const entry = users.get(name) ?? { route, status, codes, routeIds: [] };
      entry.routeIds.push(route.id as RouteId);
      users.set(name, entry);
    }
  }
  const responses: Json = {};
  const schemas: Json = {};
  for (const [name, { route, status, codes, routeIds }] of [...users].sort(([a], [b]) => a.localeCompare(b))) {
    const charge = chargeable(route, status)
      ? "\n\nWhen the request's work reached the data it costs 1 credit: the credit headers say so, with `X-Result-Rows: 0`."
      : '';
    const example = examples.answer(routeIds, status, codes);
    responses[name] = {
      description: `${meanings(page, status, codes)}${charge}`,
      headers: Object.fromEntries(
        errorHeaders(route, status).map((presence) => [presence[0], { $ref: `#/components/headers/${headerComponent(presence)}` }]),
      ),
      content: {
        'application/json': { schema: { $ref: `#/components/schemas/${envelopeName(codes)}` }, example: JSON.parse(example.answer.text) },
      },
    };
    schemas[envelopeName(codes)] = envelopeOf(codes);
  }
  return { responses, schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) };
}
