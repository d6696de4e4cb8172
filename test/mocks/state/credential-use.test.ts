import { describe, expect, it } from 'vitest';
import type { ClaimSuccess } from '../../../src/schemas';
import type { MockService } from '../../../mocks';
import { call, useMockServer } from '../../helpers/mock-server';

const newMock = useMockServer();

const postJson = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const claim = (mock: MockService, claimToken: string) =>
  call<ClaimSuccess>(mock, '/v1/checkout/claims', { key: null, ...postJson({ claim_token: claimToken }) });

describe('a paid checkout can always make its account when claimed (docs/service.md, Credential delivery)', () => {
  it("the control plane refuses to give an unclaimed checkout's address to another account, in any letter case, and changes nothing", async () => {
    const mock = newMock();
    const checkout = await mock.startCheckout({ email: 'buyer@example.com', plan: 'starter' });
    await mock.completeCheckout(checkout.session_id);

    await expect(mock.createAccount({ email: 'Buyer@Example.com' })).rejects.toThrow(
      'a checkout for Buyer@Example.com is waiting to be claimed',
    );
    await expect(mock.startCheckout({ email: 'BUYER@example.com' })).rejects.toThrow(
      'a checkout for BUYER@example.com is waiting to be claimed',
    );
    const other = await mock.createAccount({ email: 'other@example.com', plan: 'trial' });
    await expect(mock.updateAccount(other.email, { plan: 'pro', email: 'buyer@example.com' })).rejects.toThrow('waiting to be claimed');
    // The refused update changed nothing, not even its plan.
    expect(mock.accounts().find((a) => a.email === other.email)).toMatchObject({ plan: 'trial' });

    const first = await claim(mock, checkout.claim_token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ email: 'buyer@example.com', plan: 'starter', scopes: ['data:read', 'account:manage'] });
    expect((await call(mock, '/v1/catalog/sports', { key: first.body.api_key })).status).toBe(200);
    // Once claimed, the address has its account: the exact retry replays the same key, and the address is taken.
    expect((await claim(mock, checkout.claim_token)).body).toEqual(first.body);
    await expect(mock.createAccount({ email: 'buyer@example.com' })).rejects.toThrow('an account buyer@example.com exists already');
  });

  it('an open checkout holds its address too; a closed one does not hold it once its account is gone elsewhere', async () => {
    const mock = newMock();
    await mock.startCheckout({ email: 'open@example.com', plan: 'starter' });
    await expect(mock.createAccount({ email: 'open@example.com' })).rejects.toThrow('waiting to be claimed');
    const checkout = await mock.startCheckout({ email: 'done@example.com', plan: 'starter' });
    await mock.completeCheckout(checkout.session_id);
    expect((await claim(mock, checkout.claim_token)).status).toBe(200);
    await mock.updateAccount('done@example.com', { email: 'moved@example.com' });
    await expect(mock.createAccount({ email: 'done@example.com' })).resolves.toMatchObject({ email: 'done@example.com' });
  });
});
