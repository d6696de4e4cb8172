import { BoundedMap, type Bounds } from './bounded';
import type { ReplaySlot } from './replay';

/** A checkout session of a new customer (docs/service.md, "Numeric codes and identifiers": open, complete, closed). */
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

/** Checkout sessions: 30 days from their start, 10,000 at most. */
const CHECKOUT_BOUNDS: Bounds = { maxAgeMs: 30 * 86_400_000, maxCount: 10_000 };
/** Checkout cookies (one per intent made with a resume token): 24 hours, 10,000 at most. */
export const CHECKOUT_COOKIE_BOUNDS: Bounds = { maxAgeMs: 86_400_000, maxCount: 10_000 };

/** Checkout sessions by id, by resume- and claim-token hash, and by cookie hash, all bounded. */
export class CheckoutStore {
  private readonly byId = new BoundedMap<string, CheckoutSession>(CHECKOUT_BOUNDS);
  private readonly byResume = new BoundedMap<string, CheckoutSession>(CHECKOUT_BOUNDS);
  private readonly byClaim = new BoundedMap<string, CheckoutSession>(CHECKOUT_BOUNDS);
  private readonly byCookie = new BoundedMap<string, CheckoutSession>(CHECKOUT_COOKIE_BOUNDS);

  add(session: CheckoutSession, now: number): void {
    this.byId.set(session.id, session, now);
    this.byResume.set(session.resumeHash, session, now);
    this.byClaim.set(session.claimHash, session, now);
  }

  get(id: string, now: number): CheckoutSession | undefined {
    return this.byId.get(id, now);
  }

  byResumeHash(hash: string, now: number): CheckoutSession | undefined {
    return this.byResume.get(hash, now);
  }

  byClaimHash(hash: string, now: number): CheckoutSession | undefined {
    return this.byClaim.get(hash, now);
  }

  /** The sessions still kept at `now`, oldest first. */
  all(now: number): CheckoutSession[] {
    return this.byId.values(now);
  }

  /** The session of an address (any letter case) that is open, or paid and not yet claimed. */
  pendingFor(email: string, now: number): CheckoutSession | undefined {
    const wanted = email.toLowerCase();
    return this.byId.values(now).find((s) => s.status !== 'closed' && s.email.toLowerCase() === wanted);
  }

  /** Binds an HttpOnly cookie value (by hash) to a session. */
  bindCookie(hash: string, session: CheckoutSession, now: number): void {
    this.byCookie.set(hash, session, now);
  }

  byCookieHash(hash: string, now: number): CheckoutSession | undefined {
    return this.byCookie.get(hash, now);
  }

  /** Cookies currently bound. */
  get cookies(): number {
    return this.byCookie.size;
  }
}
