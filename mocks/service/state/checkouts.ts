import { BoundedMap } from './bounded';
import type { ReplaySlot } from './replay';
import { DEFAULT_STORE_BOUNDS } from './store-bounds';
import { StoreFullError } from './store-full';

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

/** Checkout sessions are kept 30 days from their start. */
const CHECKOUT_TTL_MS = 30 * 86_400_000;
/** Checkout cookies (one per intent made with a resume token) are kept 24 hours. */
export const CHECKOUT_COOKIE_TTL_MS = 86_400_000;

/**
 * Checkout sessions by id, by resume- and claim-token hash, and by cookie hash: at most `maxSessions`
 * sessions and `maxCookies` cookies, none dropped before its time (one more is refused, `StoreFullError`).
 */
export class CheckoutStore {
  private readonly byId: BoundedMap<string, CheckoutSession>;
  private readonly byResume: BoundedMap<string, CheckoutSession>;
  private readonly byClaim: BoundedMap<string, CheckoutSession>;
  private readonly byCookie: BoundedMap<string, CheckoutSession>;

  constructor(maxSessions: number = DEFAULT_STORE_BOUNDS.checkouts, maxCookies: number = DEFAULT_STORE_BOUNDS.checkoutCookies) {
    const sessions = { maxAgeMs: CHECKOUT_TTL_MS, maxCount: maxSessions };
    this.byId = new BoundedMap<string, CheckoutSession>(sessions);
    this.byResume = new BoundedMap<string, CheckoutSession>(sessions);
    this.byClaim = new BoundedMap<string, CheckoutSession>(sessions);
    this.byCookie = new BoundedMap<string, CheckoutSession>({ maxAgeMs: CHECKOUT_COOKIE_TTL_MS, maxCount: maxCookies });
  }

  /** Refuses (`StoreFullError`, with when room comes back) unless one more session fits at `now`. */
  assertRoom(now: number): void {
    const freeAt = this.byId.fullUntil(now);
    if (freeAt !== undefined) throw new StoreFullError('checkouts', this.byId.bounds.maxCount, 'checkout sessions', { freeAt, now });
  }

  /** Adds a session (a `StoreFullError` when the store is full). */
  add(session: CheckoutSession, now: number): void {
    this.assertRoom(now);
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

  /** Refuses (`StoreFullError`, with when room comes back) unless one more cookie fits at `now`. */
  assertCookieRoom(now: number): void {
    const freeAt = this.byCookie.fullUntil(now);
    if (freeAt !== undefined)
      throw new StoreFullError('checkoutCookies', this.byCookie.bounds.maxCount, 'checkout cookies', { freeAt, now });
  }

  /** Binds an HttpOnly cookie value (by hash) to a session (a `StoreFullError` when the cookies are at their bound). */
  bindCookie(hash: string, session: CheckoutSession, now: number): void {
    this.assertCookieRoom(now);
    this.byCookie.set(hash, session, now);
  }

  byCookieHash(hash: string, now: number): CheckoutSession | undefined {
    return this.byCookie.get(hash, now);
  }

  /** The sessions kept at `now` with when each started, and the cookies bound to them, oldest first. */
  saved(now: number): { sessions: { session: CheckoutSession; at: number }[]; cookies: { hash: string; session: string; at: number }[] } {
    return {
      sessions: this.byId.entries(now).map(({ value, at }) => ({ session: value, at })),
      cookies: this.byCookie.entries(now).map(({ key, value, at }) => ({ hash: key, session: value.id, at })),
    };
  }

  /** Puts a saved session back, started at `at`. */
  restore(session: CheckoutSession, at: number): void {
    this.byId.set(session.id, session, at);
    this.byResume.set(session.resumeHash, session, at);
    this.byClaim.set(session.claimHash, session, at);
  }

  /** Binds a saved cookie back to its session (one whose session is gone is dropped), bound at `at`. */
  restoreCookie(hash: string, sessionId: string, at: number): void {
    const session = this.byId.get(sessionId, at);
    if (session !== undefined) this.byCookie.set(hash, session, at);
  }

  /** Cookies currently bound. */
  get cookies(): number {
    return this.byCookie.size;
  }
}
