import type { Admission, AdmitRequest, Coordinator, CreditSnapshot, CreditSource, RateCoordination } from '../core/types';
import { SportsOddsError, CoordinatorError, CoordinatorStateLostError, BudgetExceededError } from '../core/errors';
import { checkBudget } from '../core/options';
import { realSleep, throwIfAborted } from '../core/runtime';
import { toBase64Url } from '../schemas/base64url';
import { RedisAnswers } from './answer-store';
import { namespaceKeys, wakeChannel } from './layout';
import { LeaseKeeper } from './leases';
import { checkEviction } from './eviction';
import { retryInBackground } from './background-retry';
import { resolveOptions, type RedisCoordinatorOptions, type ResolvedOptions } from './options';
import { SlotQueue } from './queue';
import { RedisKeys } from './rotation';
import { ScriptRunner } from './script-runner';
import type { CoordinatorArgs, CoordinatorOwnReply, CoordinatorScriptName } from './scripts';
import { Sealer } from './key-encryption';
import { WakeChannel } from './wake';

/** How long the plan's rate shared by a process stays in Redis: an hour, so a plan change is seen. */
export const RATE_TTL_MS = 3_600_000;

/** A copy of a snapshot (the caller may change it). */
function copyCredits(c: CreditSnapshot): CreditSnapshot {
  const copy: CreditSnapshot = { ...c, period: { ...c.period }, daily: { ...c.daily } };
  if (c.updatedAt !== undefined) copy.updatedAt = new Date(c.updatedAt.getTime());
  return copy;
}

/** An attempt admitted by a `RedisCoordinator` (its id names its slot and reservation in Redis). */
class RedisAdmission implements Admission {
  settled = false;
  constructor(
    readonly id: string,
    readonly envelope: number | undefined,
    /** The rate it is paced under (it takes a pacing slot, whose hold starts at settle); undefined when unpaced. */
    readonly rate: (() => number) | undefined,
  ) {}

  /** Whether it took a pacing slot. */
  get slot(): boolean {
    return this.rate !== undefined;
  }
}

/**
 * The state of one account shared by every process of a fleet, in Redis: pacing slots, the budget's
 * reservations and spend, the credit windows, the plan's rate and the rotation's records. Every
 * operation is one atomic Lua script on Redis's clock (see `scripts/coordinator.ts`).
 *
 * - Pacing: at most `rate` attempts hold a slot at once, each until one second after its answer;
 *   a waiter is told by a notice (Pub/Sub, `wake.ts`) when the slot it is next for frees.
 * - Leases: a dead process's lapse within `leaseMs`; a lapsed reservation counts as spent (refunded on a late settle).
 * - Failures: Redis unreachable, late (`timeoutMs`) or refusing is a `CoordinatorError`: nothing is sent unpaced.
 * - No key expires (see `layout.ts`): the scripts prune what they hold.
 * - Answers: the fleet's cache and coalescing (`answers`, answer-store.ts); failing, they leave calls uncached, never failed.
 *
 * @example
 * import { Redis } from 'ioredis';
 * import { SportsOdds } from 'sports-odds-data';
 * import { RedisCoordinator } from 'sports-odds-data/redis';
 *
 * const coordinator = new RedisCoordinator({ redis: new Redis(), namespace: 'acct-1', secret: process.env.SOD_FLEET_SECRET });
 * const odds = new SportsOdds({ coordinator, rateLimit: { requestsPerSecond: 'account' }, budget: { maxCredits: 50_000 } });
 */
export class RedisCoordinator implements Coordinator {
  /** `redis:<namespace>`. */
  readonly name: string;
  readonly keys: RedisKeys;
  readonly rate: RateCoordination;
  /** The fleet's answers in Redis (docs/caching.md, "A fleet: answers shared in Redis"); undefined with `answers: false`. */
  readonly answers: RedisAnswers | undefined;
  readonly #o: ResolvedOptions;
  readonly #runner: ScriptRunner;
  readonly #queue: SlotQueue;
  readonly #leases: LeaseKeeper;
  readonly #wake: WakeChannel;
  /** `SUBSCRIBE`s sent for the notices (round trips beside the scripts). */
  #subscribes = 0;
  readonly #process = toBase64Url(crypto.getRandomValues(new Uint8Array(9)));
  #count = 0;
  #credits: CreditSnapshot = { spent: 0, meteredCalls: 0, reserved: 0, period: {}, daily: {} };
  #generation = 0;
  /** The plan's rate a process shared, as the last reply said. */
  #rate: number | undefined;
  #syncing: Promise<void> | undefined;
  /** The namespace's epoch as the last reply said (undefined before the first). */
  #epoch: string | undefined;
  /** Costs of answers this process could not record because the record was lost (added back by `recover()`). */
  #unrecorded = 0;
  #recoveries = 0;
  /** Credits this process's reused answers did not pay. */
  #saved = 0;
  /** The eviction policy's check, once per connection. */
  readonly #checkEviction: () => void;

  constructor(options: RedisCoordinatorOptions) {
    const o = resolveOptions(options);
    this.#o = o;
    this.name = `redis:${o.namespace}`;
    this.#checkEviction = checkEviction(o.redis, this.name, o.onWarning);
    this.answers = o.answers === undefined ? undefined : new RedisAnswers(o.answers, o.prefix, o.namespace, o.onWarning);
    this.#runner = new ScriptRunner(o.redis, namespaceKeys(o.prefix, o.namespace), this.name, o.timeoutMs);
    this.#queue = new SlotQueue(
      async (id, rate) => {
        await this.#sync('waiting for a pacing slot');
        const reply = await this.#run('waiting for a pacing slot', 'slot', { id, rate, listening: this.#listening() }, true);
        return this.#slotOf(id, reply);
      },
      realSleep,
      (error) => error instanceof CoordinatorError,
    );
    this.#leases = new LeaseKeeper(o.leaseMs / 3, (ids) => this.#run('renewing leases', 'renew', { ids }));
    this.#wake = new WakeChannel(
      o.redis,
      wakeChannel(o.prefix, o.namespace),
      (id, at) => {
        const local = this.#runner.toLocal(at);
        if (id === '*') this.#queue.wake();
        else if (local !== undefined && id.startsWith(`${this.#process}.`)) this.#queue.hint(id, local);
      },
      () => {
        this.#subscribes += 1;
      },
    );
    const sealer = o.secret === undefined ? undefined : new Sealer(o.secret, o.namespace);
    o.secret = undefined;
    this.keys = new RedisKeys({
      name: this.name,
      run: (what, name, args, deadline) => this.#run(what, name, args, deadline),
      sync: (what) => this.#sync(what),
      sealer,
      generation: () => this.#generation,
      leaseMs: o.leaseMs,
      lockPollMs: o.lockPollMs,
      sleep: realSleep,
    });
    const coordinator = this;
    this.rate = {
      get known() {
        return coordinator.#rate;
      },
      get: async () => {
        const { shared } = await this.#run('reading the plan rate', 'rate', { rate: undefined, ttlMs: RATE_TTL_MS });
        return shared !== undefined && shared > 0 ? shared : undefined;
      },
      share: async (requestsPerSecond) => {
        if (!(Number.isFinite(requestsPerSecond) && requestsPerSecond > 0)) {
          throw new SportsOddsError(`coordinator ${this.name}: a shared rate must be a positive number of requests per second`);
        }
        await this.#run('sharing the plan rate', 'rate', { rate: requestsPerSecond, ttlMs: RATE_TTL_MS });
      },
    };
  }

  /** Redis commands this coordinator sent (each one round trip): for benches and tuning. */
  get roundTrips(): number {
    return this.#runner.roundTrips + this.#subscribes;
  }

  async admit(request: AdmitRequest): Promise<Admission> {
    const { envelope, signal } = request;
    const given = request.rate;
    const rate = given === undefined ? undefined : typeof given === 'number' ? () => given : given;
    throwIfAborted(signal);
    checkBudget(request.budget);
    const admission = new RedisAdmission(`${this.#process}.${(this.#count++).toString(36)}`, envelope, rate);
    if (envelope === undefined && rate === undefined) return admission;
    // A paced process may wait: it subscribes to its notices at its first paced call (a waiter told before it hears goes by its estimate).
    if (rate !== undefined) this.#wake.open();
    // Reservation and slot in one step; else the attempt waits in the namespace's line until told.
    const first = await this.#reserve(admission, request, rate?.());
    if (rate === undefined || first.taken) return admission;
    try {
      await this.#queue.wait(admission.id, rate, signal, first.waitMs);
    } catch (error) {
      this.#leases.delete(admission.id);
      // An aborted wait gives its reservation back before it rejects; a failing Redis gets it back when it can.
      if (error instanceof CoordinatorError) this.#giveBack(admission);
      else await this.#run('giving back an admission', 'release', { id: admission.id }).catch(() => this.#giveBack(admission));
      throw error;
    }
    return admission;
  }

  /** Whether a waiter is heard: the namespace's notices reach this process (subscribing again if it was closed). */
  #listening(): boolean {
    this.#wake.open();
    return this.#wake.listening;
  }

  /** A reply to a question for a slot: taken, or when to ask again (its reservation is kept until then in Redis). */
  #slotOf(id: string, reply: { taken: boolean; waitMs: number | undefined }): { taken: boolean; waitMs: number } {
    const { taken } = reply;
    const waitMs = taken ? 0 : (reply.waitMs ?? this.#o.windowMs);
    this.#leases.add(id, waitMs);
    return { taken, waitMs };
  }

  /** The admission's first step: budget checks, reservation, and a slot under `rate` if given (`BudgetExceededError` takes nothing). */
  async #reserve(admission: RedisAdmission, request: AdmitRequest, rate: number | undefined): Promise<{ taken: boolean; waitMs: number }> {
    const { envelope, budget } = request;
    await this.#sync('admitting a call');
    const floors = budget.dailyFloor !== undefined || budget.periodFloor !== undefined;
    let reply: CoordinatorOwnReply<'admit'>;
    try {
      reply = await this.#run(
        'admitting a call',
        'admit',
        {
          id: admission.id,
          envelope: envelope === undefined ? undefined : Math.ceil(envelope),
          maxCredits: budget.maxCredits,
          dailyFloor: budget.dailyFloor,
          periodFloor: budget.periodFloor,
          serviceNow: floors ? request.serviceNow() : undefined,
          rate,
          listening: rate !== undefined && this.#listening(),
        },
        true,
      );
    } catch (error) {
      this.#giveBack(admission);
      throw error;
    }
    if (reply.status === 'budget') throw new BudgetExceededError(reply.limit, envelope as number, reply.available ?? 0);
    return this.#slotOf(admission.id, reply);
  }

  async settle(admission: Admission, answer: CreditSource | undefined, _receivedAt: number): Promise<boolean> {
    if (!(admission instanceof RedisAdmission))
      throw new SportsOddsError(`coordinator ${this.name}: settle() got an admission of another coordinator`);
    if (admission.settled) return false;
    admission.settled = true;
    this.#leases.delete(admission.id);
    const cost = answer?.cost;
    const metered = answer !== undefined && cost !== undefined;
    // An attempt that took nothing in Redis and brings nothing to record needs no round trip.
    if (!admission.slot && admission.envelope === undefined && !metered) return false;
    const c = metered ? answer.credits : {};
    const args: CoordinatorArgs<'settle'> = {
      id: admission.id,
      held: admission.slot,
      cost,
      periodLimit: c.periodLimit,
      periodRemaining: c.periodRemaining,
      periodReset: c.periodReset,
      dailyLimit: c.dailyLimit,
      dailyRemaining: c.dailyRemaining,
      dailyReset: c.dailyReset,
      retry: false,
    };
    try {
      await this.#run('recording an answer', 'settle', args);
    } catch (error) {
      if (error instanceof CoordinatorStateLostError) this.#unrecorded += cost ?? 0;
      else if (error instanceof CoordinatorError)
        this.#land('recording an answer', 'settle', { ...args, retry: true }, () => {
          this.#unrecorded += cost ?? 0;
        });
      throw error;
    }
    return metered;
  }

  credits(): CreditSnapshot {
    return { ...copyCredits(this.#credits), saved: this.#saved };
  }

  /** Counts credits a reused answer of this process did not pay (`credits().saved`: this process's, not the fleet's). */
  recordSaved(credits: number): void {
    this.#saved += credits;
  }

  async readCredits(): Promise<CreditSnapshot> {
    await this.#run('reading the credits', 'read', {});
    return this.credits();
  }

  /**
   * Empties the namespace (spend, slots, reservations, rate, rotation records; no key is deleted): for
   * tests and benches, or a new budget; calls in flight elsewhere then settle into the new ledger.
   * The fleet's answers stay (`odds.cache.clear()` clears them).
   *
   * @example
   * await coordinator.clear(); // spent 0: a fresh maxCredits
   */
  async clear(): Promise<void> {
    await this.#run('clearing the namespace', 'clear', { epoch: this.#newEpoch() });
  }

  /**
   * Rebuilds the fleet's record after `CoordinatorStateLostError` (docs/scaling.md, "Lost state").
   * By default (`from: 'windows'`) from this process's last known spend, anchored to the last period
   * window so the next metered answer counts what was spent meanwhile; `from: 'fresh'` starts a new
   * budget. A record another process already rebuilt is adopted. Resolves to the rebuilt credits.
   *
   * @example
   * try {
   *   await odds.events.odds(42);
   * } catch (error) {
   *   if (error instanceof CoordinatorStateLostError) await coordinator.recover();
   * }
   */
  async recover(options: { from?: 'windows' | 'fresh' } = {}): Promise<CreditSnapshot> {
    const from = options.from ?? 'windows';
    if (from !== 'windows' && from !== 'fresh')
      throw new SportsOddsError(`coordinator ${this.name}: recover({ from }) takes 'windows' or 'fresh', not ${JSON.stringify(from)}`);
    const known = this.#credits;
    const fresh = from === 'fresh';
    const p = fresh ? {} : known.period;
    const d = fresh ? {} : known.daily;
    const unrecorded = this.#unrecorded;
    await this.#run('recovering the namespace', 'recover', {
      oldEpoch: this.#epoch,
      known: fresh ? 0 : Math.ceil(known.spent + unrecorded),
      anchored: Math.ceil(known.spent),
      newEpoch: this.#newEpoch(),
      periodLimit: p.limit,
      periodRemaining: p.remaining,
      periodReset: p.reset,
      dailyLimit: d.limit,
      dailyRemaining: d.remaining,
      dailyReset: d.reset,
    });
    this.#unrecorded -= unrecorded;
    return this.credits();
  }

  /**
   * Closes the connection the coordinator opened for its notices (the client given stays open and
   * yours); it closes by itself when that client ends. A later wait opens it again.
   *
   * @example
   * coordinator.close();
   * await redis.quit();
   */
  close(): void {
    this.#wake.close();
  }

  /** A new epoch for the namespace, unique to this process and moment. */
  #newEpoch(): string {
    return `${this.#process}.${(this.#recoveries++).toString(36)}`;
  }

  /** Runs a script with the family's arguments (retention, lease, window, deadline, epochs) and keeps its reply's state. */
  async #run<N extends CoordinatorScriptName>(
    what: string,
    name: N,
    args: CoordinatorArgs<N>,
    deadline = false,
  ): Promise<CoordinatorOwnReply<N>> {
    const o = this.#o;
    this.#checkEviction();
    const common = {
      retention: o.retentionMs,
      lease: o.leaseMs,
      window: o.windowMs,
      deadline: deadline ? this.#runner.deadline() : undefined,
      knownEpoch: this.#epoch,
      firstEpoch: this.#process,
    };
    const reply = await this.#runner.run(what, name, common, args);
    this.#epoch = reply.epoch ?? this.#epoch;
    this.#credits = reply.credits;
    this.#generation = reply.generation;
    if (reply.rate !== this.#rate) {
      this.#rate = reply.rate;
      // A waiter told to come back under the old rate asks again under this one (a renewal's reply brings it too).
      this.#queue.wake();
    }
    return reply;
  }

  /** Learns Redis's clock (one read) before the first operation that carries a deadline (`what`, named in errors). */
  #sync(what: string): Promise<void> {
    if (this.#runner.synced) return Promise.resolve();
    this.#syncing ??= this.#run(what, 'read', {}).then(
      () => {
        this.#syncing = undefined;
      },
      (error: unknown) => {
        this.#syncing = undefined;
        throw error;
      },
    );
    return this.#syncing;
  }

  /** Gives back what an admission may hold in Redis, without waiting (it may not be reachable now). */
  #giveBack(admission: RedisAdmission): void {
    this.#land('giving back an admission', 'release', { id: admission.id });
  }

  /** Retries in the background an operation that must land (a lapsed reservation counts its whole envelope). */
  #land<N extends CoordinatorScriptName>(what: string, name: N, args: CoordinatorArgs<N>, onLost?: () => void): void {
    retryInBackground(() => this.#run(what, name, args), {
      giveUp: (error) => {
        if (error instanceof CoordinatorStateLostError) onLost?.();
        return error instanceof CoordinatorStateLostError || !(error instanceof CoordinatorError);
      },
      forMs: this.#o.retentionMs,
      maxDelayMs: Math.min(5_000, this.#o.leaseMs),
    });
  }
}

/**
 * A `RedisCoordinator`: give it to each client of a fleet with the same `namespace`, and pacing,
 * budget, credit ledger and key rotations hold fleet-wide. `redis` is an `ioredis`/`iovalkey` client.
 *
 * @example
 * import { Redis } from 'ioredis';
 * import { SportsOdds } from 'sports-odds-data';
 * import { redisCoordinator } from 'sports-odds-data/redis';
 *
 * const odds = new SportsOdds({
 *   apiKey: process.env.SOD_API_KEY,
 *   coordinator: redisCoordinator({ redis: new Redis(process.env.REDIS_URL ?? 'redis://localhost:6379'), namespace: 'acct-1', secret: process.env.SOD_FLEET_SECRET }),
 *   rateLimit: { requestsPerSecond: 'account' },
 *   budget: { maxCredits: 50_000 },
 * });
 */
export function redisCoordinator(options: RedisCoordinatorOptions): RedisCoordinator {
  return new RedisCoordinator(options);
}
