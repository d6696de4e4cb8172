import { describe, expect, it } from 'vitest';
import { connect, LONG_HISTORY, textOf } from './harness';

type Rows<T> = { rows: T[]; count: number; credits: number; complete?: boolean; summary?: Record<string, number | null> };

/** An event with known price steps: it kicks off two hours after the mock's now (2026-11-21T12:00:00Z). */
const SPEC = {
  sport_id: 29,
  runner_home: 'Harbor City',
  runner_away: 'Northfield',
  minute: -120,
  markets: [
    {
      market: 'moneyline' as const,
      prices: [
        { at: -1440, odds: [2.1, 3.4, 3.6] },
        { at: -600, odds: [2.0, 3.5, 3.9] },
        { at: -300, odds: [1.9, 3.5, 4.2] },
      ],
    },
    {
      market: 'spread' as const,
      prices: [
        { at: -1440, line: -3.5, odds: [1.95, 1.87] },
        { at: -300, line: -4.5, odds: [1.9, 1.92] },
      ],
    },
    { market: 'spread' as const, alternate: true, prices: [{ at: -1440, line: -7.5, odds: [2.6, 1.5] }] },
  ],
};

describe('domain tools', () => {
  it('best_price: the highest open price per market, period and outcome across primary and alternate lines', async () => {
    const s = await connect();
    const event = s.mock.data.addEvent(SPEC);
    const best = (await s.call('best_price', { event_id: event })).structuredContent as Rows<Record<string, unknown>>;
    const of = (market: string, outcome: string) =>
      best.rows.find((r) => r['market'] === market && r['outcome'] === outcome && r['period'] === 0);
    expect(of('moneyline', 'home')).toMatchObject({ odds: 1.9 });
    expect(of('moneyline', 'draw')).toMatchObject({ odds: 3.5 });
    expect(of('moneyline', 'away')).toMatchObject({ odds: 4.2 });
    expect(of('spread', 'home')).toMatchObject({ odds: 2.6, line: -7.5 });
    expect(of('spread', 'away')).toMatchObject({ odds: 1.92 });
    // Before kickoff every line is offered: each row says so, with its snapshot's time and its cutoff.
    for (const row of best.rows) {
      expect(row).toMatchObject({ state: 'open', timestamp: expect.stringMatching(/Z$/), cutoff: '2026-11-21T14:00:00Z' });
    }
    expect(best).toMatchObject({ open: best.rows.length, as_of: '2026-11-21T12:00:00Z' });
    expect(best.credits).toBeLessThanOrEqual(25);
    expect(best.credits).toBe(s.charged());
    await s.close();
  });

  it('best_price: an open price wins over a higher one that is suspended, which is shown only where nothing is open', async () => {
    const s = await connect();
    const event = s.mock.data.addEvent({
      ...SPEC,
      markets: [
        {
          market: 'spread',
          prices: [
            { at: -600, line: -3.5, odds: [2.4, 2.3] },
            { at: -300, status: 'suspended' },
          ],
        },
        { market: 'spread', alternate: true, prices: [{ at: -600, line: -2.5, odds: [2.1, 1.7] }] },
        {
          market: 'moneyline',
          prices: [
            { at: -600, odds: [1.5, 4.1, 5.2] },
            { at: -300, status: 'suspended' },
          ],
        },
      ],
    });
    const best = (await s.call('best_price', { event_id: event })).structuredContent as Rows<Record<string, unknown>> & { open: number };
    const of = (market: string, outcome: string) => best.rows.find((r) => r['market'] === market && r['outcome'] === outcome);
    expect(of('spread', 'home')).toMatchObject({ odds: 2.1, line: -2.5, state: 'open' });
    expect(of('spread', 'away')).toMatchObject({ odds: 1.7, state: 'open' });
    expect(of('moneyline', 'home')).toMatchObject({ odds: 1.5, state: 'suspended' });
    expect(best.open).toBe(2);
    await s.close();
  });

  it('best_price of a match that ended days ago: the last prices, each closed (past its cutoff), with its timestamp; none called open', async () => {
    const s = await connect();
    // Kicked off on 2026-11-17, four days before the mock's now.
    const ended = 620051500;
    const listed = (await s.call('events_list', { event_id: ended })).structuredContent as Rows<{ live_status: number }>;
    expect(listed.rows[0]?.live_status).toBe(2);
    const best = (await s.call('best_price', { event_id: ended })).structuredContent as Rows<Record<string, unknown>> & {
      open: number;
      as_of: string;
    };
    expect(best.rows.length).toBeGreaterThan(0);
    expect(best.open).toBe(0);
    expect(best.as_of).toBe('2026-11-21T12:00:00Z');
    for (const row of best.rows) {
      expect(row['state']).toBe('closed');
      expect(Date.parse(row['timestamp'] as string)).toBeLessThan(Date.parse('2026-11-18T00:00:00Z'));
      expect(Date.parse(row['cutoff'] as string)).toBeLessThanOrEqual(Date.parse(best.as_of));
    }
    const { tools } = await s.client.listTools();
    expect(tools.find((t) => t.name === 'best_price')?.description).not.toMatch(/best open price/i);
    await s.close();
  });

  it('line_movement: each line at from and at to and the change, largest first, in one call', async () => {
    const s = await connect({ confirmAboveCredits: 250 });
    const event = s.mock.data.addEvent(SPEC);
    const moved = (
      await s.call('line_movement', { event_id: event, from: '2026-11-21T00:00:00Z', to: '2026-11-21T10:00:00Z', main_lines_only: false })
    ).structuredContent as Rows<{
      market: string;
      alt_line_id: number | null;
      change: Record<string, number | null>;
      from: { odds1: number };
      changes: number;
    }>;
    expect(moved.complete).toBe(true);
    const moneyline = moved.rows.find((r) => r.market === 'moneyline');
    expect(moneyline?.from.odds1).toBe(2.1);
    expect(moneyline?.change).toEqual({ line: null, odds1: -0.2, odds0: 0.1, odds2: 0.6 });
    const spread = moved.rows.find((r) => r.market === 'spread' && r.alt_line_id === null);
    expect(spread?.change).toMatchObject({ line: -1, odds1: -0.05, odds2: 0.05 });
    // How often each line changed in the window, by the price watch's diff: the moneyline moved at -600 and -300
    // minutes (04:00 and 09:00, kickoff 14:00); its -1440 price is before 'from'. The spread moved once (-300).
    expect(moneyline?.changes).toBe(2);
    expect(spread?.changes).toBe(1);
    // The moneyline moved most (0.6), so it comes first.
    expect(moved.rows[0]?.market).toBe('moneyline');
    expect(moved.credits).toBe(s.charged());
    await s.close();
  });

  it('line_movement: a history longer than max_pages continues from its checkpoint to the same answer', async () => {
    const s = await connect({ confirmAboveCredits: 500, maxCallCredits: 500 });
    s.mock.clock.freeze();
    const event = s.mock.data.addEvent(LONG_HISTORY);
    const window = { event_id: event, from: '2026-11-20T16:00:00Z', to: '2026-11-21T11:00:00Z' };
    type Movement = Rows<unknown> & { next?: { tool: string; arguments: { continuation: string } } };
    const part = (await s.call('line_movement', { ...window, max_pages: 1 })).structuredContent as Movement;
    expect(part.complete).toBe(false);
    expect(part.next?.tool).toBe('line_movement');
    const rest = await s.call('line_movement', { ...part.next?.arguments, max_pages: 1 });
    expect(rest.isError, textOf(rest)).toBeFalsy();
    const resumed = rest.structuredContent as Movement;
    expect(resumed.complete).toBe(true);
    const once = (await s.call('line_movement', { ...window, max_pages: 2 })).structuredContent as Movement;
    expect(resumed.rows).toEqual(once.rows);
    expect(resumed.rows).toHaveLength(3);
    expect(part.credits + resumed.credits).toBe(once.credits);
    await s.close();
  });

  it('clv: every bet of a list against its closing line, with totals, as analytics_clv answers each', async () => {
    const s = await connect({ confirmAboveCredits: 250 });
    const event = s.mock.data.addEvent({ ...SPEC, minute: 200 });
    const bets = [
      { event_id: event, market: 'moneyline', side: 'home', odds: 2.1, stake: 10 },
      { event_id: event, market: 'moneyline', side: 'away', odds: 3.6 },
      { event_id: event, market: 'spread', side: 'home', line: -9.5, odds: 2.0 },
    ];
    const result = (await s.call('clv', { bets })).structuredContent as Rows<Record<string, unknown>>;
    const one = await Promise.all(
      bets.slice(0, 2).map(async (bet) => (await s.call('analytics_clv', bet)).structuredContent as { result: Record<string, number> }),
    );
    expect(result.rows[0]).toEqual({ index: 0, ...one[0]?.result });
    expect(result.rows[1]).toEqual({ index: 1, ...one[1]?.result });
    expect(result.rows[2]).toEqual({ index: 2, error: 'no closing line matches this bet' });
    const clvs = one.map((o) => o.result['clv'] as number);
    expect(result.summary).toMatchObject({ bets: 3, events: 1, matched: 2, average_clv: (clvs[0]! + clvs[1]!) / 2 });
    // One closing-lines request for the event's three bets: charged by its rows, at most its envelope of 25.
    expect(result.credits).toBeGreaterThan(0);
    expect(result.credits).toBeLessThanOrEqual(25);
    await s.close();
  });
});
