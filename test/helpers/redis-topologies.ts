/**
 * Redis as it is run for high availability, for the coordinator's tests: a 3-master Redis Cluster
 * (with or without replicas) and a primary with a replica behind 3 Sentinels, all real processes (Debian's `redis-server`,
 * `redis-sentinel`, `redis-cli`) on free loopback ports, in a temp folder, no persistence.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cluster, Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
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

/** A Redis Cluster: its masters' slots, a master's failover, a slot's migration. */
export interface ClusterTopology extends RedisTopology {
  /** The port of the master that serves `key`'s hash slot now. */
  masterOf(key: string): number;
  /** SIGKILLs the master of `key`'s slot, as a crashed host would; its replica is then promoted. Its port. */
  killMasterOf(key: string): number;
  /** Resolves once a live master other than `killed` serves `key`'s slot and the cluster is ok (within `timeoutMs`). */
  failedOver(key: string, killed: number, timeoutMs?: number): Promise<void>;
  /**
   * Marks `key`'s slot MIGRATING on its master and IMPORTING on another (`CLUSTER SETSLOT`), moving no
   * key yet: the migration is held open until `finish()` moves the slot's keys (`MIGRATE`) and assigns
   * the slot to the other master on every master.
   */
  beginMigration(key: string): SlotMigration;
}

/** A slot migration held open. */
export interface SlotMigration {
  readonly slot: number;
  readonly from: number;
  readonly to: number;
  /** Moves the slot's keys to the new master, 4 per `MIGRATE`, then assigns the slot to it everywhere. */
  finish(): Promise<void>;
}

/** `redis-cli -p port ...args`, its output; throws when it fails or Redis answers an error. */
function cli(port: number, ...args: string[]): string {
  const result = spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8', timeout: 10_000 });
  const out = `${result.stdout ?? ''}`.trim();
  if (result.status !== 0 || /^(ERR|CLUSTERDOWN|MOVED|ASK|TRYAGAIN)\b/.test(out))
    throw new Error(`redis-cli -p ${port} ${args.join(' ')}: ${out}${result.stderr ?? ''}`);
  return out;
}

/** The masters of a cluster as one live node sees them: port -> node id and the slot ranges it serves. */
function mastersSeenBy(port: number): Map<number, { id: string; slots: [number, number][] }> {
  const masters = new Map<number, { id: string; slots: [number, number][] }>();
  for (const line of cli(port, 'cluster', 'nodes').split('\n')) {
    const [id, address, flags, , , , , state, ...ranges] = line.split(' ');
    if (!flags?.includes('master') || flags.includes('fail') || state !== 'connected') continue;
    const slots = ranges
      .filter((r) => !r.startsWith('['))
      .map((r) => {
        const [a, b] = r.split('-').map(Number);
        return [a, b ?? a] as [number, number];
      });
    masters.set(Number(/:(\d+)@/.exec(address ?? '')?.[1]), { id: id as string, slots });
  }
  return masters;
}

const sleepMs = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A Redis Cluster of 3 masters, with `replicas` replicas each (0 or 1), its slots assigned by
 * `redis-cli --cluster create`; a node is judged failed after 1 s (`cluster-node-timeout`), so a
 * master's replica takes over within a few seconds.
 *
 * @example
 * const cluster = await startRedisCluster({ replicas: 1 });
 * const redis = cluster.connect();
 */
export async function startRedisCluster(options: { replicas?: 0 | 1 } = {}): Promise<ClusterTopology> {
  checkRedisInstalled();
  const replicas = options.replicas ?? 0;
  const dir = mkdtempSync(join(tmpdir(), 'sports-odds-cluster-'));
  const children: ChildProcess[] = [];
  const byPort = new Map<number, ChildProcess>();
  try {
    const ports: number[] = [];
    for (let i = 0; i < 3 * (1 + replicas); i += 1) {
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
          '--cluster-node-timeout',
          '1000',
          '--repl-diskless-sync-delay',
          '0',
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
      byPort.set(port, children[children.length - 1] as ChildProcess);
      ports.push(port);
    }
    const created = spawnSync(
      'redis-cli',
      ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', String(replicas), '--cluster-yes'],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    // Every node agrees the cluster is up, and every replica holds its master's data, before a client starts.
    for (const port of ports) {
      for (let tries = 0; ; tries += 1) {
        const info = spawnSync('redis-cli', ['-p', String(port), 'cluster', 'info'], { encoding: 'utf8' }).stdout;
        const replication = spawnSync('redis-cli', ['-p', String(port), 'info', 'replication'], { encoding: 'utf8' }).stdout;
        const synced = !replication.includes('role:slave') || replication.includes('master_link_status:up');
        if (info.includes('cluster_state:ok') && synced) break;
        if (tries > 200) throw new Error(`the cluster node on ${port} never reported cluster_state:ok with its replication up`);
        await sleepMs(50);
      }
    }
    const live = () => ports.filter((p) => byPort.get(p)?.exitCode === null && byPort.get(p)?.signalCode === null);
    const masterOf = (key: string, seenBy = live()[0] as number): number => {
      const slot = Number(cli(seenBy, 'cluster', 'keyslot', key));
      for (const [port, master] of mastersSeenBy(seenBy)) if (master.slots.some(([a, b]) => slot >= a && slot <= b)) return port;
      throw new Error(`no master serves slot ${slot} of ${key}`);
    };
    return {
      connect: (options = {}) =>
        new Cluster(
          ports.map((port) => ({ host: '127.0.0.1', port })),
          { redisOptions: { ...clientOptions, ...options } },
        ),
      close: () => stopAll(children, dir),
      masterOf: (key) => masterOf(key),
      killMasterOf: (key) => {
        const port = masterOf(key);
        byPort.get(port)?.kill('SIGKILL');
        return port;
      },
      failedOver: async (key, killed, timeoutMs = 15_000) => {
        const until = Date.now() + timeoutMs;
        for (;;) {
          const nodes = live();
          const ok = nodes.every((p) => {
            const info = spawnSync('redis-cli', ['-p', String(p), 'cluster', 'info'], { encoding: 'utf8' }).stdout;
            return info.includes('cluster_state:ok');
          });
          let master: number | undefined;
          try {
            master = masterOf(key, nodes[0] as number);
          } catch {
            // Mid-failover: no live master serves the slot yet.
          }
          if (ok && master !== undefined && master !== killed && nodes.includes(master)) return;
          if (Date.now() > until) throw new Error(`no replica took over the slot of ${key} within ${timeoutMs} ms`);
          await sleepMs(100);
        }
      },
      beginMigration: (key) => {
        const slot = Number(cli(ports[0] as number, 'cluster', 'keyslot', key));
        const from = masterOf(key);
        const masters = mastersSeenBy(from);
        const to = [...masters.keys()].find((p) => p !== from) as number;
        const fromId = masters.get(from)?.id as string;
        const toId = masters.get(to)?.id as string;
        cli(to, 'cluster', 'setslot', String(slot), 'importing', fromId);
        cli(from, 'cluster', 'setslot', String(slot), 'migrating', toId);
        return {
          slot,
          from,
          to,
          finish: async () => {
            // As redis-cli --cluster reshard does, from one connection: a few keys per MIGRATE (it moves 10), so
            // that the slot's keys are split between the two masters for a moment.
            const source = new Redis({ host: '127.0.0.1', port: from, ...clientOptions });
            try {
              for (;;) {
                const keys = (await source.call('CLUSTER', 'GETKEYSINSLOT', String(slot), '4')) as string[];
                if (keys.length === 0) break;
                await source.call('MIGRATE', '127.0.0.1', String(to), '', '0', '5000', 'KEYS', ...keys);
              }
            } finally {
              source.disconnect();
            }
            // The new owner first, then the old, then the others.
            for (const port of [to, from, ...[...masters.keys()].filter((p) => p !== to && p !== from)])
              cli(port, 'cluster', 'setslot', String(slot), 'node', toId);
          },
        };
      },
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

/**
 * A topology for the tests of one file: started before them, stopped after, with the clients it
 * gave (their connection errors ignored: the fault tests cause them).
 *
 * @example
 * const cluster = useTopology(() => startRedisCluster({ replicas: 1 }));
 * it('...', async () => { const redis = cluster.connect({ maxRetriesPerRequest: 1 }); ... });
 */
export function useTopology<T extends RedisTopology>(start: () => Promise<T>, timeoutMs = 60_000) {
  let topology: T | undefined;
  const clients: TopologyClient[] = [];
  beforeAll(async () => {
    topology = await start();
  }, timeoutMs);
  afterAll(async () => {
    for (const client of clients.splice(0)) client.disconnect();
    await topology?.close();
  });
  const get = (): T => {
    if (topology === undefined) throw new Error('the topology starts in beforeAll: use it inside a test');
    return topology;
  };
  return {
    get,
    connect: (options?: { maxRetriesPerRequest?: number | null }): TopologyClient => {
      const client = get().connect(options);
      client.on('error', () => undefined);
      clients.push(client);
      return client;
    },
  };
}
