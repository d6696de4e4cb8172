import type { RequestGuidanceMessage } from '../../../src/schemas';

/** Guidance messages kept per account: the 100 most recent. */
export const GUIDANCE_KEPT = 100;

/** Support guidance messages per account (docs/service.md, "Request health"), the `GUIDANCE_KEPT` most recent. */
export class GuidanceStore {
  private readonly byAccount = new Map<string, RequestGuidanceMessage[]>();

  add(accountId: string, message: RequestGuidanceMessage): void {
    const list = this.byAccount.get(accountId) ?? [];
    list.push(message);
    // One message in, at most one out: the list never holds more than GUIDANCE_KEPT.
    if (list.length > GUIDANCE_KEPT) list.shift();
    this.byAccount.set(accountId, list);
  }

  /** Active, unexpired messages of an account. */
  active(accountId: string, now: number): RequestGuidanceMessage[] {
    return (this.byAccount.get(accountId) ?? []).filter(
      (m) => m.status === 'active' && (m.expires_at === undefined || Date.parse(m.expires_at) > now),
    );
  }
}
