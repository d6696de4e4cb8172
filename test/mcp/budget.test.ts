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
    const s = await connect();
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
