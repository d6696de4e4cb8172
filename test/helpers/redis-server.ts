import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

const INSTALL = 'install it with `sudo apt-get update && sudo apt-get install -y redis-server` (Debian, Ubuntu; `.ci/run` does it)';

/** A real `redis-server` on a free loopback port, with no persistence, in a temp dir. */
export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  /** Stops the server (SIGTERM; nothing is saved), as an outage would. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (a restart: its script cache too). */
  start(): Promise<void>;
}

/** Fails (never skips) when redis-server is not on PATH, saying how to install it. */
function checkInstalled(): void {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0) {
    throw new Error(`the Redis tests need a real redis-server on PATH and found none: ${INSTALL}`);
  }
}

/** A port the system says is free now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolves once the server answers PING with PONG. */
async function waitForPing(port: number, child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode} before answering`);
    const pong = await new Promise<boolean>((resolve) => {
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
    if (pong) return;
    if (Date.now() > until) throw new Error(`redis-server on port ${port} did not answer PING within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts a redis-server for the tests of one file (before them all) and stops it after them.
 * Read the returned object's fields inside tests or hooks (the server exists from `beforeAll` on).
 *
 * @example
 * const redis = useRedisServer();
 * it('answers', async () => { const client = new Redis(redis.url); ... });
 */
export function useRedisServer(): RedisServer {
  let port = 0;
  let dir = '';
  let child: ChildProcess | undefined;

  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: 'ignore',
    });
    const started = child;
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

  beforeAll(async () => {
    checkInstalled();
    port = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'sod-redis-'));
    await start();
  });
  afterAll(async () => {
    await stop();
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  return {
    get port() {
      return port;
    },
    get url() {
      return `redis://127.0.0.1:${port}`;
    },
    stop,
    start,
  };
}
