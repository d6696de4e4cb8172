import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { connect, textOf } from './harness';

const firstEvent = async (s: Awaited<ReturnType<typeof connect>>) =>
  ((await s.call('events_list', { limit: 1 })).structuredContent as { rows: { event_id: number }[] }).rows[0]?.event_id as number;

describe('the session budget', () => {
  it('refuses a call over what is left with its cost, the credits left and when the window resets; nothing is sent or charged', async () => {
    const s = await connect({ maxCredits: 26 });
    const event = await firstEvent(s);
    await s.call('events_odds', { event_id: event });
    const before = s.charged();
    const requests = s.mock.requests().length;
    const refused = await s.call('events_odds', { event_id: event });
    expect(refused.isError).toBe(true);
    const text = textOf(refused);
    expect(text).toMatch(/may cost up to 25 credits and \d+ of the session's 26 are left/);
    expect(text).toMatch(/daily window has \d+ of \d+ left, resetting at 2026-11-22T00:00:00\.000Z/);
    expect(text).toContain('nothing was sent');
    expect(s.charged()).toBe(before);
    expect(s.mock.requests()).toHaveLength(requests);
    await s.close();
  });

  it('refuses a call over the per-call cap', async () => {
    const s = await connect({ maxCallCredits: 20 });
    const refused = await s.call('events_odds', { event_id: 1 });
    expect(textOf(refused)).toContain('over the per-call cap of 20');
    expect(s.charged()).toBe(0);
    await s.close();
  });

  it('asks the person above the threshold when the client can ask, and sends only on their yes', async () => {
    let answer: 'accept' | 'decline' = 'decline';
    const asked: string[] = [];
    const s = await connect({ confirmAboveCredits: 10 }, { capabilities: { capabilities: { elicitation: { form: {} } } } });
    s.client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return answer === 'accept' ? { action: 'accept', content: { send: true } } : { action: 'decline' };
    });
    const event = 420103220;
    const declined = await s.call('events_odds', { event_id: event });
    expect(declined.isError).toBe(true);
    expect(textOf(declined)).toContain('did not confirm a call of up to 25 credits');
    expect(s.charged()).toBe(0);
    answer = 'accept';
    const accepted = await s.call('events_odds', { event_id: event });
    expect(accepted.isError).toBeFalsy();
    expect(s.charged()).toBeGreaterThan(0);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toContain('events_odds may cost up to 25 credits');
    await s.close();
  });

  it('refuses above the threshold when the client cannot ask', async () => {
    const s = await connect({ confirmAboveCredits: 100 });
    const refused = await s.call('events_odds', { event_id: 420103220, full_history: true });
    expect(textOf(refused)).toContain('above the 100 that need a person');
    expect(s.charged()).toBe(0);
    await s.close();
  });

  it('reports in the credits tool what the ledger charged, and estimates no less than the charge', async () => {
    const s = await connect();
    const event = await firstEvent(s);
    const plan = [
      { tool: 'events_odds', arguments: { event_id: event } },
      { tool: 'best_price', arguments: { event_id: event } },
      { tool: 'catalog_leagues', arguments: { sport_id: 29 } },
    ];
    const estimate = (await s.call('estimate_cost', { calls: plan })).structuredContent as { total: number; calls: { credits: number }[] };
    expect(estimate.calls.map((c) => c.credits)).toEqual([25, 25, 25]);
    const before = s.charged();
    for (const { tool, arguments: args } of plan) expect((await s.call(tool, args)).isError).toBeFalsy();
    expect(s.charged() - before).toBeLessThanOrEqual(estimate.total);
    const credits = (await s.call('credits')).structuredContent as { session: { spent: number }; budget: { spent: number; left: number } };
    expect(credits.session.spent).toBe(s.charged());
    expect(credits.budget.spent).toBe(s.charged());
    expect(credits.budget.left).toBe(1000 - s.charged());
    await s.close();
  });
});

/** Each tool of the default list with its costliest inputs short of the ones it lists as bounded (`bets`, `max_pages`). */
const COSTLIEST: Record<string, Record<string, unknown>> = {
  catalog_sports: {},
  catalog_leagues: { sport_id: 29 },
  catalog_periods: { sport_id: 29 },
  events_list: { live: true, limit: 500 },
  events_odds: { event_id: 420103220, full_history: true },
  events_opening_lines: { event_id: 420103220 },
  events_closing_lines: { event_id: 420103220 },
  events_results: { event_id: 420103220 },
  events_props: { event_id: 420103220 },
  props_odds: { prop_id: 1, full_history: true },
  outrights_list: {},
  analytics_clv: { event_id: 420103220, market: 'moneyline', side: 'home', odds: 2 },
  events_scan: { starts_from: '2026-11-21T12:00:00Z', starts_to: '2026-11-22' },
  best_price: { event_id: 420103220 },
  line_movement: { event_id: 420103220, from: '2026-11-20T00:00:00Z', to: '2026-11-21T11:00:00Z' },
  clv: {},
  estimate_cost: { calls: [{ tool: 'credits' }] },
  credits: {},
  more_rows: { continuation: 'x' },
};

type Listed = { name: string; description?: string; inputSchema: { properties?: Record<string, { maximum?: number; maxItems?: number }> } };
const bound = (tools: Listed[], tool: string, argument: string) => {
  const schema = tools.find((t) => t.name === tool)?.inputSchema.properties?.[argument];
  return schema?.maxItems ?? schema?.maximum;
};

describe('the defaults fit the tools, for a client that cannot ask the person', () => {
  it('lets every tool of the default list be called with the inputs it lists, within --confirm-above and the per-call cap', async () => {
    const s = await connect();
    const { tools } = (await s.client.listTools()) as { tools: Listed[] };
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(COSTLIEST).sort());
    // `clv` is priced by the distinct events of its bets: as many events as its description lists, two bets each.
    const ended = 620051500;
    const events = Number(
      /Here at most (\d+) events \(distinct event_id\) a call\./.exec(tools.find((t) => t.name === 'clv')?.description ?? '')?.[1],
    );
    const bets = Array.from({ length: 2 * events }, (_, i) => ({
      event_id: ended + Math.floor(i / 2),
      market: 'moneyline',
      side: i % 2 === 0 ? 'home' : 'away',
      odds: 2,
    }));
    const largest = (name: string) => ({
      ...COSTLIEST[name],
      ...(name === 'clv' ? { bets } : {}),
      ...(name === 'line_movement' || name === 'events_scan' ? { max_pages: bound(tools, name, 'max_pages') } : {}),
    });
    const plan = tools.map((t) => ({ tool: t.name, arguments: largest(t.name) }));
    const estimate = (await s.call('estimate_cost', { calls: plan })).structuredContent as {
      calls: { tool: string; credits?: number; error?: string; needs_confirmation?: boolean }[];
    };
    const { budget } = (await s.call('credits')).structuredContent as {
      budget: { max_call_credits: number; confirm_above_credits: number };
    };
    for (const priced of estimate.calls) {
      expect(priced.error, priced.tool).toBeUndefined();
      expect(priced.needs_confirmation, priced.tool).toBeUndefined();
      expect(priced.credits, priced.tool).toBeLessThanOrEqual(Math.min(budget.max_call_credits, budget.confirm_above_credits));
    }
    // What the docs promise such a client: CLV of bets on 10 events a call, a page of odds history, 10 pages of a scan.
    expect(events).toBe(10);
    expect(bound(tools, 'clv', 'bets')).toBe(50);
    expect(bound(tools, 'line_movement', 'max_pages')).toBe(1);
    expect(bound(tools, 'events_scan', 'max_pages')).toBe(10);
    for (const name of ['clv', 'line_movement', 'events_odds', 'events_scan']) {
      const answered = await s.call(name, largest(name));
      expect(answered.isError, `${name}: ${textOf(answered).slice(0, 200)}`).toBeFalsy();
    }
    expect(s.charged()).toBeGreaterThan(0);
    await s.close();
  });

  it('lists the bounds that the session allows: the per-call cap, or --confirm-above where the client cannot ask', async () => {
    const cannotAsk = await connect({ confirmAboveCredits: 100 });
    const canAsk = await connect({ confirmAboveCredits: 100 }, { capabilities: { capabilities: { elicitation: { form: {} } } } });
    const listed = async (s: Awaited<ReturnType<typeof connect>>) => ((await s.client.listTools()) as { tools: Listed[] }).tools;
    const [without, withElicitation] = [await listed(cannotAsk), await listed(canAsk)];
    expect(without.find((t) => t.name === 'clv')?.description).toContain('Here at most 4 events (distinct event_id) a call.');
    expect(without.find((t) => t.name === 'line_movement')?.description).toContain(
      "Not callable here: one page may cost 250, over this session's per-call limit of 100.",
    );
    expect(withElicitation.find((t) => t.name === 'clv')?.description).toContain('Here at most 10 events (distinct event_id) a call.');
    expect(bound(withElicitation, 'line_movement', 'max_pages')).toBe(1);
    // The listed bound is the one the server keeps: bets on one event more are refused, nothing sent.
    const betsOn = (events: number, bets: number) =>
      Array.from({ length: bets }, (_, i) => ({
        event_id: 620051500 + (i % events),
        market: 'moneyline',
        side: 'home',
        odds: 2 + i / 100,
      }));
    const refused = await cannotAsk.call('clv', { bets: betsOn(5, 5) });
    expect(textOf(refused)).toContain('may cost up to 125 credits, above the 100 that need a person');
    expect(cannotAsk.charged()).toBe(0);
    // A book of 50 bets on 4 events costs what its events cost: within the 100, no person asked.
    const book = await cannotAsk.call('clv', { bets: betsOn(4, 50) });
    expect(book.isError, textOf(book)).toBeFalsy();
    const { credits, summary } = book.structuredContent as { credits: number; summary: { bets: number; events: number } };
    expect(summary).toMatchObject({ bets: 50, events: 4 });
    expect(credits).toBe(cannotAsk.charged());
    expect(credits).toBeLessThanOrEqual(100);
    await Promise.all([cannotAsk.close(), canAsk.close()]);
  });
});
