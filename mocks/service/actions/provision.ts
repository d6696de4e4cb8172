import { ACCOUNT_STATUSES, API_KEY_PATTERN, BOTH_SCOPES, type AccountStatus } from '../../../src/schemas';
import { checkEmail, checkNames, checkOneOf, checkText, refuse } from '../input-checks';
import type { ServiceContext } from '../contract';
import { newId } from '../state/crypto';

/** What a new account starts with. */
export interface AccountInit {
  email: string;
  /** Plan slug of the catalog. Default `trial`. */
  plan?: string | undefined;
  status?: AccountStatus | undefined;
  /** Whether the mailbox is already verified for lost-key recovery. Default false. */
  recoveryEmailVerified?: boolean | undefined;
  /** A fixed plaintext for the primary key (demo scripts); random otherwise. */
  apiKey?: string | undefined;
}

/**
 * Checks what `owner` (`mock.createAccount()`) was given: known names, an e-mail address as the service checks one, a status of
 * the service, a well-formed key (the plan is looked up in the catalog as the account is made).
 *
 * @example
 * checkAccountInit('mock.createAccount()', { email: 'not-an-email' }); // throws: email must be an e-mail address, got "not-an-email"
 */
export function checkAccountInit(owner: string, init: AccountInit): void {
  const given = checkNames<AccountInit>(owner, init, ['email', 'plan', 'status', 'recoveryEmailVerified', 'apiKey']);
  checkEmail('email', given.email);
  if (given.plan !== undefined) checkText('plan', given.plan);
  if (given.status !== undefined) checkOneOf('status', given.status, ACCOUNT_STATUSES);
  if (given.recoveryEmailVerified !== undefined && typeof given.recoveryEmailVerified !== 'boolean')
    refuse('recoveryEmailVerified', given.recoveryEmailVerified, 'true or false');
  if (given.apiKey !== undefined && !(typeof given.apiKey === 'string' && API_KEY_PATTERN.test(given.apiKey)))
    refuse('apiKey', given.apiKey, 'svc_live_ followed by 32 letters and digits', true);
}

/** Looks a plan up in the catalog, or fails with the known slugs. */
export function planOf(service: ServiceContext, slug: string) {
  const plan = service.options.plans[slug];
  if (!plan) throw new RangeError(`unknown plan ${slug}: one of ${Object.keys(service.options.plans).join(', ')}`);
  return plan;
}

/**
 * Creates an account and its primary key (both scopes, docs/service.md, "Authentication, keys and scopes"),
 * returning the plaintext once. The account exists at once; the key too when its `hash` is given. A full
 * store of accounts or keys refuses it (`StoreFullError`) and nothing is added.
 */
export async function provisionAccount(service: ServiceContext, init: AccountInit, now = service.clock.now(), hash?: string) {
  const plan = planOf(service, init.plan ?? 'trial');
  // The state the call was made in, even if a reset comes while the key is hashed.
  const { accounts, keys } = service.state;
  keys.assertRoom(1, now);
  const account = accounts.add({
    id: newId(service.state.random, 'acct_'),
    email: init.email,
    status: init.status ?? 'active',
    plan,
    createdAt: now,
    recoveryVerified: init.recoveryEmailVerified ?? false,
  });
  try {
    const { record, plaintext } = await keys.create({
      accountId: account.id,
      name: 'Primary key',
      scopes: BOTH_SCOPES,
      now,
      ...(init.apiKey === undefined ? {} : { plaintext: init.apiKey, hash }),
    });
    return { account, key: record, apiKey: plaintext };
  } catch (error) {
    // The key store filled while the key was hashed: the account goes too.
    accounts.remove(account);
    throw error;
  }
}
