import { CoordinatorError, CoordinatorStateLostError } from '../core/errors';
import type { EvictionProbe } from './eviction';
import type { WakeSource } from './wake';
import { ScriptEvaluator, type ScriptCommands } from './evalsha';
import {
  COORDINATOR,
  type CoordinatorArgs,
  type CoordinatorCommonArgs,
  type CoordinatorOwnReply,
  type CoordinatorReply,
  type CoordinatorScript,
  type CoordinatorScriptName,
} from './scripts';

/**
 * What the coordinator uses of an `ioredis`/`iovalkey` client (script commands, `CONFIG GET`, the
 * `ready` event), typed by shape so that neither is imported.
 *
 * @example
 * import { Redis } from 'ioredis';
 * const redis: RedisScriptClient = new Redis(process.env.REDIS_URL ?? 'redis://localhost:6379');
 */
export interface RedisScriptClient extends EvictionProbe, WakeSource, ScriptCommands {}

/** What went wrong, for the message (name, code, short message): keys are sealed or HMACed before reaching a script. */
const kindOf = (error: unknown): string => {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  const message = error.message.length > 160 ? `${error.message.slice(0, 159)}…` : error.message;
  return `${typeof code === 'string' ? `${error.name} ${code}` : error.name}${message === '' ? '' : `: ${message}`}`;
};

/** Where a client connects and its connection's state, for an error (`127.0.0.1:6379 (reconnecting)`). */
const addressOf = (redis: object): string => {
  const { options, status } = redis as { options?: { host?: unknown; port?: unknown; path?: unknown }; status?: unknown };
  const where = options?.path ? String(options.path) : options?.host === undefined ? 'its address' : `${options.host}:${options.port}`;
  return typeof status === 'string' ? `${where} (${status})` : where;
};

/** The local monotonic clock, in ms. */
export const localNow = (): number => performance.now();

/**
 * Runs the coordinator's scripts on one namespace's keys: `EVALSHA`, falling back to `EVAL` on
 * `NOSCRIPT` and for good once Redis refuses `SCRIPT` or `EVALSHA` (managed Redis). Every operation
 * has a timeout (the client's offline queue would wait for a reconnection); failures are
 * `CoordinatorError`s. Learns Redis's clock from every reply, for deadlines on that clock.
 *
 * @example
 * const runner = new ScriptRunner(redis, namespaceKeys('sod', 'acct-1'), 'redis:acct-1', 1000);
 * const reply = await runner.run('reading the credits', 'read', common, {});
 */
export class ScriptRunner {
  readonly #scripts: ScriptEvaluator;

  /** The client's last connection error (ECONNREFUSED...), named by an operation that then fails. */
  #lastError: unknown;
  /** Redis's clock minus the local clock, as the last reply bounds it from below; undefined before any. */
  #offset: number | undefined;

  constructor(
    private readonly redis: RedisScriptClient,
    private readonly keys: readonly string[],
    private readonly name: string,
    private readonly timeoutMs: number,
  ) {
    this.#scripts = new ScriptEvaluator(redis);
    // Listening also ends ioredis's "Unhandled error event" at every reconnection: the error reaches the call instead.
    if (typeof redis.on === 'function')
      redis.on('error', (error) => {
        this.#lastError = error;
      });
  }

  /** Commands sent to Redis (each one round trip). */
  get roundTrips(): number {
    return this.#scripts.roundTrips;
  }

  /** A failure of `what`, with where Redis is, its last error, and what to check. */
  #failure(what: string, problem: string, cause: unknown): CoordinatorError {
    const last = cause ?? this.#lastError;
    const why = last === undefined ? '' : ` (${kindOf(last)})`;
    return new CoordinatorError(
      this.name,
      `${what}: Redis at ${addressOf(this.redis)} ${problem}${why}; check that Redis runs there and that REDIS_URL (or the client's options) names it`,
      last === undefined ? undefined : { cause: last },
    );
  }

  /**
   * A deadline on Redis's clock for an operation sent now, never later than its client gives up (the
   * offset is a lower bound). None until a reply taught the offset.
   */
  deadline(): number | undefined {
    return this.#offset === undefined ? undefined : Math.floor(localNow() + this.timeoutMs + this.#offset);
  }

  /** A time on Redis's clock on the local clock (`localNow`), never earlier than it is; undefined before any reply. */
  toLocal(redisMs: number): number | undefined {
    return this.#offset === undefined ? undefined : redisMs - this.#offset;
  }

  /** True once a reply taught Redis's clock. */
  get synced(): boolean {
    return this.#offset !== undefined;
  }

  /**
   * Runs the script `name` on the namespace's keys with the family's arguments and its own, within the
   * timeout; `what` names it in errors. `late` and `lost` fail (`CoordinatorStateLostError` for `lost`).
   */
  async run<N extends CoordinatorScriptName>(
    what: string,
    name: N,
    common: CoordinatorCommonArgs,
    args: CoordinatorArgs<N>,
  ): Promise<CoordinatorOwnReply<N>> {
    const script: CoordinatorScript<N> = COORDINATOR[name];
    const attempt = this.#scripts.evaluate(script.source, this.keys, script.argv(common, args));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(this.#failure(what, `did not answer within ${this.timeoutMs} ms`, undefined)), this.timeoutMs);
    });
    let raw: unknown;
    try {
      raw = await Promise.race([attempt, timeout]);
    } catch (error) {
      if (error instanceof CoordinatorError) throw error;
      // Redis answered with an error (a script's, WRONGTYPE): it is reachable; else the connection failed.
      if (error instanceof Error && error.name === 'ReplyError') {
        throw new CoordinatorError(this.name, `${what} failed in Redis (${kindOf(error)})`, { cause: error });
      }
      throw this.#failure(what, 'failed', error);
    } finally {
      clearTimeout(timer);
      // The command goes on after a timeout: its late failure is expected, not unhandled.
      attempt.catch(() => undefined);
    }
    const received = localNow();
    const reply = script.decode(raw);
    if (reply === undefined)
      throw new CoordinatorError(this.name, `${what}: Redis gave an unexpected reply (another program's keys in the namespace?)`);
    this.#offset = reply.now - received;
    // The family's statuses, any script's (a generic reply does not narrow): errors, so that the caller sees its own.
    const family = reply as CoordinatorReply<CoordinatorScriptName>;
    if (family.status === 'lost') throw new CoordinatorStateLostError(this.name, what, family.what);
    if (family.status === 'late') throw new CoordinatorError(this.name, `${what} reached Redis after its deadline: nothing was taken`);
    return reply as CoordinatorOwnReply<N>;
  }
}
