import type { ReplaySlot } from './replay';

/** A checkout session of a new customer (spec 3.3: open, complete, closed). */
export interface CheckoutSession {
  id: string;
  email: string;
  plan: string;
  status: 'open' | 'complete' | 'closed';
  /** SHA-256 of the resume token. */
  resumeHash: string;
  /** SHA-256 of the claim token. */
  claimHash: string;
  /** The account made by the first claim. */
  accountId?: string;
  createdAt: number;
  /** The single claim of the first key, replayable with the exact same credential. */
  claim: ReplaySlot;
}

/** Checkout sessions by id and by resume-token hash. */
export class CheckoutStore {
  private readonly byId = new Map<string, CheckoutSession>();
  private readonly byResume = new Map<string, CheckoutSession>();
  private readonly byClaim = new Map<string, CheckoutSession>();
  private readonly byCookie = new Map<string, CheckoutSession>();

  add(session: CheckoutSession): void {
    this.byId.set(session.id, session);
    this.byResume.set(session.resumeHash, session);
    this.byClaim.set(session.claimHash, session);
  }

  get(id: string): CheckoutSession | undefined {
    return this.byId.get(id);
  }

  byResumeHash(hash: string): CheckoutSession | undefined {
    return this.byResume.get(hash);
  }

  byClaimHash(hash: string): CheckoutSession | undefined {
    return this.byClaim.get(hash);
  }

  /** Binds an HttpOnly cookie value (by hash) to a session. */
  bindCookie(hash: string, session: CheckoutSession): void {
    this.byCookie.set(hash, session);
  }

  byCookieHash(hash: string): CheckoutSession | undefined {
    return this.byCookie.get(hash);
  }
}
