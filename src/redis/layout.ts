/** The Redis keys of one namespace, `<prefix>:{<namespace>}:<name>`: the hash tag puts them in one Cluster slot. */

/**
 * The keys, in the order every script receives them (`KEYS[1]`..`KEYS[11]`, named `K_STATE`..`K_WAITER_LEASES`
 * in the Lua: scripts/declare.ts), with what each holds and its Redis type. None has a TTL (no
 * `volatile-*` policy evicts them; the scripts prune), and each but the state keeps a placeholder
 * member `~` from the record's start: a script never names a missing key, which Redis Cluster
 * refuses (`TRYAGAIN`) while the slot migrates.
 */
export const NAMESPACE_KEYS = {
  /** spent, calls, reserved, both windows, updatedAt, generation, key id, epoch; the shared rate and the rotation lock with their ends. */
  state: 'hash',
  /** In-flight attempts holding a slot -> their lease's end (at most the rate). */
  slots: 'zset',
  /** Settled attempts in their one-window hold -> when the slot frees. */
  held: 'zset',
  /** Reservations of calls in flight -> their lease's end (a lapsed one becomes spend). */
  reservations: 'zset',
  /** Reservation -> its envelope. */
  envelopes: 'hash',
  /** Reservations whose lease lapsed (counted as spent) -> when they are forgotten (the retention; the newest 1,000 kept). */
  lapsed: 'zset',
  /** Lapsed reservation -> its envelope (refunded down to the cost by a late settle). */
  'lapsed-envelopes': 'hash',
  /** HMAC of an old key -> its rotation's answer, sealed; `~pending`: the pending rotation, sealed. */
  rotations: 'hash',
  /** Rotation field -> when it was published (the oldest are dropped past 64). */
  'rotation-index': 'zset',
  /** The namespace's line of waiters for a slot (one per process at most) -> their ticket. */
  waiters: 'zset',
  /** Waiter -> when it was told to ask again (it leaves the line a lease after, unless it asks). */
  'waiter-leases': 'zset',
} as const satisfies Record<string, 'hash' | 'zset'>;

/** The keys' names, in script order. */
export const KEY_NAMES = Object.keys(NAMESPACE_KEYS) as readonly (keyof typeof NAMESPACE_KEYS)[];

/** Namespaces and prefixes: letters, digits, `.`, `_`, `-` (no `{`, `}`, `:`, `*` or spaces). */
export const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * The keys of a namespace, in script order.
 *
 * @example
 * namespaceKeys('sod', 'acct-1')[0]; // 'sod:{acct-1}:state'
 */
export function namespaceKeys(prefix: string, namespace: string): string[] {
  return KEY_NAMES.map((name) => `${prefix}:{${namespace}}:${name}`);
}

/**
 * The namespace's channel of notices (Pub/Sub): `SETTLE` publishes `<waiter> <ms>`, when the slot
 * the waiter is next for frees (Redis's clock), so that it asks then instead of polling.
 *
 * @example
 * wakeChannel('sod', 'acct-1'); // 'sod:{acct-1}:wake'
 */
export function wakeChannel(prefix: string, namespace: string): string {
  return `${prefix}:{${namespace}}:wake`;
}
