import type { AccountStatus } from '../../../src/schemas';
import { SharedCap } from './bounded';
import { Meter, type MeterState } from './meter';
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

  /** The accounts as a state document holds them, in the order they were made. */
  save(): AccountState[] {
    return this.all().map((a) => ({
      id: a.id,
      email: a.email,
      status: a.status,
      plan: a.plan.slug,
      createdAt: a.createdAt,
      recovery: { ...a.recovery },
      verificationSentAt: a.verificationSentAt,
      meter: a.meter.save(),
      rate: a.rate.save(),
    }));
  }

  /** Adds saved accounts to an empty store, each on its plan of `plans` (a `RangeError` names an account whose plan is missing). */
  load(saved: readonly AccountState[], plans: Readonly<Record<string, PlanConfig>>): void {
    for (const s of saved) {
      const plan = plans[s.plan];
      if (plan === undefined)
        throw new RangeError(
          `its account ${s.email} is on the plan ${s.plan}, which this mock does not have: give the mock that plan (\`plans\`)`,
        );
      const account = this.add({ id: s.id, email: s.email, status: s.status, plan, createdAt: s.createdAt, recoveryVerified: false });
      account.recovery = { ...s.recovery };
      account.verificationSentAt = s.verificationSentAt;
      account.meter.load(s.meter);
      account.rate.load(s.rate);
    }
  }
}

/** An account as a state document holds it: its plan by slug. */
export interface AccountState {
  id: string;
  email: string;
  status: AccountStatus;
  plan: string;
  createdAt: number;
  recovery: RecoveryAuthority;
  verificationSentAt: number | null;
  meter: MeterState;
  rate: { second: number; count: number };
}
