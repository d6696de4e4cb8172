import { BoundedLog } from './bounded';
import { DEFAULT_STORE_BOUNDS } from './store-bounds';
import { StoreFullError } from './store-full';

/** One e-mail the service "sent": a recovery or verification link (docs/mock-server.md). */
export interface OutboxMessage {
  to: string;
  kind: 'recovery' | 'verification';
  /** The first-party page with the token in the URL fragment. */
  link: string;
  /** RFC 3339. */
  sent_at: string;
}

/** Mail is kept 24 hours (the longest link validity). */
export const OUTBOX_TTL_MS = 24 * 3_600_000;

/**
 * The mail outbox, oldest first: 24 hours each, at most `maxCount` messages. Mail is never dropped before
 * its time: a message past the bound is refused (`StoreFullError`), and so is the request that would send it.
 */
export class Outbox {
  readonly #messages: BoundedLog<OutboxMessage>;

  constructor(maxCount: number = DEFAULT_STORE_BOUNDS.outbox) {
    this.#messages = new BoundedLog<OutboxMessage>({ maxAgeMs: OUTBOX_TTL_MS, maxCount }, (m) => Date.parse(m.sent_at));
  }

  /** Refuses (`StoreFullError`, with when room comes back) unless `count` more messages fit at `now`. */
  assertRoom(now: number, count = 1): void {
    const freeAt = this.#messages.fullUntil(now, count);
    if (freeAt !== undefined) throw new StoreFullError('outbox', this.#messages.bounds.maxCount, 'messages in its outbox', { freeAt, now });
  }

  /** Sends a message (a `StoreFullError` when the outbox is full). */
  send(message: OutboxMessage, now: number): void {
    this.assertRoom(now);
    this.#messages.push(message, now);
  }

  /** Puts a saved message back (a restore: never refused, the saved outbox was within its bound). */
  restore(message: OutboxMessage): void {
    this.#messages.push({ ...message }, Date.parse(message.sent_at));
  }

  /** The messages still held at `now`, oldest first. */
  messages(now: number): OutboxMessage[] {
    this.#messages.trim(now);
    return this.#messages.toArray();
  }
}
