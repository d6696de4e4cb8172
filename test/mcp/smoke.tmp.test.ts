import { expect, it } from 'vitest';
import { connect, textOf } from './harness';

it('smoke', async () => {
  const s = await connect();
  const { tools } = await s.client.listTools();
  console.log(tools.map((t) => t.name).join(' '));
  const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
  console.log('tokens', countTokens(JSON.stringify(tools)));
  for (const t of tools) console.log(t.name, countTokens(JSON.stringify(t)));
  const r = await s.call('events_list', { limit: 3 });
  console.log(textOf(r).slice(0, 600));
  const e = (r.structuredContent as { rows: { event_id: number }[] }).rows[0]!.event_id;
  for (const [n, a] of [['events_odds', { event_id: e }], ['best_price', { event_id: e }], ['events_odds', { event_id: e, full_history: true }], ['line_movement', { event_id: e, from: '2026-11-20T00:00:00Z', to: '2026-11-21T11:00:00Z' }], ['credits', {}], ['estimate_cost', { calls: [{ tool: 'events_odds', arguments: { event_id: 1, full_history: true } }] }], ['nope', {}], ['events_odds', { event_id: 'svc_live_abcdefghijklmnop' }], ['events_odds', { event_id: -1 }]] as const) {
    const res = await s.call(n, a as Record<string, unknown>);
    console.log(n, res.isError ?? false, textOf(res).slice(0, 400));
  }
  console.log('charged', s.charged());
  await s.close();
  expect(1).toBe(1);
});
