import { describe, expect, it } from 'vitest';
import { AbortError, BudgetExceededError, InvalidParametersError, SportsOddsError, UnavailableError, type QueryOf } from '../../src';
import { clvMany } from '../../src/odds';
import { chargesOf, NOW, sdkFor, useMockServer } from '../sdk/mock-setup';

/** `clvMany` of `sports-odds-data/odds`: what it sends, what it answers per bet, and when it throws (docs/sdk.md, "CLV of a book of bets"). */

type Bet = QueryOf<'analytics.clv'>;
const newMock = useMockServer();

/** Finished events of the day before yesterday: they have closing lines. */
async function finished(mock: ReturnType<typeof newMock>, n: number): Promise<number[]> {
  const { odds } = sdkFor(mock);
  const day = new Date(Date.parse(NOW) - 2 * 86_400_000).toISOString().slice(0, 10);
  const events = await odds.events.list({ starts_from: `${day}T00:00:00Z`, starts_to: day, limit: 50 });
  const ids = events.filter((e) => e.closing_available === true || e.closing_available === 1).map((e) => e.event_id as number);
  expect(ids.length).toBeGreaterThanOrEqual(n);
  return ids.slice(0, n);
}

const moneyline = (event_id: number, odds = 2.1): Bet => ({ event_id, market: 'moneyline', side: 'home', odds });

describe('clvMany (sports-odds-data/odds)', () => {
  it('sends one closing-lines request per distinct event, and answers in the order of the bets', async () => {
    const mock = newMock();
    const [a, b, c] = await finished(mock, 3);
    const { odds, seen } = sdkFor(mock);
    const bets = [moneyline(a!), moneyline(b!), moneyline(a!, 3), { ...moneyline(c!), side: 'away' as const }, moneyline(b!, 1.5)];
    const { results, meta } = await clvMany(odds, bets);
    expect(seen.requests.map((r) => r.routeId)).toEqual(['events.closingLines', 'events.closingLines', 'events.closingLines']);
    expect(seen.requests.map((r) => r.url.replace(/^.*\/events\/(\d+)\/.*$/, '$1'))).toEqual([a, b, c].map(String));
    expect(results.map((r) => r.bet)).toEqual(bets);
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    for (const [i, result] of results.entries()) {
      if (result.status === 'ok') expect(result.value).toEqual(await odds.analytics.clv(bets[i] as Bet));
    }
    expect(meta).toMatchObject({ bets: 5, events: 3, requests: 3 });
  });

  it('prices itself before anything is sent, and sends nothing until awaited', async () => {
    const mock = newMock();
    const [a, b] = await finished(mock, 2);
    const { odds, seen } = sdkFor(mock);
    const before = chargesOf(mock).charged;
    const book = clvMany(odds, [moneyline(a!), moneyline(b!), moneyline(a!, 4)]);
    expect(book.estimate()).toEqual({ bets: 3, requests: 2, perRequest: 25, reserved: 50, expected: 2 });
    expect(seen.requests).toHaveLength(0);
    const { meta } = await book;
    expect(seen.requests).toHaveLength(2);
    expect(meta.credits).toBe(chargesOf(mock).charged - before);
    expect(meta.credits).toBeLessThanOrEqual(50);
  });

  it('says why a bet has no value: no closing row, no such event, or the error its event ended with after the retries', async () => {
    const mock = newMock();
    const [a, b] = await finished(mock, 2);
    mock.use(
      'events.closingLines',
      () => {
        throw mock.error('temporarily_unavailable');
      },
      { params: { event_id: b! } },
    );
    const { odds, seen } = sdkFor(mock, { maxRetries: 1 });
    const before = chargesOf(mock).charged;
    const { results, meta } = await clvMany(odds, [
      { event_id: a!, market: 'totals', side: 'over', line: 999.5, odds: 2 },
      moneyline(999_999_999),
      moneyline(b!),
      moneyline(a!),
    ]);
    expect(results.map((r) => r.status)).toEqual(['no_closing_line', 'no_event', 'failed', 'ok']);
    expect(results[0]).toMatchObject({ message: `no closing line of event ${a} matches totals period 0 side over line 999.5` });
    expect(results[1]).toMatchObject({ message: 'event 999999999 not found' });
    const failed = results[2];
    expect(failed?.status === 'failed' && failed.error).toBeInstanceOf(UnavailableError);
    // The failing event was retried once; each event's lines were asked for once otherwise.
    expect(seen.requests.filter((r) => r.url.includes(`/events/${b}/`)).map((r) => r.attempt)).toEqual([1, 2]);
    expect(seen.requests).toHaveLength(4);
    // Its credits are each event's last answer's, as a scan counts them: all the ledger charged but the retried attempt's.
    const retried = 1;
    expect(meta.credits).toBe(chargesOf(mock).charged - before - retried);
  });

  it('refuses bad bets and options before anything is sent, naming every bad bet by its index', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    const bad = [moneyline(42), { event_id: 42, market: 'moneyline', side: 'over', odds: 2 }, { ...moneyline(42), odds: 0.5 }] as Bet[];
    const refused = await clvMany(odds, bad).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(InvalidParametersError);
    expect((refused as InvalidParametersError).sent).toBe(false);
    expect((refused as InvalidParametersError).issues.map((i) => i.path)).toEqual(['bets[1].side', 'bets[2].odds']);
    await expect(clvMany(odds, 'bets' as never)).rejects.toThrow(/^clvMany\(\) takes an array of bets .*; got string$/);
    expect(() => clvMany(odds, [], { maxAg: 5 } as never)).toThrow(SportsOddsError);
    expect(() => clvMany(odds, [], { maxAg: 5 } as never)).toThrow(/did you mean maxAge\?/);
    expect(seen.requests).toHaveLength(0);
    expect((await clvMany(odds, [])).meta).toEqual({ bets: 0, events: 0, requests: 0, credits: 0 });
  });

  it('throws when the budget refuses an event before sending, or when aborted', async () => {
    const mock = newMock();
    const [a, b, c] = await finished(mock, 3);
    // 26 credits: the first event's lines reserve 25 and cost 1, the second's fit in the 25 left, the third's not.
    const { odds, seen } = sdkFor(mock, { budget: { maxCredits: 26 } });
    await expect(clvMany(odds, [moneyline(a!), moneyline(b!), moneyline(c!)])).rejects.toThrow(BudgetExceededError);
    expect(seen.requests).toHaveLength(2);
    const stop = new AbortController();
    stop.abort();
    const { odds: other } = sdkFor(mock);
    await expect(clvMany(other, [moneyline(a!)], { signal: stop.signal })).rejects.toThrow(AbortError);
  });

  it('serves events from the SDK cache with maxAge: charged nothing the second time', async () => {
    const mock = newMock();
    const [a, b] = await finished(mock, 2);
    const { odds } = sdkFor(mock);
    const bets = [moneyline(a!), moneyline(b!)];
    const first = await clvMany(odds, bets, { maxAge: 60_000 });
    expect(first.meta.credits).toBeGreaterThan(0);
    const before = chargesOf(mock).charged;
    const again = await clvMany(odds, bets, { maxAge: 60_000 });
    expect(again.results).toEqual(first.results);
    expect(again.meta).toMatchObject({ requests: 2, credits: 0 });
    expect(chargesOf(mock).charged).toBe(before);
  });
});
