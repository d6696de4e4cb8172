import { describe, expect, it } from 'vitest';
import { fixtures } from '../../mocks';
import { sdkFor, useMockServer } from '../sdk/mock-setup';

/**
 * A `once` override and a fault after the work, together (docs/testing.md, "An override and a
 * fault together"): the override answers the first attempt, the 503 replaces that answer, and the
 * override is used up; the SDK's retry reaches the route's own data. `{ times: 2 }` answers the
 * retry too (issue 31: each rule was documented alone).
 */

const newMock = useMockServer();

const board = (eventId: number) => [
  fixtures.oddsSnapshot({ event_id: eventId, market: 'moneyline', odds1: 2.5, odds2: 1.6 }),
  fixtures.oddsSnapshot({ event_id: eventId, market: 'moneyline', odds1: 1.55, odds2: 2.6 }),
];

async function someEvent(mock: ReturnType<typeof newMock>): Promise<number> {
  const { odds } = sdkFor(mock);
  const [event] = (await odds.events.list({ sport_id: 29, limit: 5 })).filter((e) => e.parent_id == null);
  return event?.event_id as number;
}

describe('a once override with a 503 after the work', () => {
  it('is used up by the attempt the 503 replaced: the retry gets the real data', async () => {
    const mock = newMock();
    const eventId = await someEvent(mock);
    mock.use('events.odds', ({ params }) => board(params.event_id), { once: true });
    mock.faults.inject({ route: 'events.odds', status: 503, count: 1 });
    const { odds, seen } = sdkFor(mock);
    const rows = await odds.events.odds(eventId);
    expect(seen.retries.map((r) => (r.error as { status?: number }).status)).toEqual([503]);
    expect(rows).not.toEqual(board(eventId));
    expect(rows.some((r) => r.odds1 === 2.5 && r.odds2 === 1.6)).toBe(false);
  });

  it('answers the retry too with { times: 2 }', async () => {
    const mock = newMock();
    const eventId = await someEvent(mock);
    mock.use('events.odds', ({ params }) => board(params.event_id), { times: 2 });
    mock.faults.inject({ route: 'events.odds', status: 503, count: 1 });
    const { odds, seen } = sdkFor(mock);
    const rows = await odds.events.odds(eventId);
    expect(seen.retries).toHaveLength(1);
    expect(rows.map((r) => [r.odds1, r.odds2])).toEqual([
      [2.5, 1.6],
      [1.55, 2.6],
    ]);
  });
});
