import { Redis } from 'ioredis';
import { afterEach } from 'vitest';
import type { MockService } from '../../mocks';
import { SportsOdds, type ClientOptions, type Coordinator, type CreditSnapshot } from '../../src';
import { RedisCoordinator, type RedisCoordinatorOptions } from '../../src/redis';
import type { RedisServer } from '../helpers/redis-server';

/** A secret for the tests (32 bytes and more). */
export const SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** What the tests need of a client class: ioredis's `Redis` or iovalkey's. */
export interface ClientClass {
  new (
    url: string,
    options: { maxRetriesPerRequest: number | null; enableOfflineQueue?: boolean },
  ): RedisCoordinatorOptions['redis'] & {
    disconnect(): void;
    on(event: 'error', listener: (error: Error) => void): unknown;
    once(event: 'ready', listener: () => void): unknown;
  };
}

let namespaces = 0;

/** A fresh namespace name, unique in this run. */
export const freshNamespace = (label = 'ns'): string => `${label}-${process.pid}-${Date.now().toString(36)}-${namespaces++}`;

/**
 * Coordinators on one account, each on its own connection, closed after each test; a raw client
 * to inspect Redis.
 *
 * @example
 * const fleet = useRedisFleet(server);
 * const [a, b] = fleet.handles(2);
 */
export function useRedisFleet(server: RedisServer, Client: ClientClass = Redis as unknown as ClientClass) {
  const clients: InstanceType<ClientClass>[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  /** A client of its own (a process's); its connection errors are expected in the outage tests. */
  const client = (options: { enableOfflineQueue?: boolean } = {}) => {
    const c = new Client(server.url, { maxRetriesPerRequest: null, ...options });
    c.on('error', () => undefined);
    clients.push(c);
    return c;
  };
  return {
    client,
    /** A raw ioredis connection, to look inside Redis. */
    inspector: (): Redis => {
      const c = new Redis(server.url, { maxRetriesPerRequest: null });
      c.on('error', () => undefined);
      clients.push(c as unknown as InstanceType<ClientClass>);
      return c;
    },
    /** `n` coordinators of one fresh namespace, each on its own connection. */
    handles: (n: number, options: Partial<RedisCoordinatorOptions> = {}): RedisCoordinator[] => {
      const namespace = options.namespace ?? freshNamespace();
      return Array.from(
        { length: n },
        () => new RedisCoordinator({ secret: SECRET, ...options, redis: options.redis ?? client(), namespace }),
      );
    },
  };
}

/**
 * An SDK client of the mock's demo account on `coordinator`, on real time (Redis judges time on its
 * own clock), with no retries and no logs.
 *
 * @example
 * const odds = clientOn(mock, coordinator, { budget: { maxCredits: 40 } });
 */
export function clientOn(mock: MockService, coordinator: Coordinator, options: ClientOptions = {}): SportsOdds {
  // Every call is sent: the coordinator is what is judged (a reused answer sends nothing and is not paced).
  return new SportsOdds({
    apiKey: mock.apiKey,
    baseUrl: mock.baseUrl,
    logLevel: 'off',
    maxRetries: 0,
    cache: false,
    coalesce: false,
    coordinator,
    ...options,
  });
}

/**
 * The fleet's credits as Redis counts them once the releases and settlements tried again after a
 * failure have landed (no reservation left, within 5 s), and a lapsed reservation was refunded.
 *
 * @example
 * const counted = await landedCredits(odds);
 */
export async function landedCredits(reader: SportsOdds): Promise<CreditSnapshot> {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let counted = await reader.readCredits();
  for (let i = 0; i < 50 && counted.reserved !== 0; i += 1) {
    await sleep(100);
    counted = await reader.readCredits();
  }
  // A reservation that lapsed meanwhile is refunded when its release lands.
  await sleep(1200);
  return await reader.readCredits();
}
