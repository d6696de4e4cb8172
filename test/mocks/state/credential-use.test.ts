import { describe, expect, it } from 'vitest';
import type { ClaimSuccess } from '../../../src/schemas';
import type { MockService } from '../../../mocks';
import { call, codeOf, useMockServer } from '../../helpers/mock-server';

const newMock = useMockServer();

const postJson = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const claim = (mock: MockService, claimToken: string) => call<ClaimSuccess>(mock, '/v1/checkout/claims', { key: null, ...postJson({ claim_token: claimToken }) });

describe('a single-use credential is used only by an answer (spec 4.3, 7 rule 5)', () => {
  it('a claim that could not make the key consumes nothing: the same claim token works once the cause is gone', async () => {
    const mock = newMock();
    const checkout = await mock.startCheckout({ email: 'buyer@example.com', plan: 'starter' });
    await mock.completeCheckout(checkout.session_id);
    // The address gets an account of its own before the claim: the primary key cannot be made.
    await mock.createAccount({ email: 'buyer@example.com' });
    const failed = await claim(mock, checkout.claim_token);
    expect(failed.status).toBe(500);
    expect(codeOf(failed)).toBe('internal_error');

    await mock.updateAccount('buyer@example.com', { email: 'someone-else@example.com' });
    const first = await claim(mock, checkout.claim_token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ email: 'buyer@example.com', plan: 'starter', scopes: ['data:read', 'account:manage'] });
    expect((await call(mock, '/v1/catalog/sports', { key: first.body.api_key })).status).toBe(200);
    // And it is used now: the exact retry replays the same key.
    expect((await claim(mock, checkout.claim_token)).body).toEqual(first.body);
  });
});
