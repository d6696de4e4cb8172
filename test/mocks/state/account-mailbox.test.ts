import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Account } from '../../../src/schemas';
import type { MockService } from '../../../mocks';
import { call, useMockServer } from '../../helpers/mock-server';

const newMock = useMockServer();

const SPORTS = '/v1/catalog/sports';
const postJson = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const accountOf = async (mock: MockService, key = mock.apiKey) => z.parse(Account, (await call(mock, '/v1/account', { key })).body);
const emails = (mock: MockService) => mock.accounts().map((a) => a.email);

/** Revokes the demo account's only account:manage key (with itself), leaving a data:read key: recovery becomes possible. */
async function eligible(mock: MockService) {
  const reader = await mock.createKey(mock.demoEmail, { name: 'reader' });
  const primary = mock
    .accounts()
    .find((a) => a.email === mock.demoEmail)!
    .keys.find((k) => k.name === 'Primary key')!;
  expect((await call(mock, `/v1/account/keys/${primary.id}/revoke`, { method: 'POST' })).status).toBe(200);
  return reader;
}

/** Asks for a recovery link for `email` with a fresh challenge; the recovery links in the outbox afterwards. */
async function requestRecovery(mock: MockService, email: string) {
  const answer = await call(mock, '/v1/recovery/requests', {
    key: null,
    ...postJson({ email, challenge_token: await mock.issueChallenge() }),
  });
  expect(answer.status).toBe(202);
  return (await mock.outbox()).filter((m) => m.kind === 'recovery');
}

const tokenOf = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
const claim = (mock: MockService, token: string) =>
  call<{ api_key: string }>(mock, '/v1/recovery/claims', { key: null, ...postJson({ recovery_token: token }) });

describe('an account e-mail address names one mailbox, whatever its letter case', () => {
  it('refuses a second account for an address that differs only in letter case', async () => {
    const mock = newMock();
    const upper = mock.demoEmail.toUpperCase();
    await expect(mock.createAccount({ email: upper })).rejects.toThrow(new RangeError(`an account ${upper} exists already`));
    await mock.createAccount({ email: 'Mixed.Case@Example.com' });
    await expect(mock.createAccount({ email: 'mixed.case@example.com' })).rejects.toThrow(RangeError);
    expect(emails(mock)).toEqual([mock.demoEmail, 'Mixed.Case@Example.com']);
  });

  it('finds the account from its address in any letter case (control handles)', async () => {
    const mock = newMock();
    await mock.createAccount({ email: 'Mixed.Case@Example.com' });
    const key = await mock.createKey('MIXED.CASE@EXAMPLE.COM', { name: 'found', scopes: ['account:manage'] });
    expect((await accountOf(mock, key.apiKey)).email).toBe('Mixed.Case@Example.com');
    await mock.updateAccount('mixed.case@example.com', { status: 'past_due' });
    expect(mock.accounts().find((a) => a.email === 'Mixed.Case@Example.com')?.status).toBe('past_due');
  });

  it('mails a recovery link to the account when the request spells its address in other letters', async () => {
    const mock = newMock();
    await eligible(mock);
    const links = await requestRecovery(mock, mock.demoEmail.toUpperCase());
    expect(links.map((m) => m.to)).toEqual([mock.demoEmail]);
  });
});

describe('replacing an account mailbox (mock.updateAccount, docs/service.md, Credential delivery)', () => {
  it('is no replacement when the new address is the same one in other letters: the verified authority and its links stay', async () => {
    const mock = newMock();
    const reader = await eligible(mock);
    const [link] = await requestRecovery(mock, mock.demoEmail);
    await mock.updateAccount(mock.demoEmail, { email: mock.demoEmail.toUpperCase() });
    expect(mock.accounts().find((a) => a.email.toLowerCase() === mock.demoEmail)?.recoveryEmailVerified).toBe(true);
    expect((await accountOf(mock, (await claim(mock, tokenOf(link!.link))).body.api_key)).recovery_email.verified).toBe(true);
    expect((await call(mock, SPORTS, { key: reader.apiKey })).status).toBe(401);
  });

  it("refuses another account's address, in any letter case, and changes nothing", async () => {
    const mock = newMock();
    await mock.createAccount({ email: 'other@example.com' });
    await expect(mock.updateAccount(mock.demoEmail, { email: 'Other@Example.com' })).rejects.toThrow(
      new RangeError('an account Other@Example.com exists already'),
    );
    const record = await accountOf(mock);
    expect(record.email).toBe(mock.demoEmail);
    expect(record.recovery_email.verified).toBe(true);
    expect(emails(mock)).toEqual([mock.demoEmail, 'other@example.com']);
  });

  it('moves the account to the new address (in any letter case) and frees the old one for a new account', async () => {
    const mock = newMock();
    const old = mock.demoEmail;
    await mock.updateAccount(old, { email: 'New.Owner@Example.com' });
    expect((await accountOf(mock)).email).toBe('New.Owner@Example.com');
    await expect(mock.updateAccount(old, { status: 'suspended' })).rejects.toThrow(new RangeError(`no account ${old}`));
    await mock.updateAccount('new.owner@example.com', { status: 'past_due' });
    expect((await accountOf(mock)).status).toBe('past_due');

    const { apiKey } = await mock.createAccount({ email: old });
    expect((await accountOf(mock, apiKey)).email).toBe(old);
    expect(emails(mock)).toEqual(['New.Owner@Example.com', old]);
  });
});
