import { closestName } from '../../../src/schemas/closest-name';
import { shown } from '../../../src/schemas/issue-words';

/**
 * How many entries the mock's stores hold at most (docs/mock-server.md, "What the mock keeps, and for how long"), each a
 * count of entries whose size is bounded, so each bounds bytes too. The stores of credentials and records
 * (accounts, keys, tokens, challenges, checkouts, rotations) and the outbox never drop an entry to make
 * room: one more is refused, `503 temporarily_unavailable`. The logs drop their oldest entries.
 */
export interface StoreBounds {
  /** Accounts (demo, control plane, checkout claims). */
  accounts: number;
  /** API keys of all accounts, active and revoked. */
  keys: number;
  /** Recovery and verification tokens (48 hours each). */
  tokens: number;
  /** Messages in the mail outbox (24 hours each). */
  outbox: number;
  /** Outstanding bot challenges (5 minutes each). */
  challenges: number;
  /** Checkout sessions (30 days each). */
  checkouts: number;
  /** Checkout cookies (24 hours each). */
  checkoutCookies: number;
  /** Committed rotations kept for their replay (15 minutes each). */
  rotations: number;
  /** The activity record, `mock.requests()` (an hour of mock time): a log, the oldest answer goes. */
  requests: number;
  /** Ledger charges of all accounts together: a log, the oldest charge of all goes. */
  charges: number;
  /** Request-health failure details of all accounts together: a log, the oldest failure of all goes. */
  failures: number;
  /** Support guidance messages of all accounts together: the oldest of all goes. */
  guidance: number;
}

/** The bounds a mock starts with. */
export const DEFAULT_STORE_BOUNDS: Readonly<StoreBounds> = Object.freeze({
  accounts: 1_000,
  keys: 20_000,
  tokens: 10_000,
  outbox: 1_000,
  challenges: 10_000,
  checkouts: 10_000,
  checkoutCookies: 10_000,
  rotations: 10_000,
  requests: 1_000,
  charges: 50_000,
  failures: 50_000,
  guidance: 1_000,
});

const NAMES = Object.keys(DEFAULT_STORE_BOUNDS) as (keyof StoreBounds)[];

/**
 * The bounds of `createMockService({ bounds })`, checked where they enter: an object of known names
 * (an unknown one is refused with the closest name), each a whole number of entries, 1 or more;
 * the defaults for the names it leaves out.
 *
 * @example
 * storeBoundsOf({ accounts: 50 }).accounts; // 50
 * storeBoundsOf({ acounts: 50 }); // RangeError: bounds.acounts is not a store's bound (did you mean bounds.accounts?) ...
 */
export function storeBoundsOf(given: unknown): StoreBounds {
  if (given === undefined) return { ...DEFAULT_STORE_BOUNDS };
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw new TypeError(`bounds must be an object of store names and counts (e.g. { accounts: 100 }), not ${shown(given)}`);
  const bounds: StoreBounds = { ...DEFAULT_STORE_BOUNDS };
  for (const [name, value] of Object.entries(given)) {
    if (!(NAMES as string[]).includes(name)) {
      const near = closestName(name, NAMES);
      throw new RangeError(
        `bounds.${name} is not a store's bound${near === undefined ? '' : ` (did you mean bounds.${near}?)`}: the bounds are ${NAMES.join(', ')}`,
      );
    }
    if (value === undefined) continue;
    if (typeof value !== 'number') throw new TypeError(`bounds.${name} takes a whole number of entries, 1 or more, not ${shown(value)}`);
    if (!Number.isSafeInteger(value) || value < 1)
      throw new RangeError(`bounds.${name} takes a whole number of entries, 1 or more, not ${shown(value)}`);
    bounds[name as keyof StoreBounds] = value;
  }
  return bounds;
}
