/** The Redis keys of one namespace, `<prefix>:{<namespace>}:<name>`: the hash tag puts them in one Cluster slot. */

/** The keys, in the order every script receives them (`KEYS[1]`..`KEYS[14]`), with what each holds and its TTL. */
const KEY_NAMES = [
  /** HASH: spent, calls, reserved, both windows, updatedAt, rotation generation, key id. TTL: retention. */
  'state',
  /** ZSET: in-flight attempts holding a slot -> their lease's end. TTL: 3 leases. */
  'slots',
  /** ZSET: settled attempts in their one-window hold -> when the slot frees. TTL: 2 windows. */
  'held',
  /** ZSET: reservations of calls in flight -> their lease's end. TTL: retention (a lapsed one becomes spend). */
  'reservations',
  /** HASH: reservation -> its envelope. TTL: retention. */
  'envelopes',
  /** ZSET: reservations whose lease lapsed (counted as spent) -> when they are forgotten. TTL: retention. */
  'lapsed',
  /** HASH: lapsed reservation -> its envelope (refunded down to the cost by a late settle). TTL: retention. */
  'lapsed-envelopes',
  /** STRING: the rotation lock's holder token. TTL: a lease, renewed while held. */
  'rotation-lock',
  /** HASH: HMAC of an old key -> its rotation's answer, sealed. TTL: retention. */
  'rotations',
  /** ZSET: rotation field -> when it was published (the oldest are dropped past 64). TTL: retention. */
  'rotation-index',
  /** STRING: the pending rotation, sealed. TTL: retention. */
  'pending-rotation',
  /** STRING: the plan's per-second rate. TTL: one hour. */
  'plan-rate',
  /** ZSET: the namespace's line of waiters for a slot (one per process at most) -> their ticket. TTL: retention. */
  'waiters',
  /** ZSET: waiter -> when it was told to ask again (it leaves the line a lease after, unless it asks). TTL: retention. */
  'waiter-leases',
] as const;

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
