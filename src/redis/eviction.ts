/** The eviction check: the coordinator's keys carry no TTL, so only an `allkeys-*` policy may evict them. */

/** What the check needs of a Redis client: `CONFIG GET` and the `ready` event, where it has them. */
export interface EvictionProbe {
  config?(subcommand: 'GET', parameter: string): Promise<unknown>;
  /** The client's events: `ready` (connected again), `error` (a failed connection) and `end` (closed for good). */
  on?(event: 'ready' | 'error' | 'end', listener: (error?: unknown) => void): unknown;
}

/** The value of a `CONFIG GET` reply (`[name, value]`, or an object in RESP3). */
function configValue(reply: unknown): string | undefined {
  if (Array.isArray(reply)) return typeof reply[1] === 'string' ? reply[1] : undefined;
  if (reply !== null && typeof reply === 'object') {
    const value = Object.values(reply)[0];
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

const FIX =
  'set `maxmemory-policy noeviction` or a volatile-* policy (`CONFIG SET maxmemory-policy noeviction`, and in redis.conf), or give the coordinator a Redis of its own';

/**
 * Checks `maxmemory` and `maxmemory-policy` now and at each reconnection, warning once when the keys
 * may be evicted (or `CONFIG` is refused). Returns a starter to call at every use (only the first acts).
 *
 * @example
 * const check = checkEviction(redis, 'redis:acct-1', console.warn);
 * check();
 */
export function checkEviction(client: EvictionProbe, name: string, warn: (message: string) => void): () => void {
  const config = client.config;
  let warned = false;
  let started = false;
  const once = (message: string) => {
    if (warned) return;
    warned = true;
    warn(`coordinator ${name}: ${message}`);
  };
  const check = async (): Promise<void> => {
    if (warned || config === undefined) return;
    try {
      const policy = configValue(await config.call(client, 'GET', 'maxmemory-policy'));
      const limit = configValue(await config.call(client, 'GET', 'maxmemory'));
      if (policy?.startsWith('allkeys-') && limit !== '0') {
        once(
          `Redis's maxmemory-policy is ${policy} (maxmemory ${limit ?? 'unknown'}): it may evict the fleet's budget and pacing state, and calls then fail with CoordinatorStateLostError until recover(); ${FIX}`,
        );
      }
    } catch {
      once(`could not read Redis's maxmemory-policy (CONFIG is refused, as on managed Redis): make sure it is not allkeys-*; ${FIX}`);
    }
  };
  return () => {
    if (started) return;
    started = true;
    if (typeof client.on === 'function') client.on('ready', () => void check());
    void check();
  };
}
