/** One e-mail the service "sent": a recovery or verification link (decisions.md, test affordances). */
export interface OutboxMessage {
  to: string;
  kind: 'recovery' | 'verification';
  /** The first-party page with the token in the URL fragment. */
  link: string;
  /** RFC 3339. */
  sent_at: string;
}

/** The mail outbox, oldest first. */
export class Outbox {
  readonly messages: OutboxMessage[] = [];

  send(message: OutboxMessage): void {
    this.messages.push(message);
  }
}
