import { describe, expect, it } from 'vitest';
import { BudgetExceededError, CoordinatorStateLostError } from '../../src';
import { redisCoordinator } from '../../src/redis';
import { chargesOf, useMockServer } from '../sdk/mock-setup';
import { useRedisServer } from '../helpers/redis-server';
import { clientOn, freshNamespace, SECRET, useRedisFleet } from './redis-fleet';

const server = useRedisServer();
const fleet = useRedisFleet(server);
const newMock = useMockServer();

describe('SportsOdds clients sharing a redisCoordinator namespace', () => {
  it('keep one maxCredits and one ledger together, paced together, as the service charged them', async () => {
    const mock = newMock();
    const namespace = freshNamespace('sdk');
    const client = () =>
      clientOn(mock, redisCoordinator({ redis: fleet.client(), namespace, secret: SECRET }), {
        rateLimit: { requestsPerSecond: 4 },
        budget: { maxCredits: 40 },
      });
    const [a, b] = [client(), client()];
    const started = Date.now();
    // Turns of the two clients: 25 credits reserved per call (its envelope), 3 charged.
    let answered = 0;
    let refusal: unknown;
    for (let i = 0; refusal === undefined; i++) {
      try {
        await (i % 2 === 0 ? a : b).catalog.sports();
        answered += 1;
      } catch (error) {
        refusal = error;
      }
    }
    // 40 - 6 * 3 = 22 < 25: the seventh call does not fit the shared budget.
    expect(refusal).toBeInstanceOf(BudgetExceededError);
    expect(refusal).toMatchObject({ limit: 'maxCredits', envelope: 25, available: 22 });
    expect(answered).toBe(6);
    expect(chargesOf(mock).charged).toBe(18);
    // Four slots a second for both: the fifth call waited for the first one's hold.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const shared = await b.readCredits();
    expect(shared).toMatchObject({ spent: 18, meteredCalls: 6, reserved: 0 });
    expect(shared.daily.remaining).toBeTypeOf('number');
    expect(a.credits).toMatchObject({ spent: 18 });
  });
});

describe('SportsOdds clients whose Redis lost the namespace', () => {
  it('fail closed, sending nothing, until recover(); then the service windows count what a process that is gone spent, and maxCredits holds as charged', async () => {
    const mock = newMock();
    const namespace = freshNamespace('lost-sdk');
    const maxCredits = 60;
    const client = () => {
      const coordinator = redisCoordinator({ redis: fleet.client(), namespace, secret: SECRET });
      return { odds: clientOn(mock, coordinator, { rateLimit: { requestsPerSecond: 20 }, budget: { maxCredits } }), coordinator };
    };
    const a = client();
    const gone = client();
    // 3 credits a call: a spends 6, then a process that will be gone spends 30 that a never hears of.
    for (let i = 0; i < 2; i++) await a.odds.catalog.sports();
    for (let i = 0; i < 10; i++) await gone.odds.catalog.sports();
    expect(a.odds.credits.spent).toBe(6);
    expect(chargesOf(mock).charged).toBe(36);
    await fleet.inspector().flushall();
    await expect(a.odds.catalog.sports()).rejects.toBeInstanceOf(CoordinatorStateLostError);
    expect(chargesOf(mock).charged).toBe(36);
    expect(await a.coordinator.recover()).toMatchObject({ spent: 6 });
    let refusal: unknown;
    for (let i = 0; i < 40 && refusal === undefined; i++) {
      await a.odds.catalog.sports().catch((error: unknown) => (refusal = error));
    }
    expect(refusal).toBeInstanceOf(BudgetExceededError);
    // Counted from 6 alone, the fleet would have gone on to 36 + 30 = 66 charged (each call reserves 25).
    const charged = chargesOf(mock).charged;
    expect(charged).toBeLessThanOrEqual(maxCredits);
    expect((await a.odds.readCredits()).spent).toBe(charged);
    expect(charged).toBe(39);
  });
});
