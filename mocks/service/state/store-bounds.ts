import { checkInteger, checkNames } from '../input-checks';

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
 * The bounds of `createMockService({ bounds })`, checked where they enter, as every option of the mock is: an object of
 * known names (an unknown one is refused with the nearest name), each a positive integer of entries, or `undefined` for
 * its default; the defaults for the names it leaves out.
 *
 * @example
 * storeBoundsOf({ accounts: 50 }).accounts; // 50
 * storeBoundsOf({ acounts: 50 }); // RangeError: bounds: unknown option acounts (did you mean accounts?) ...
 */
export function storeBoundsOf(given: unknown): StoreBounds {
  const bounds: StoreBounds = { ...DEFAULT_STORE_BOUNDS };
  if (given === undefined) return bounds;
  for (const [name, value] of Object.entries(checkNames<Partial<StoreBounds>>('bounds', given, NAMES))) {
    if (value !== undefined) bounds[name as keyof StoreBounds] = checkInteger(`bounds.${name}`, value, { min: 1, unit: 'entries' });
  }
  return bounds;
}
