import { describe, expect, it } from 'vitest';
import { GUIDANCE_KEPT, GuidanceStore } from '../../mocks/service/state/guidance';
import type { RequestGuidanceMessage, RequestHealthReport } from '../../src/schemas';
import { call, NOW, useMockServer } from '../helpers/mock-server';

/**
 * Support guidance messages (docs/service.md, "Request health"; docs/mock-server.md: "until they expire, 100 per account; the
 * oldest leave the report"): a report shows an account's active, unexpired ones.
 */
const newMock = useMockServer();

describe('support guidance messages kept', () => {
  it('keeps the 100 most recent of an account: the oldest leave the report', async () => {
    const mock = newMock();
    const added: RequestGuidanceMessage[] = [];
    for (let i = 0; i <= GUIDANCE_KEPT; i++)
      added.push(await mock.addGuidance({ email: mock.demoEmail, title: `Notice ${i}`, body: `Guidance message number ${i}.` }));
    const report = (await call<RequestHealthReport>(mock, '/v1/account/request-health')).body;
    expect(report.guidance_messages.length).toBe(GUIDANCE_KEPT);
    expect(report.guidance_messages).toEqual(added.slice(1));
  });

  it('shows only active messages: a dismissed or withdrawn one is not', () => {
    const store = new GuidanceStore();
    const base = { title: 'Notice', body: 'A guidance message.', created_by: 'support' as const, created_at: NOW, updated_at: NOW };
    const active = { ...base, id: `gdn_${'1'.repeat(32)}`, status: 'active' as const };
    store.add('acct', active);
    store.add('acct', { ...base, id: `gdn_${'2'.repeat(32)}`, status: 'dismissed', dismissed_at: NOW });
    store.add('acct', { ...base, id: `gdn_${'3'.repeat(32)}`, status: 'withdrawn', withdrawn_at: NOW });
    expect(store.active('acct', Date.parse(NOW))).toEqual([active]);
    expect(store.active('other', Date.parse(NOW))).toEqual([]);
  });
});
