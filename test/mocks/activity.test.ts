import { describe, expect, it } from 'vitest';
import { createMockService } from '../../mocks';
import { NOW } from '../helpers/mock-server';

describe('mock.requests(): the latest answers of the service', () => {
  it('records route, status, code, cost, metering and the account of every answer, and never a key or a query value', async () => {
    const mock = createMockService({ now: NOW });
    mock.clock.freeze(NOW);
    const get = (path: string, key: string | null = mock.apiKey) =>
      mock.fetch(`${mock.baseUrl}${path}`, key === null ? {} : { headers: { Authorization: `Bearer ${key}` } });
    await get('/v1/catalog/sports');
    await get('/v1/events?sport_id=secret-looking-value');
    await get('/v1/catalog/sports', null);
    await get('/v1/nowhere');
    const log = mock.requests();
    expect(log.map((e) => [e.route, e.status, e.error_code, e.cost, e.metered])).toEqual([
      ['catalog.sports', 200, null, 3, true],
      ['events.list', 400, 'invalid_parameters', 0, false],
      ['catalog.sports', 401, 'invalid_api_key', 0, false],
      [null, 404, 'not_found', 0, false],
    ]);
    expect(log[0]).toMatchObject({
      method: 'GET',
      endpoint: '/v1/catalog/sports',
      account: mock.demoEmail,
      at: new Date(Date.parse(NOW)).toISOString(),
    });
    expect(log[2]?.account).toBeNull();
    expect(log.every((e) => /^req_[0-9a-f]{32}$/.test(e.request_id))).toBe(true);
    const text = JSON.stringify(log);
    expect(text).not.toContain(mock.apiKey);
    expect(text).not.toContain('secret-looking-value');
  });

  it('keeps an hour of mock time at most', async () => {
    const mock = createMockService({ now: NOW });
    await mock.fetch(`${mock.baseUrl}/v1/catalog/sports`, { headers: { Authorization: `Bearer ${mock.apiKey}` } });
    expect(mock.requests()).toHaveLength(1);
    mock.clock.advance(3_600_001);
    expect(mock.requests()).toHaveLength(0);
  });
});
