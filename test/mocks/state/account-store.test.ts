import { describe, expect, it } from 'vitest';
import { AccountStore } from '../../../mocks/service/state/accounts';
import { DEFAULT_PLANS } from '../../../mocks/service/state/plans';

const trial = DEFAULT_PLANS.trial!;
const add = (store: AccountStore, id: string, email: string) =>
  store.add({ id, email, status: 'active', plan: trial, createdAt: 0, recoveryVerified: false });

describe('the account store holds one account per address, whatever its letter case', () => {
  it('refuses a second account of an address, and leaves the first as it was', () => {
    const store = new AccountStore();
    const first = add(store, 'acct_1', 'one@example.com');
    expect(() => add(store, 'acct_2', 'One@Example.com')).toThrow(new RangeError('an account One@Example.com exists already'));
    expect(store.get('acct_2')).toBeUndefined();
    expect(store.findByEmail('ONE@example.com')).toBe(first);
  });

  it("refuses to move an account onto another account's address, and changes neither", () => {
    const store = new AccountStore();
    const one = add(store, 'acct_1', 'one@example.com');
    const two = add(store, 'acct_2', 'two@example.com');
    expect(() => store.changeEmail(two, 'ONE@example.com')).toThrow(new RangeError('an account ONE@example.com exists already'));
    expect(two.email).toBe('two@example.com');
    expect(store.findByEmail('two@example.com')).toBe(two);
    expect(store.findByEmail('one@example.com')).toBe(one);
  });
});
