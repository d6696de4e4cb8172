/** Account-wide state (pacing slots, budget, credits, plan rate, rotation, shared answers) and its seam, `Coordinator`; a leaf of types that imports only other leaves of `src/core`. */
import type { CreditHeaders } from '../../schemas/headers';
import type { SharedAnswers } from './shared-answers';

/** One metering window as last reported by the service. */
export interface WindowState {
  limit?: number;
  remaining?: number;
  reset?: Date;
}

/** The credit ledger: `odds.credits`. */
export interface CreditSnapshot {
  /** Credits charged to this client's calls, or all clients of its coordinator (`X-Credits-Cost`, errors and envelopes of dead processes included). */
  spent: number;
  meteredCalls: number;
  /** Credits reserved by calls in flight (their envelopes), counted against `maxCredits`. */
  reserved: number;
  /** The plan-period allowance, as last reported. */
  period: WindowState;
  /** The UTC-daily guard, as last reported. */
  daily: WindowState;
  updatedAt?: Date;
  /** Credits not paid because the answer was reused (docs/caching.md); absent where the coordinator does not count them. */
  saved?: number;
}

/** A local credit budget: a call whose reservation envelope does not fit is refused with `BudgetExceededError` before it is sent. */
export interface BudgetOptions {
  /** Most credits this client (or, with a shared coordinator, all its clients together) may spend, calls in flight included. */
  maxCredits?: number | undefined;
  /** Keep at least this many credits of the UTC-daily guard (as last reported by the service). */
  dailyFloor?: number | undefined;
  /** Keep at least this many credits of the plan-period allowance. */
  periodFloor?: number | undefined;
}

/** The credit headers of one answer, as the ledger reads them: the cost at once, the windows when needed. */
export interface CreditSource {
  /** `X-Credits-Cost`, or undefined on an unmetered answer. */
  readonly cost: number | undefined;
  readonly credits: CreditHeaders;
}

/**
 * A started, unconfirmed rotation: all it takes to replay it (docs/service.md, "Authentication, keys and scopes").
 * It holds the old key in plaintext (live until the service commits): store it like the key itself.
 */
export interface PendingRotation {
  version: 1;
  /** The service the rotation was sent to (a record is never replayed to another one). */
  baseUrl: string;
  /** The `Idempotency-Key`: `rot_` + unpadded base64url of 32 random bytes. */
  nonce: string;
  oldKey: string;
  /** When the rotation started (ISO 8601): the 15-minute replay window runs from about here. */
  startedAt: string;
}

/**
 * Where a client keeps its pending rotation from before the request is sent until its confirmed end: in memory
 * by default, `FileRotationStore` (`sports-odds-data/node`) survives a crash, any durable place works.
 *
 * @example
 * const store: RotationStore = {
 *   load: async () => (await db.get('rotation')) ?? undefined,
 *   save: (pending) => db.put('rotation', pending),
 *   clear: () => db.delete('rotation'),
 * };
 */
export interface RotationStore {
  load(): Promise<PendingRotation | undefined>;
  /** Saves (replaces) the pending rotation; must be durable when it resolves. */
  save(pending: PendingRotation): Promise<void>;
  clear(): Promise<void>;
}

/** A rotation's answer exactly as the service sent it (its body holds the new key). */
export interface RotationAnswer {
  status: number;
  /** The answer's headers, lower-case names. */
  headers: [string, string][];
  /** The body: a `KeyRotationSuccess`. */
  text: string;
}

/** The rotation's lock, once held: `release()` it when the rotation ended. */
export interface RotationLock {
  /** True when another client held the lock first (its rotation ran while this one waited). */
  readonly waited: boolean;
  release(): Promise<void>;
}

/** Key rotation across an account's clients: one at a time (the lock), and a committed rotation is published so old-key clients switch. */
export interface KeyCoordination {
  /** Counts the rotations published (read without I/O); a client that sees it change looks up its key before its next call. */
  readonly generation: number;
  /** Waits until this client holds the account's rotation lock (another holder's rotation ends, or its lease lapses). */
  lock(signal?: AbortSignal): Promise<RotationLock>;
  /** Publishes a committed rotation of `oldKey`: its answer, sealed where the store is shared. */
  publish(oldKey: string, answer: RotationAnswer): Promise<void>;
  /** The published rotation of `oldKey`, if any (one step: the new key may have been rotated since). */
  rotationOf(oldKey: string): Promise<RotationAnswer | undefined>;
  /** Where a pending rotation waits, readable by every client of the coordinator (sealed where shared). */
  readonly store: RotationStore;
}

/** One attempt of a call, to admit. */
export interface AdmitRequest {
  /** Credits to reserve: the attempt's reservation envelope; undefined for an unmetered route. */
  envelope: number | undefined;
  /** The client's budget, which the envelope must fit (with every reservation and spend of the coordinator). */
  budget: BudgetOptions;
  /** The service's time now, in ms: a floor's window is stale from its reported reset on. */
  serviceNow: () => number;
  /** Requests per second to pace to, read again at each slot request; undefined: the attempt takes no slot. */
  rate: number | (() => number) | undefined;
  /** Aborts the wait for a slot (the reservation is given back). */
  signal?: AbortSignal | undefined;
}

/** An admitted attempt: hand it back to `settle` exactly once, when the attempt is over. */
export interface Admission {
  readonly envelope: number | undefined;
}

/** The plan's per-second rate, as any client of the account learned it. */
export interface RateCoordination {
  /** The shared rate as this client last saw it (no I/O: a shared store updates it from the replies of its other operations). */
  readonly known: number | undefined;
  /** The rate a client shared, if any is known (a shared store forgets it after a while, so a plan change is seen). */
  get(): Promise<number | undefined>;
  share(requestsPerSecond: number): Promise<void>;
}

/**
 * Where an account's state lives: this process (`memoryCoordinator()`) or a store a fleet shares (`redisCoordinator()`).
 * Every operation is atomic in its store. Pacing: an attempt holds one of `rate` slots from admission until one second
 * after `settle`, so the service never counts more than `rate` in any second of its clock, whatever the network's delays.
 *
 * @example
 * const coordinator = memoryCoordinator(); // one process, several clients sharing its limits
 * const a = new SportsOdds({ coordinator, rateLimit: { requestsPerSecond: 20 }, budget: { maxCredits: 500 } });
 * const b = new SportsOdds({ coordinator, rateLimit: { requestsPerSecond: 20 }, budget: { maxCredits: 500 } });
 */
export interface Coordinator {
  /** What it is, for messages: `memory`, `redis:acct-1`. */
  readonly name: string;
  /** Admits one attempt: reserves its envelope (or rejects with `BudgetExceededError`), then waits for a pacing slot; an unreachable shared store rejects with `CoordinatorError`. */
  admit(request: AdmitRequest): Promise<Admission>;
  /** Ends an admitted attempt: the slot's hold starts, the reservation ends, a metered answer's cost is recorded; resolves to whether it was metered. */
  settle(admission: Admission, answer: CreditSource | undefined, receivedAt: number): Promise<boolean>;
  /** The account's credits as this client last learned them (no I/O). */
  credits(): CreditSnapshot;
  /** Counts credits a reused answer did not pay (`CreditSnapshot.saved`); optional for a coordinator of one's own. */
  recordSaved?(credits: number): void;
  /** The account's credits read from the store now (for a shared store: every process's latest). */
  readCredits(): Promise<CreditSnapshot>;
  readonly rate: RateCoordination;
  readonly keys: KeyCoordination;
  /**
   * The answers the coordinator's clients share (docs/caching.md, "A fleet: answers shared in Redis"): with one, the cache
   * and the coalescing of data routes are the fleet's. Absent: each process's own.
   */
  readonly answers?: SharedAnswers | undefined;
}
