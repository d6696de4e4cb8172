import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ClaimRequest } from '../../src/schemas/credentials';
import { routes } from '../../src/schemas/routes';
import { shapeKeys } from '../../src/schemas/schema-def';

describe('shapeKeys (src/schemas/schema-def.ts): the one reader of field names, for the MCP tools and the mock', () => {
  it("reads an object's fields, a query's parameters", () => {
    expect(shapeKeys(z.strictObject({ a: z.string(), b: z.int() }))).toEqual(['a', 'b']);
    expect(shapeKeys(routes['events.odds'].query)).toContain('full_history');
  });

  it("reads an array's rows: a success answer's columns", () => {
    expect(shapeKeys(z.array(z.object({ event_id: z.int(), starts: z.string() })))).toEqual(['event_id', 'starts']);
    expect(shapeKeys(routes['events.list'].responses[200])).toContain('event_id');
  });

  it('reads every branch of a union of objects: a body that takes a field or none', () => {
    expect(shapeKeys(ClaimRequest)).toEqual(['claim_token']);
  });

  it('reads nothing from a schema that has no fields', () => {
    expect(shapeKeys(z.string())).toEqual([]);
  });
});
