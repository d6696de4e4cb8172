import { BoundedLog, type Bounds } from './bounded';

/** One e-mail the service "sent": a recovery or verification link (docs/mock-server.md). */
export interface OutboxMessage {
  to: string;
  kind: 'recovery' | 'verification';
  /** The first-party page with the token in the URL fragment. */
  link: string;
  /** RFC 3339. */
  sent_at: string;
}

/** Mail is kept 24 hours (the longest link validity) and 1,000 messages at most. */
export const OUTBOX_BOUNDS: Bounds = { maxAgeMs: 24 * 3_600_000, maxCount: 1_000 };

/** The mail outbox, oldest first, within `OUTBOX_BOUNDS`. */
export class Outbox {
  readonly #messages = new BoundedLog<OutboxMessage>(OUTBOX_BOUNDS, (m) => Date.parse(m.sent_at));

  send(message: OutboxMessage, now: number): void {
    this.#messages.push(message, now);
  }

  /** The messages still held at `now`, oldest first. */
  messages(now: number): OutboxMessage[] {
    this.#messages.trim(now);
    return this.#messages.toArray();
  }
}
