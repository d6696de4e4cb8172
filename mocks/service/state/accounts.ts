import type { AccountStatus } from '../../../src/schemas';
import { SharedCap } from './bounded';
import { Meter } from './meter';
import type { PlanConfig } from './plans';
import { RateWindow } from './rate';
import { DEFAULT_STORE_BOUNDS } from './store-bounds';
import { StoreFullError } from './store-full';

/** Recovery-email authority (docs/service.md, "Credential delivery"). */
interface RecoveryAuthority {
  verified: boolean;
  verifiedAt: number | null;
  /** Advanced on every verification; links of an older generation are dead. */
  generation: number;
}

/** An account of the mock. */
export interface AccountRecord {
  id: string;
  email: string;
  status: AccountStatus;
  plan: PlanConfig;
  createdAt: number;
  recovery: RecoveryAuthority;
  meter: Meter;
  rate: RateWindow;
  /** When a verification e-mail was last really sent (one per 10 minutes, docs/service.md, "Account and key routes"). */
  verificationSentAt: number | null;
}

/** Statuses with data access (docs/service.md, "Errors"). */
const ACCESS: ReadonlySet<AccountStatus> = new Set(['active', 'past_due']);
/** Statuses answered `403 plan_inactive`; the others without access answer `account_suspended`. */
const PLAN_INACTIVE: ReadonlySet<AccountStatus> = new Set(['held', 'reconciliation_required']);

/** The 403 code of an account status, or undefined when it has data access. */
export function statusDenial(status: AccountStatus): 'account_suspended' | 'plan_inactive' | undefined {
  if (ACCESS.has(status)) return undefined;
  return PLAN_INACTIVE.has(status) ? 'plan_inactive' : 'account_suspended';
}

/**
 * Accounts by id and by e-mail (case-insensitive): at most `maxAccounts`, never one dropped (one more is
 * refused with a `StoreFullError`).
 */
export class AccountStore {
  private readonly byId = new Map<string, AccountRecord>();
  private readonly byEmail = new Map<string, AccountRecord>();
  /** Every account's ledger charges together stay within `chargesInAll`. */
  private readonly charges: SharedCap;

  constructor(
    readonly maxAccounts: number = DEFAULT_STORE_BOUNDS.accounts,
    chargesInAll: number = DEFAULT_STORE_BOUNDS.charges,
  ) {
    this.charges = new SharedCap(chargesInAll);
  }

  /** Refuses, with a `StoreFullError`, when the store holds `maxAccounts` accounts: checked before anything of a new account is made. */
  assertRoom(): void {
    if (this.byId.size >= this.maxAccounts) throw new StoreFullError('accounts', this.maxAccounts, 'accounts');
  }

  /** Adds an account with fresh meters anchored at `createdAt` (a `StoreFullError` past the bound). */
  add(init: {
    id: string;
    email: string;
    status: AccountStatus;
    plan: PlanConfig;
    createdAt: number;
    recoveryVerified: boolean;
  }): AccountRecord {
    if (this.byEmail.has(init.email.toLowerCase())) throw new RangeError(`an account ${init.email} exists already`);
    this.assertRoom();
    const { plan, createdAt } = init;
    const account: AccountRecord = {
      id: init.id,
      email: init.email,
      status: init.status,
      plan,
      createdAt,
      recovery: {
        verified: init.recoveryVerified,
        verifiedAt: init.recoveryVerified ? createdAt : null,
        generation: init.recoveryVerified ? 1 : 0,
      },
      meter: new Meter(plan.periodDays, plan.periodCredits, plan.dailyCredits, createdAt, this.charges),
      rate: new RateWindow(),
      verificationSentAt: null,
    };
    this.byId.set(account.id, account);
    this.byEmail.set(account.email.toLowerCase(), account);
    return account;
  }

  /** Takes back an account whose creation failed after it was added (its key could not be stored): as if never made. */
  remove(account: AccountRecord): void {
    if (this.byId.get(account.id) !== account) return;
    this.byId.delete(account.id);
    this.byEmail.delete(account.email.toLowerCase());
  }

  get(id: string): AccountRecord | undefined {
    return this.byId.get(id);
  }

  findByEmail(email: string): AccountRecord | undefined {
    return this.byEmail.get(email.toLowerCase());
  }

  /** Replaces the mailbox: recovery authority resets (docs/service.md, "Credential delivery") and older links die with the generation. */
  changeEmail(account: AccountRecord, email: string): void {
    if (email.toLowerCase() === account.email.toLowerCase()) return;
    if (this.byEmail.has(email.toLowerCase())) throw new RangeError(`an account ${email} exists already`);
    this.byEmail.delete(account.email.toLowerCase());
    account.email = email;
    this.byEmail.set(email.toLowerCase(), account);
    account.recovery = { verified: false, verifiedAt: null, generation: account.recovery.generation + 1 };
  }

  /** Switches plan: new limits and rate from now. */
  changePlan(account: AccountRecord, plan: PlanConfig): void {
    account.plan = plan;
    account.meter.setLimits(plan.periodCredits, plan.dailyCredits, plan.periodDays);
  }

  all(): AccountRecord[] {
    return [...this.byId.values()];
  }
}
