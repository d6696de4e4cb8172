/**
 * A local `redis-server` (Debian's package) on a free loopback port, with no persistence, in a temp
 * folder: for the fleet example when no `REDIS_URL` is given, and for the Redis tests and the fleet
 * bench. Never a fake: when `redis-server` is not installed, it fails saying how to install it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './port';

const INSTALL =
  'install it with `sudo apt-get update && sudo apt-get install -y redis-server` (Debian, Ubuntu; `.ci/run` does it), or set REDIS_URL';

/** A running `redis-server`. */
export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  /** Stops the server (SIGTERM; nothing is saved), as an outage would. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (a restart: its script cache too). */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/** Throws (never skips) when `server` (`redis-server`, on PATH) does not run, saying how to install it. */
export function checkRedisInstalled(server = 'redis-server'): void {
  const probe = spawnSync(server, ['--version'], { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0)
    throw new Error(
      server === 'redis-server'
        ? `a real redis-server is needed on PATH and none was found: ${INSTALL}`
        : `${server} does not run: run \`node scripts/ensure-valkey-server.mjs\` (npm test does) and try again`,
    );
}

/** Whether the server on `port` answers PING with PONG. */
function pings(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = new Socket();
    let data = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('data', (chunk) => {
      data += chunk.toString();
      if (data.includes('\r\n')) done(data.startsWith('+PONG'));
    });
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}

/** Resolves once the server (or sentinel) on `port` answers PING. */
export async function waitForPing(port: number, child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode} before answering`);
    if (await pings(port)) return;
    if (Date.now() > until) throw new Error(`redis-server on port ${port} did not answer PING within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** How to run a test's `redis-server`. */
export interface RedisServerOptions {
  /** Lines of a `redis.conf` (e.g. `rename-command EVALSHA ""`), given before the defaults. */
  conf?: readonly string[];
  /** Keeps the data across `stop()`/`start()` (an append-only file synced at every write). */
  persistent?: boolean;
  /** The server to run: `redis-server` (on PATH) by default, or another of its protocol (a `valkey-server`'s path). */
  server?: string;
}

/**
 * Starts a `redis-server` on a free loopback port; `close()` it when done.
 *
 * @example
 * const server = await startRedisServer();
 * const redis = new Redis(server.url);
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const server = options.server ?? 'redis-server';
  checkRedisInstalled(server);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sports-odds-redis-'));
  const conf = join(dir, 'redis.conf');
  writeFileSync(conf, `${(options.conf ?? []).join('\n')}\n`);
  const persistence = options.persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(server, [conf, '--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence, '--dir', dir], {
      stdio: 'ignore',
    });
    child = started;
    await new Promise<void>((resolve, reject) => {
      started.once('spawn', resolve);
      started.once('error', reject);
    });
    await waitForPing(port, started);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
