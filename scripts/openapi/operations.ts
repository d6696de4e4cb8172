import type * as z from 'zod/mini';
import type { RouteDef, RouteId } from '../../src/schemas';
import { errorStatusesOf } from '../../src/schemas/route-errors';
import { errorResponseName } from './errors';
import type { Examples, ParameterPlace } from './examples';
import { headerComponent, successHeaders } from './headers';
import { jsonSchemaOf, parameterSchemaOf, type Json } from './json-schema';
import { namesIn, type ServicePage } from './service-md';

const ref = (kind: 'headers' | 'responses' | 'schemas', name: string): Json => ({ $ref: `#/components/${kind}/${name}` });

/** `idempotency-key` as `Idempotency-Key`. */
export const headerName = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => `${dash}${c.toUpperCase()}`);

/** The value a parameter's wire text stands for in its schema: `29` for an integer, `1` for a wire boolean. */
function typedValue(text: string, schema: Json): unknown {
  const types = ([] as unknown[]).concat(schema['type'] ?? []);
  return types.some((t) => t === 'integer' || t === 'number' || t === 'boolean') ? JSON.parse(text) : text;
}

/** Descriptions of the data routes' parameters (docs/service.md, "Parameter formats"). */
function parameterNotes(page: ServicePage): Map<string, string> {
  const notes = new Map<string, string>();
  for (const row of page.rows('Parameter formats')) {
    const text = [row['format'], row['bounds, default']].filter(Boolean).join('; ');
    for (const name of namesIn(row['parameter'] ?? '')) notes.set(name, text);
  }
  return notes;
}

function parameters(route: RouteDef, examples: Examples, page: ServicePage): Json[] {
  const notes = parameterNotes(page);
  const out: Json[] = [];
  const add = (place: ParameterPlace, name: string, schema: z.core.$ZodType, required: boolean) => {
    const json = parameterSchemaOf(schema);
    const note = place === 'query' ? notes.get(name) : undefined;
    out.push({
      name,
      in: place,
      required,
      ...(note ? { description: note } : {}),
      schema: json,
      example: typedValue(examples.parameter(route.id as RouteId, place, name), json),
    });
  };
  for (const [place, object] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    const required = new Set((jsonSchemaOf(object, 'input')['required'] ?? []) as string[]);
    const shape = (object as unknown as { shape: Record<string, z.core.$ZodType> }).shape;
    for (const [name, schema] of Object.entries(shape)) add(place, name, schema, place === 'path' || required.has(name));
  }
  for (const [name, schema] of Object.entries(route.headers ?? {})) add('header', headerName(name), schema, true);
  return out;
}

function successResponses(route: RouteDef, examples: Examples): Json {
  const out: Json = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    if (!schema) continue;
    const example = examples.answer([route.id as RouteId], Number(status));
    const headers = Object.fromEntries(
      successHeaders(route, Number(status)).map((presence) => [presence[0], ref('headers', headerComponent(presence))]),
    );
    out[status] = {
      description: route.summary,
      headers,
      content: { 'application/json': { schema: jsonSchemaOf(schema, 'output'), example: JSON.parse(example.answer.text) } },
    };
  }
  return out;
}

/** The operation of a route: its parameters, body and every answer it can give, each with an example. */
export function operationOf(route: RouteDef, examples: Examples, page: ServicePage, description: string): Json {
  const responses = successResponses(route, examples);
  for (const [status, codes] of errorStatusesOf(route))
    responses[String(status)] = ref('responses', errorResponseName(route, status, codes));
  const operation: Json = {
    operationId: route.id,
    summary: route.summary,
    description,
    tags: [route.id.split('.')[0]],
    security: route.auth.kind === 'bearer' ? [{ bearer: [route.auth.scope] }] : route.auth.cookie ? [{}, { checkoutCookie: [] }] : [],
    parameters: parameters(route, examples, page),
    responses,
    'x-metered': route.metering !== undefined,
    ...(route.metering ? { 'x-cache-eligible': route.metering.cacheable } : {}),
  };
  if (route.body) {
    operation['requestBody'] = {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input'), example: examples.requestBody(route.id as RouteId) } },
    };
  }
  return operation;
}
