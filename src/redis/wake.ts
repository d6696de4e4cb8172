import type { EvictionProbe } from './eviction';

/** The notices of the namespace's channel (layout.ts, `wakeChannel`): a waiter told when its slot frees. */

/** How long after a failed connection the next wait tries to subscribe again. */
const RETRY_MS = 5_000;

/** What the notices need of a subscriber connection (an `ioredis`/`iovalkey` client), typed by shape. */
export interface RedisSubscriber {
  subscribe(channel: string): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  once?(event: 'ready', listener: () => void): unknown;
  disconnect(): void;
  /** ioredis's connection state (`ready` once connected and subscribed again after a reconnection). */
  readonly status?: string;
}

/** What the notices need of the coordinator's client: a second connection of the same kind, and its end. */
export interface WakeSource extends EvictionProbe {
  duplicate?(): RedisSubscriber;
  /** ioredis's connection state (`end`: closed for good). */
  readonly status?: string;
}

/**
 * A subscription to the namespace's notices, opened at the first paced call on a connection of its own
 * (`duplicate()`), closed with the coordinator's client (`end`) or `close()`. A client without
 * `duplicate`, or a Redis that refuses `SUBSCRIBE`, leaves waiters to their own estimates.
 *
 * @example
 * const wake = new WakeChannel(redis, wakeChannel('sod', 'acct-1'), (id, at) => queue.hint(id, at));
 * wake.open(); // ... wake.listening
 */
export class WakeChannel {
  #sub: RedisSubscriber | undefined;
  #subscribed = false;
  /** True once `SUBSCRIBE` failed for good (refused, or no second connection to make). */
  #unavailable = false;
  /** After a failed connection, no new one before this (`performance.now()`). */
  #retryAt = 0;
  #watching = false;
  /** True once the coordinator's client ended (`quit()`, `disconnect()`): no connection is opened beside it until it is ready again. */
  #ended = false;

  constructor(
    private readonly source: WakeSource,
    private readonly channel: string,
    private readonly onNotice: (waiter: string, atRedisMs: number) => void,
    /** Counts the round trip of a `SUBSCRIBE`. */
    private readonly onSubscribe: () => void,
  ) {}

  /** True while the subscription is live: a waiter may then count on being told. */
  get listening(): boolean {
    const status = this.#sub?.status;
    return this.#subscribed && (status === undefined || status === 'ready');
  }

  /** Subscribes, once (while it is open or refused, later calls do nothing). */
  open(): void {
    const source = this.source;
    if (!this.#watching && typeof source.on === 'function') {
      this.#watching = true;
      source.on('end', () => {
        this.#ended = true;
        this.close();
      });
      source.on('ready', () => {
        this.#ended = false;
      });
    }
    if (this.#sub !== undefined || this.#unavailable || this.#ended || source.status === 'end' || performance.now() < this.#retryAt) return;
    if (typeof source.duplicate !== 'function') {
      this.#unavailable = true;
      return;
    }
    let sub: RedisSubscriber;
    try {
      sub = source.duplicate();
    } catch {
      this.#unavailable = true;
      return;
    }
    this.#sub = sub;
    // The connection's own errors are the coordinator client's too (reported by its calls); unheard, ioredis would print them.
    sub.on('error', () => undefined);
    sub.on('message', (channel, message) => {
      if (channel !== this.channel) return;
      const space = message.lastIndexOf(' ');
      const at = Number(message.slice(space + 1));
      if (space > 0 && Number.isFinite(at)) this.onNotice(message.slice(0, space), at);
    });
    const subscribe = (): void => {
      this.onSubscribe();
      sub.subscribe(this.channel).then(
        () => {
          if (this.#sub === sub) this.#subscribed = true;
        },
        (error: unknown) => {
          if (this.#sub !== sub) return;
          // Refused by Redis (unknown command, an ACL): for good. Not connected yet (a client that queues
          // nothing offline): once it is. A connection that failed: a new one, later.
          if (error instanceof Error && error.name === 'ReplyError') this.#unavailable = true;
          else if (typeof sub.once === 'function' && sub.status !== 'ready' && sub.status !== 'end')
            return void sub.once('ready', subscribe);
          else this.#retryAt = performance.now() + RETRY_MS;
          this.close();
        },
      );
    };
    subscribe();
  }

  /** Closes the subscription's connection (the coordinator's client stays as it is); the next wait opens it again. */
  close(): void {
    const sub = this.#sub;
    this.#sub = undefined;
    this.#subscribed = false;
    sub?.disconnect();
  }
}
