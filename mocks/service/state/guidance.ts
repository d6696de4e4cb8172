import type { RequestGuidanceMessage } from '../../../src/schemas';
import { BoundedLog, SharedCap } from './bounded';
import { DEFAULT_STORE_BOUNDS } from './store-bounds';

/** Guidance messages kept per account: the 100 most recent. */
export const GUIDANCE_KEPT = 100;
/** The longest `endpoint` and `error_code` a guidance message takes, so that the count of messages bounds their bytes. */
export const GUIDANCE_FIELD_MAX = { endpoint: 256, error_code: 64 } as const;

/**
 * Support guidance messages per account (docs/service.md, "Request health"): the `GUIDANCE_KEPT` most recent of
 * each, and `maxInAll` of all accounts together, the oldest of all going first.
 */
export class GuidanceStore {
  private readonly byAccount = new Map<string, BoundedLog<RequestGuidanceMessage>>();
  private readonly inAll: SharedCap;

  constructor(maxInAll: number = DEFAULT_STORE_BOUNDS.guidance) {
    this.inAll = new SharedCap(maxInAll);
  }

  add(accountId: string, message: RequestGuidanceMessage): void {
    let list = this.byAccount.get(accountId);
    if (list === undefined) {
      list = new BoundedLog<RequestGuidanceMessage>({ maxAgeMs: Number.POSITIVE_INFINITY, maxCount: GUIDANCE_KEPT }, () => 0, this.inAll);
      this.byAccount.set(accountId, list);
    }
    list.push(message, 0);
  }

  /** Active, unexpired messages of an account. */
  active(accountId: string, now: number): RequestGuidanceMessage[] {
    return (this.byAccount.get(accountId)?.toArray() ?? []).filter(
      (m) => m.status === 'active' && (m.expires_at === undefined || Date.parse(m.expires_at) > now),
    );
  }

  /** Every account's messages, oldest first. */
  saved(): { accountId: string; message: RequestGuidanceMessage }[] {
    const all = [...this.byAccount].flatMap(([accountId, list]) => list.toArray().map((message) => ({ accountId, message })));
    // The oldest of all goes first past the shared bound: put back in the order they were made.
    return all.sort((a, b) => Date.parse(a.message.created_at) - Date.parse(b.message.created_at));
  }

  /** Messages held, of every account. */
  get size(): number {
    return this.inAll.total;
  }
}
