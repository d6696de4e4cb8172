import { describe, expect, it } from 'vitest';
import { CLOCK_MAX_MS, createClock } from '../../mocks/service/clock';
import { call, useMockServer } from '../helpers/mock-server';

const newMock = useMockServer();

describe('the clock stays where every answer can be written (issue 10, item 9)', () => {
  it('refuses to be set or moved outside 1970 to 9998, and stays where it was', () => {
    const clock = createClock('2026-11-21T15:00:00Z');
    clock.freeze();
    const at = clock.now();
    expect(() => clock.advance(9_000_000_000_000_000)).toThrow(RangeError);
    expect(() => clock.advance(-9_000_000_000_000_000)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(() => clock.set('0001-01-01T00:00:00Z')).toThrow(RangeError);
    expect(() => clock.set(CLOCK_MAX_MS + 1)).toThrow(RangeError);
    expect(clock.now()).toBe(at);
    expect(() => createClock('+010000-01-01T00:00:00Z')).toThrow(RangeError);
  });

  it('answers every account and data route at the last instant it allows', async () => {
    const mock = newMock();
    await mock.ready;
    mock.clock.set(CLOCK_MAX_MS);
    for (const path of [
      '/v1/account',
      '/v1/account/usage?days=90',
      '/v1/account/request-health?days=90',
      '/v1/catalog/sports',
      '/v1/events',
    ]) {
      expect((await call(mock, path)).status, path).toBe(200);
    }
  });
});
