/**
 * Redis as it is run for high availability, for the coordinator's tests: a 3-master Redis Cluster
 * and a primary with a replica behind 3 Sentinels, all real processes (Debian's `redis-server`,
 * `redis-sentinel`, `redis-cli`) on free loopback ports, in a temp folder, no persistence.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cluster, Redis } from 'ioredis';
import { checkRedisInstalled, waitForPing } from '../../examples/lib/redis-server';

/** A client the tests give a coordinator, and close after. */
export type TopologyClient = Redis | Cluster;

/** A running topology. */
export interface RedisTopology {
  /** A new client of the topology (the coordinator's, one per process); `maxRetriesPerRequest` null by default. */
  connect(options?: { maxRetriesPerRequest?: number | null }): TopologyClient;
  /** Stops every process and removes the folder. */
  close(): Promise<void>;
}

/** A primary and its replica behind Sentinels. */
export interface SentinelTopology extends RedisTopology {
  /** SIGKILLs the primary, as a crashed host would; the Sentinels then promote the replica. */
  killPrimary(): void;
  /** Resolves once the Sentinels name another primary than the first (within `timeoutMs`). */
  failedOver(timeoutMs?: number): Promise<void>;
}

const listens = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A free loopback port whose cluster bus port (+10000) is free too. */
async function clusterPort(): Promise<number> {
  for (let tries = 0; tries < 100; tries += 1) {
    const port = 20_000 + Math.floor(Math.random() * 25_000);
    if ((await listens(port)) && (await listens(port + 10_000))) return port;
  }
  throw new Error('no free port pair for a Redis Cluster node');
}

/** Starts one process and waits until `port` answers PING. */
async function run(command: string, args: string[], port: number, children: ChildProcess[]): Promise<void> {
  const child = spawn(command, args, { stdio: 'ignore' });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  await waitForPing(port, child);
}

async function stopAll(children: ChildProcess[], dir: string): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    }),
  );
  rmSync(dir, { recursive: true, force: true });
}

const clientOptions = { maxRetriesPerRequest: null, lazyConnect: false } as const;

/**
 * A Redis Cluster of 3 masters (no replicas), its slots assigned by `redis-cli --cluster create`.
 *
 * @example
 * const cluster = await startRedisCluster();
 * const redis = cluster.connect();
 */
export async function startRedisCluster(): Promise<RedisTopology> {
  checkRedisInstalled();
  const dir = mkdtempSync(join(tmpdir(), 'sports-odds-cluster-'));
  const children: ChildProcess[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const port = await clusterPort();
      const node = join(dir, String(port));
      await run(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          `${node}.conf`,
          '--save',
          '',
          '--appendonly',
          'no',
          '--dir',
          dir,
        ],
        port,
        children,
      );
      ports.push(port);
    }
    const created = spawnSync(
      'redis-cli',
      ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'],
      {
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    // Every node agrees the cluster is up before a client starts.
    for (const port of ports) {
      for (let tries = 0; ; tries += 1) {
        const info = spawnSync('redis-cli', ['-p', String(port), 'cluster', 'info'], { encoding: 'utf8' }).stdout;
        if (info.includes('cluster_state:ok')) break;
        if (tries > 100) throw new Error(`the cluster node on ${port} never reported cluster_state:ok`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    return {
      connect: () =>
        new Cluster(
          ports.map((port) => ({ host: '127.0.0.1', port })),
          { redisOptions: clientOptions },
        ),
      close: () => stopAll(children, dir),
    };
  } catch (error) {
    await stopAll(children, dir);
    throw error;
  }
}

/**
 * A primary with one replica, watched by 3 Sentinels (quorum 2) that know it as `sod-primary`.
 *
 * @example
 * const sentinel = await startRedisSentinel();
 * const redis = sentinel.connect(); // asks the Sentinels for the primary
 */
export async function startRedisSentinel(): Promise<SentinelTopology> {
  checkRedisInstalled();
  const dir = mkdtempSync(join(tmpdir(), 'sports-odds-sentinel-'));
  const children: ChildProcess[] = [];
  const free = () => clusterPort();
  try {
    const primary = await free();
    const replica = await free();
    const base = ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
    // No delay before the first sync (Redis waits 5 s by default for more replicas to share one).
    await run('redis-server', ['--port', String(primary), ...base, '--repl-diskless-sync-delay', '0'], primary, children);
    await run('redis-server', ['--port', String(replica), ...base, '--replicaof', '127.0.0.1', String(primary)], replica, children);
    // The replica holds the primary's data before any client writes: a failover then promotes a copy.
    for (let tries = 0; ; tries += 1) {
      const info = spawnSync('redis-cli', ['-p', String(replica), 'info', 'replication'], { encoding: 'utf8' }).stdout;
      if (info.includes('master_link_status:up')) break;
      if (tries > 200) throw new Error('the replica never finished its first sync with the primary');
      await new Promise((r) => setTimeout(r, 50));
    }
    const sentinels: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const port = await free();
      const conf = join(dir, `sentinel-${port}.conf`);
      writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor sod-primary 127.0.0.1 ${primary} 2`,
          'sentinel down-after-milliseconds sod-primary 1000',
          'sentinel failover-timeout sod-primary 3000',
          '',
        ].join('\n'),
      );
      await run('redis-sentinel', [conf], port, children);
      sentinels.push(port);
    }
    const primaryProcess = children[0] as ChildProcess;
    return {
      connect: (options = {}) =>
        new Redis({ sentinels: sentinels.map((port) => ({ host: '127.0.0.1', port })), name: 'sod-primary', ...clientOptions, ...options }),
      close: () => stopAll(children, dir),
      killPrimary: () => void primaryProcess.kill('SIGKILL'),
      failedOver: async (timeoutMs = 15_000) => {
        const until = Date.now() + timeoutMs;
        for (;;) {
          const named = spawnSync('redis-cli', ['-p', String(sentinels[0]), 'sentinel', 'get-master-addr-by-name', 'sod-primary'], {
            encoding: 'utf8',
          }).stdout;
          if (named.includes(String(replica))) return;
          if (Date.now() > until) throw new Error(`the Sentinels did not promote the replica within ${timeoutMs} ms`);
          await new Promise((r) => setTimeout(r, 100));
        }
      },
    };
  } catch (error) {
    await stopAll(children, dir);
    throw error;
  }
}
