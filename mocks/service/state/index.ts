import { AccountStore } from './accounts';
import { ActivityLog } from './activity';
import { ChallengeStore } from './challenges';
import { CheckoutStore } from './checkouts';
import { FaultQueue } from './faults';
import { GuidanceStore } from './guidance';
import { HealthLog } from './health-log';
import { KeyStore } from './keys';
import { Outbox } from './outbox';
import { OverrideStore } from './overrides';
import { type RandomSource, webRandom } from './random';
import { ReadingAnswers } from './reading-answers';
import { RecoveryQueue } from './recovery-queue';
import { ResponseCache } from './response-cache';
import { RotationStore } from './rotations';
import { StableAnswers } from './stable-answers';
import { DEFAULT_STORE_BOUNDS, type StoreBounds } from './store-bounds';
import { TokenStore } from './tokens';

/** Everything the mock holds in memory. */
export interface ServiceState {
  accounts: AccountStore;
  keys: KeyStore;
  health: HealthLog;
  faults: FaultQueue;
  cache: ResponseCache;
  stable: StableAnswers;
  /** Answers of one clock reading (events listings), reused for the same query at that reading. */
  readings: ReadingAnswers;
  outbox: Outbox;
  challenges: ChallengeStore;
  tokens: TokenStore;
  checkouts: CheckoutStore;
  rotations: RotationStore;
  guidance: GuidanceStore;
  recoveries: RecoveryQueue;
  activity: ActivityLog;
  /** Test overrides of route answers (`mock.use`). */
  overrides: OverrideStore;
  /** Where every id, key, token and IV of this state is drawn from: a deterministic mock's seed and counter, or Web Crypto. */
  random: RandomSource;
}

/**
 * A fresh, empty state, its stores within `bounds` (docs/mock-server.md, "What the mock keeps, and for how long"), drawing from
 * `random`.
 */
export function createState(bounds: StoreBounds = DEFAULT_STORE_BOUNDS, random: RandomSource = webRandom): ServiceState {
  return {
    accounts: new AccountStore(bounds.accounts, bounds.charges),
    keys: new KeyStore(bounds.keys, random),
    health: new HealthLog(bounds.failures),
    faults: new FaultQueue(),
    cache: new ResponseCache(),
    stable: new StableAnswers(),
    readings: new ReadingAnswers(),
    outbox: new Outbox(bounds.outbox),
    challenges: new ChallengeStore(bounds.challenges, random),
    tokens: new TokenStore(bounds.tokens),
    checkouts: new CheckoutStore(bounds.checkouts, bounds.checkoutCookies),
    rotations: new RotationStore(bounds.rotations),
    guidance: new GuidanceStore(bounds.guidance),
    recoveries: new RecoveryQueue(),
    activity: new ActivityLog(bounds.requests),
    overrides: new OverrideStore(),
    random,
  };
}

export type { AccountRecord } from './accounts';
export type { KeyRecord } from './keys';
export type { StoreBounds } from './store-bounds';
