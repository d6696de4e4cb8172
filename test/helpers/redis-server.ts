import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { startRedisServer, type RedisServer, type RedisServerOptions } from '../../examples/lib/redis-server';

export type { RedisServer } from '../../examples/lib/redis-server';

/**
 * A real `redis-server` for the tests of one file: started before them all on a free loopback port
 * (no persistence), stopped after them; it fails (never skips) when `redis-server` is not installed.
 * Read the returned object's fields inside tests or hooks (the server exists from `beforeAll` on).
 *
 * @example
 * const redis = useRedisServer();
 * it('answers', async () => { const client = new Redis(redis.url); ... });
 */
export function useRedisServer(options: RedisServerOptions = {}): RedisServer {
  let server: RedisServer | undefined;
  beforeAll(async () => {
    server = await startRedisServer(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  const running = (): RedisServer => {
    if (server === undefined) throw new Error('the Redis server starts in beforeAll: read it inside a test or a hook');
    return server;
  };
  return {
    get port() {
      return running().port;
    },
    get url() {
      return running().url;
    },
    stop: () => running().stop(),
    start: () => running().start(),
    close: () => running().close(),
  };
}

/**
 * The `valkey-server` the Valkey tests run: one on PATH, else Debian's package unpacked into
 * .cache/valkey by `scripts/ensure-valkey-server.mjs` (which `npm test` runs first).
 *
 * @example
 * const server = useRedisServer({ server: valkeyServer() });
 */
export function valkeyServer(): string {
  const onPath = spawnSync('valkey-server', ['--version'], { stdio: 'ignore' });
  if (onPath.error === undefined && onPath.status === 0) return 'valkey-server';
  return fileURLToPath(new URL('../../.cache/valkey/root/usr/bin/valkey-server', import.meta.url));
}
