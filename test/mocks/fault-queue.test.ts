import { describe, expect, it } from 'vitest';
import { MAX_ARMED_FAULTS } from '../../mocks/service/state/faults';
import { call, useMockServer } from '../helpers/mock-server';

/**
 * Injected faults (docs/mock-server.md; docs/mock-server.md: "armed faults: until
 * used, at most 1,000; arming one more is refused (400)"): each applies to the next `count` requests of
 * its route, first armed first applied, and can be listed and disarmed by id.
 */
const newMock = useMockServer();

describe('mock.faults', () => {
  it('applies a fault to exactly its count of requests, then the route answers normally', async () => {
    const mock = newMock();
    const armed = mock.faults.inject({ route: 'catalog.sports', status: 503, count: 2 });
    expect(armed).toEqual({
      id: expect.stringMatching(/^flt_\d+$/),
      route: 'catalog.sports',
      remaining: 2,
      kind: 'status',
      status: 503,
      code: 'temporarily_unavailable',
    });
    expect((await call(mock, '/v1/catalog/sports')).status).toBe(503);
    expect(mock.faults.list()).toEqual([{ ...armed, remaining: 1 }]);
    expect((await call(mock, '/v1/catalog/sports')).status).toBe(503);
    expect(mock.faults.list()).toEqual([]);
    expect((await call(mock, '/v1/catalog/sports')).status).toBe(200);
  });

  it("applies a route's faults in the order they were armed, and only to that route", async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'catalog.sports', status: 500 });
    mock.faults.inject({ route: '/v1/catalog/leagues', status: 502 });
    mock.faults.inject({ route: 'catalog.sports', status: 429 });
    expect(mock.faults.list().map((f) => [f.route, f.kind === 'status' && f.status])).toEqual([
      ['catalog.sports', 500],
      ['catalog.leagues', 502],
      ['catalog.sports', 429],
    ]);
    expect((await call(mock, '/v1/catalog/sports')).status).toBe(500);
    expect((await call(mock, '/v1/catalog/sports')).status).toBe(429);
    expect((await call(mock, '/v1/catalog/leagues?sport_id=29')).status).toBe(502);
  });

  it('lists what a fault does without the fields it was not given', () => {
    const mock = newMock();
    const armed = mock.faults.inject({ route: 'catalog.sports', status: undefined, latencyMs: 5, drop: undefined });
    expect(armed).toEqual({ id: armed.id, route: 'catalog.sports', remaining: 1, kind: 'latency', latencyMs: 5 });
    expect(Object.keys(armed)).not.toContain('status');
  });

  it("lists a fault held by a test's gate as held, never the gate itself", async () => {
    const mock = newMock();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const armed = mock.faults.inject({ route: 'catalog.sports', hold: gate });
    expect(armed).toEqual({ id: armed.id, route: 'catalog.sports', remaining: 1, kind: 'hold', held: true });
    expect(mock.faults.list()).toEqual([armed]);
    const answer = call(mock, '/v1/catalog/sports');
    open();
    expect((await answer).status).toBe(200);
    expect(mock.faults.list()).toEqual([]);
  });

  it('disarms one fault by id, leaving the others; a used-up or unknown id disarms nothing', async () => {
    const mock = newMock();
    const first = mock.faults.inject({ route: 'catalog.sports', status: 500 });
    const second = mock.faults.inject({ route: 'catalog.sports', status: 503 });
    const third = mock.faults.inject({ route: 'catalog.sports', status: 502 });
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
    expect(mock.faults.remove(second.id)).toBe(true);
    expect(mock.faults.list().map((f) => f.id)).toEqual([first.id, third.id]);
    expect(mock.faults.remove(second.id)).toBe(false);
    expect(mock.faults.remove('flt_999999')).toBe(false);
    expect((await call(mock, '/v1/catalog/sports')).status).toBe(500);
    expect((await call(mock, '/v1/catalog/sports')).status).toBe(502);
    expect(mock.faults.remove(first.id)).toBe(false);
    expect((await call(mock, '/v1/catalog/sports')).status).toBe(200);
  });

  it('refuses a count that is not a positive integer, arming nothing', () => {
    const mock = newMock();
    for (const count of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => mock.faults.inject({ route: 'catalog.sports', status: 500, count })).toThrow(
        new RangeError(`count must be a positive integer, got ${count}`),
      );
    }
    expect(mock.faults.list()).toEqual([]);
  });

  it('holds at most 1,000 armed faults and refuses one more', () => {
    const mock = newMock();
    for (let i = 0; i < MAX_ARMED_FAULTS; i++) mock.faults.inject({ route: 'catalog.sports', status: 500 });
    expect(() => mock.faults.inject({ route: 'catalog.sports', status: 500 })).toThrow(
      new RangeError('at most 1000 faults can be armed at once: clear them first'),
    );
    expect(mock.faults.list().length).toBe(MAX_ARMED_FAULTS);
    mock.faults.clear();
    expect(mock.faults.list()).toEqual([]);
    expect(mock.faults.inject({ route: 'catalog.sports', status: 500 }).remaining).toBe(1);
  });
});
