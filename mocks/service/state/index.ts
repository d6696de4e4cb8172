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
import { RecoveryQueue } from './recovery-queue';
import { ResponseCache } from './response-cache';
import { RotationStore } from './rotations';
import { StableAnswers } from './stable-answers';
import { TokenStore } from './tokens';

/** Everything the mock holds in memory. */
export interface ServiceState {
  accounts: AccountStore;
  keys: KeyStore;
  health: HealthLog;
  faults: FaultQueue;
  cache: ResponseCache;
  stable: StableAnswers;
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
}

/** A fresh, empty state. */
export function createState(): ServiceState {
  return {
    accounts: new AccountStore(),
    keys: new KeyStore(),
    health: new HealthLog(),
    faults: new FaultQueue(),
    cache: new ResponseCache(),
    stable: new StableAnswers(),
    outbox: new Outbox(),
    challenges: new ChallengeStore(),
    tokens: new TokenStore(),
    checkouts: new CheckoutStore(),
    rotations: new RotationStore(),
    guidance: new GuidanceStore(),
    recoveries: new RecoveryQueue(),
    activity: new ActivityLog(),
    overrides: new OverrideStore(),
  };
}

export type { AccountRecord } from './accounts';
export type { KeyRecord } from './keys';
