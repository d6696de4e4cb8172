import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument, openApiText } from '../../scripts/openapi';
import { routeList } from '../../src/schemas';
import { errorStatusesOf } from '../../src/schemas/route-errors';

describe('docs/openapi.json', () => {
  it('is what the route table generates (run `npm run openapi` after changing a schema or route)', async () => {
    expect(readFileSync('docs/openapi.json', 'utf8')).toBe(await openApiText());
  });

  it('holds every registered operation with its scope, parameters, body and metering headers', async () => {
    const doc = (await openApiDocument()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            security: Record<string, string[]>[];
            parameters: { name: string; in: string }[];
            requestBody?: unknown;
            responses: Record<string, { headers?: Record<string, unknown> }>;
          }
        >
      >;
    };
    for (const route of routeList) {
      const operation = doc.paths[route.path]?.[route.method.toLowerCase()];
      if (!route.registered) {
        expect(operation, route.id).toBeUndefined();
        continue;
      }
      expect(operation, route.id).toBeDefined();
      expect(operation!.security).toEqual(
        route.auth.kind === 'bearer' ? [{ bearer: [route.auth.scope] }] : route.auth.cookie ? [{}, { checkoutCookie: [] }] : [],
      );
      expect(operation!.requestBody !== undefined).toBe(route.body !== null);
      const success = Object.keys(route.responses)[0]!;
      const headers = Object.keys(operation!.responses[success]?.headers ?? {});
      expect(headers.includes('X-Credits-Cost'), route.id).toBe(route.metering !== undefined);
      expect(headers.includes('X-Cache'), route.id).toBe(route.metering?.cacheable === true);
      for (const name of route.path.match(/\{([a-z_]+)\}/g) ?? []) {
        expect(operation!.parameters.some((p) => p.in === 'path' && `{${p.name}}` === name)).toBe(true);
      }
    }
    const events = doc.paths['/v1/events']!['get']!;
    expect(events.parameters.map((p) => p.name).sort()).toEqual([
      'cursor',
      'event_id',
      'league_id',
      'limit',
      'live',
      'parent_id',
      'since',
      'sport_id',
      'starts_from',
      'starts_to',
    ]);
  });

  it('lists exactly the statuses each operation can answer, each error with its codes, and a typed example for every parameter', async () => {
    type Doc = {
      paths: Record<
        string,
        Record<
          string,
          { parameters: { name: string; schema: { type?: unknown }; example?: unknown }[]; responses: Record<string, { $ref?: string }> }
        >
      >;
      components: {
        responses: Record<string, { content: { 'application/json': { schema: { $ref: string } } } }>;
        schemas: Record<string, { properties: { error: { properties: { code: { enum: string[] } } } } }>;
      };
    };
    const doc = (await openApiDocument()) as Doc;
    for (const route of routeList.filter((r) => r.registered)) {
      const operation = doc.paths[route.path]![route.method.toLowerCase()]!;
      const errors = errorStatusesOf(route);
      expect(Object.keys(operation.responses).map(Number), route.id).toEqual(
        [...Object.keys(route.responses).map(Number), ...errors.keys()].sort((a, b) => a - b),
      );
      for (const [status, codes] of errors) {
        const response = doc.components.responses[operation.responses[status]!.$ref!.split('/').pop()!]!;
        const envelope = doc.components.schemas[response.content['application/json'].schema.$ref.split('/').pop()!]!;
        expect(envelope.properties.error.properties.code.enum, `${route.id} ${status}`).toEqual(codes);
      }
      for (const parameter of operation.parameters) expect(parameter.example, `${route.id} ${parameter.name}`).toBeDefined();
    }
    const events = doc.paths['/v1/events']!['get']!.parameters;
    expect(events.find((p) => p.name === 'sport_id')!.schema).toEqual({
      type: 'integer',
      exclusiveMinimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
    });
    expect(events.find((p) => p.name === 'live')!.schema).toEqual({ default: 0, type: ['integer', 'boolean'], enum: [0, 1, true, false] });
    expect(doc.paths['/v1/account']!['get']!.responses['401']).toBeDefined();
    expect(doc.paths['/v1/checkout/claims']!['post']!.responses['401']).toBeUndefined();
    expect(doc.paths['/v1/catalog/sports']!['get']!.responses['413']).toBeUndefined();
  });
});
