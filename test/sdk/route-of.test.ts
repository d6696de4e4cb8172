import { describe, expect, it } from 'vitest';
import { createMockService } from '../../mocks';
import { ResponseValidationError, SportsOdds } from '../../src';
import { internalsOf } from '../../src/core/internals';
import { parserOf } from '../../src/core/request/call';
import { loadRoute, routeOf } from '../../src/core/request/route-of';
import { routes } from '../../src/schemas/routes';

// Each test file has a module graph of its own: nothing here has loaded the account routes before these tests.
describe('route definitions the SDK loads on demand', () => {
  const mock = createMockService({ now: '2026-11-21T15:00:00Z' });
  const odds = new SportsOdds({ apiKey: mock.apiKey, baseUrl: mock.baseUrl, fetch: mock.fetch, logLevel: 'off' });
  const ctx = internalsOf(odds).ctx;

  it("a data route's parser validates at once; another's answer waits for its definitions, then is validated by the table's own schema", async () => {
    const answer = (body: unknown) => ({
      response: new Response(null, { status: 200 }),
      text: JSON.stringify(body),
      meta: undefined as never,
    });
    expect(parserOf(ctx, 'catalog.sports', {})(answer([]))).toEqual([]);
    expect(routeOf('keys.list')).toBeUndefined();
    const parsed = parserOf(ctx, 'keys.list', {})(answer([{ id: 'not a key record' }]));
    expect(parsed).toBeInstanceOf(Promise);
    await expect(parsed).rejects.toBeInstanceOf(ResponseValidationError);
    expect(routeOf('keys.list')).toBe(routes['keys.list']);
  });

  it('every route resolves to its entry of the route table, the data routes without loading anything', async () => {
    for (const id of Object.keys(routes) as (keyof typeof routes)[]) {
      expect(routeOf(id) ?? (await loadRoute(id)), id).toBe(routes[id]);
      if (routes[id].metering !== undefined) expect(routeOf(id), id).toBe(routes[id]);
    }
  });

  it('answers an account call through the SDK against the mock', async () => {
    expect((await odds.account.get()).email).toContain('@');
  });
});
