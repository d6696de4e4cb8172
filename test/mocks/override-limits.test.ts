import { describe, expect, it } from 'vitest';
import type { OddsSnapshot } from '../../src/schemas';
import { MAX_OVERRIDES } from '../../mocks/service/state/overrides';
import { call, useMockServer } from '../helpers/mock-server';

/** `mock.use` overrides are bounded like every other store: at most 1,000 armed at once, and a clear refusal past that. */
const newMock = useMockServer();

const ROW = {
  event_id: 42,
  line_id: 4_200_001,
  market: 'moneyline',
  period: 0,
  odds1: 2.5,
  odds0: 3.2,
  odds2: 2.9,
  status: 1,
  timestamp: '2026-11-21T14:00:00Z',
};

describe('how many overrides can be armed', () => {
  it('holds 1,000 and refuses a 1,001st with a RangeError that says what to do; disposing one makes room', async () => {
    const mock = newMock();
    const disposers = Array.from({ length: MAX_OVERRIDES }, (_, i) => mock.use('events.odds', () => [{ ...ROW, odds1: 1 + i / 1_000 }]));
    expect(() => mock.use('events.odds', () => [ROW])).toThrow(
      new RangeError('mock.use: at most 1000 overrides can be armed at once: remove some, or reset'),
    );
    // The most recent one answers.
    expect((await call<OddsSnapshot[]>(mock, '/v1/events/42/odds')).body[0]?.odds1).toBe(1.999);
    disposers[0]!();
    mock.use('events.odds', () => [{ ...ROW, odds1: 7.5 }]);
    expect((await call<OddsSnapshot[]>(mock, '/v1/events/42/odds')).body[0]?.odds1).toBe(7.5);
  });
});

describe('which requests an override answers', () => {
  it('narrowed to no path parameter at all (`params: {}`), answers every request of its route', async () => {
    const mock = newMock();
    mock.use('events.odds', () => [{ ...ROW, odds1: 4.5 }], { params: {} });
    expect((await call<OddsSnapshot[]>(mock, '/v1/events/42/odds')).body[0]?.odds1).toBe(4.5);
    expect((await call<OddsSnapshot[]>(mock, '/v1/events/7/odds')).body[0]?.odds1).toBe(4.5);
  });
});
