import { describe, expect, it } from 'vitest';
import { connect, textOf } from './harness';

describe('the account toolset (--account) and its mutations (--mutations)', () => {
  it('reads the account, its usage and key inventory, free; revokes a key only with the second flag', async () => {
    const s = await connect({ toolsets: { account: true, mutations: true } });
    const account = (await s.call('account_get')).structuredContent as { result: { email: string }; credits: number };
    expect(account.result.email).toBe(s.mock.demoEmail);
    const usage = await s.call('account_usage', { days: 7 });
    expect(usage.isError, textOf(usage)).toBeFalsy();
    const { id } = await s.mock.createKey(s.mock.demoEmail, { name: 'spare' });
    const keys = (await s.call('keys_list')).structuredContent as { rows: { id: string; status: string }[] };
    expect(keys.rows.map((k) => k.id)).toContain(id);
    expect(JSON.stringify(keys)).not.toMatch(/svc_live_[A-Za-z0-9]{8,}/);
    const revoked = (await s.call('keys_revoke', { id })).structuredContent as { result: { id: string; status: string } };
    expect(revoked.result).toMatchObject({ id, status: 'revoked' });
    expect(s.charged()).toBe(0);
    await s.close();
  });

  it('offers no mutation under --read-only: keys_revoke is an unknown tool there, and nothing changes', async () => {
    const s = await connect({ toolsets: { account: true, mutations: true }, readOnly: true });
    const { id } = await s.mock.createKey(s.mock.demoEmail, { name: 'kept' });
    const refused = await s.call('keys_revoke', { id });
    expect(textOf(refused)).toMatch(/^unknown tool keys_revoke: /);
    const keys = (await s.call('keys_list')).structuredContent as { rows: { id: string; status: string }[] };
    expect(keys.rows.find((k) => k.id === id)?.status).toBe('active');
    await s.close();
  });
});
