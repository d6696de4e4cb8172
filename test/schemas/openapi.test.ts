import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument, openApiText } from '../../scripts/openapi';
import { routeList } from '../../src/schemas';

describe('docs/openapi.json', () => {
  it('is what the route table generates (run `npm run openapi` after changing a schema or route)', () => {
    expect(readFileSync('docs/openapi.json', 'utf8')).toBe(openApiText());
  });

  it('holds every registered operation with its scope, parameters, body and metering headers', () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, { security: { bearer: string[] }[]; parameters: { name: string; in: string }[]; requestBody?: unknown; responses: Record<string, { headers?: Record<string, unknown> }> }>> };
    for (const route of routeList) {
      const operation = doc.paths[route.path]?.[route.method.toLowerCase()];
      if (!route.registered) {
        expect(operation, route.id).toBeUndefined();
        continue;
      }
      expect(operation, route.id).toBeDefined();
      expect(operation!.security).toEqual(route.auth.kind === 'bearer' ? [{ bearer: [route.auth.scope] }] : []);
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
    expect(events.parameters.map((p) => p.name).sort()).toEqual(['cursor', 'event_id', 'league_id', 'limit', 'live', 'parent_id', 'since', 'sport_id', 'starts_from', 'starts_to']);
  });
});
