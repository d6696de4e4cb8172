import { describe, expect, it } from 'vitest';
import { createMockService } from '../../mocks';
import { connect, textOf } from './harness';

const SECRET = 'svc_live_0123456789abcdefABCDEF0123456789';

describe('bad input: clear tool errors, nothing charged', () => {
  it('names an unknown tool, wrong types and missing arguments, and charges nothing', async () => {
    const s = await connect();
    const unknown = await s.call('events_oddz', { event_id: 1 });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^unknown tool events_oddz: this session's tools are .*events_odds/);
    const wrongType = await s.call('events_odds', { event_id: 'forty-two' });
    expect(textOf(wrongType)).toBe('invalid arguments: event_id: expected a positive integer; nothing was sent or charged');
    const missing = await s.call('catalog_leagues', {});
    expect(textOf(missing)).toContain('sport_id: required');
    const extra = await s.call('catalog_sports', { sport: 1 });
    expect(textOf(extra)).toContain('unknown argument(s) (1): this tool takes none');
    const fraction = await s.call('events_list', { limit: 2.5 });
    expect(textOf(fraction)).toContain('limit: expected an integer from 1 to 500');
    const combination = await s.call('events_odds', { event_id: 1, since: '2026-11-20T00:00:00Z', full_history: false });
    expect(textOf(combination)).toContain('since cannot be combined with full_history=0');
    expect(s.charged()).toBe(0);
    expect(s.mock.requests()).toHaveLength(0);
    await s.close();
  });

  it('answers a refused key (401) once, naming where the key comes from: the client options given to createMcpServer', async () => {
    const mock = createMockService({ now: '2026-11-21T12:00:00Z' });
    const s = await connect({}, {}, mock, { apiKey: `svc_live_${'0'.repeat(32)}`, email: mock.demoEmail });
    const refused = await s.call('catalog_sports');
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(
      /^the service refused this server's API key \(401 invalid_api_key: [^)]+\(request req_\w+\)\); nothing was charged\. Check the apiKey of the client options given to createMcpServer\.$/,
    );
    await s.close();
  });

  it('never echoes a secret pasted into an argument, its value or its name', async () => {
    const s = await connect();
    for (const args of [
      { event_id: SECRET },
      { event_id: 1, [SECRET]: 1 },
      { calls: [{ tool: 'events_odds', arguments: { note: `Bearer ${SECRET}` } }] },
    ]) {
      const result = await s.call(Object.hasOwn(args, 'calls') ? 'estimate_cost' : 'events_odds', args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('looks like an API key or credential token');
      expect(JSON.stringify(result)).not.toContain('0123456789abcdef');
    }
    const unknownTool = await s.call(SECRET);
    expect(textOf(unknownTool)).toMatch(/^unknown tool \(its name is not repeated\)/);
    expect(JSON.stringify(unknownTool)).not.toContain('0123456789abcdef');
    const pasted = await s.call('sk-proj-abc123secret');
    expect(JSON.stringify(pasted)).not.toContain('abc123secret');
    expect(s.charged()).toBe(0);
    await s.close();
  });

  it('refuses a continuation from another session, or an unknown one', async () => {
    const a = await connect({ sessionId: 'alpha' });
    const b = await connect({ sessionId: 'beta' });
    const other = await b.call('more_rows', { continuation: 'alpha.1' });
    expect(textOf(other)).toContain('issued by another session');
    const unknown = await b.call('more_rows', { continuation: 'beta.7' });
    expect(textOf(unknown)).toContain('unknown or already used');
    expect(a.charged() + b.charged()).toBe(0);
    await a.close();
    await b.close();
  });

  it('refuses bad options of createMcpServer with the name, what was given and what is accepted', async () => {
    for (const [maxCredits, shown] of [
      [Number.NaN, 'NaN'],
      [-5, '-5'],
      [2.5, '2.5'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      ['100', 'string'],
    ] as const) {
      await expect(connect({ maxCredits: maxCredits as number })).rejects.toThrow(
        `maxCredits must be an integer of at least 1, got ${shown}`,
      );
    }
  });
});
