/** Runs Lua scripts by their id, loading each once, and whole where Redis lost or refuses ids. */

/** The script commands of an `ioredis`/`iovalkey` client, typed by shape. */
export interface ScriptCommands {
  evalsha(sha1: string, numkeys: number, ...args: (string | number)[]): Promise<unknown>;
  eval(script: string, numkeys: number, ...args: (string | number)[]): Promise<unknown>;
  script(subcommand: 'LOAD', script: string): Promise<unknown>;
}

/** A Redis error that says the script is not in Redis's cache (a restart, `SCRIPT FLUSH`, another node). */
const isNoScript = (error: unknown): boolean => error instanceof Error && error.message.startsWith('NOSCRIPT');

/** A Redis error that refuses the command itself (renamed or disabled, as managed Redis does with `SCRIPT`, or denied by an ACL). */
const isRefused = (error: unknown): boolean =>
  error instanceof Error && (/^ERR unknown command/i.test(error.message) || error.message.startsWith('NOPERM'));

/**
 * `EVALSHA`, each script loaded once (`SCRIPT LOAD`); `EVAL` on `NOSCRIPT`, and for good once Redis
 * refuses `SCRIPT` or `EVALSHA` (managed Redis), so a refusal is paid once, not at every call.
 *
 * @example
 * const scripts = new ScriptEvaluator(redis);
 * const raw = await scripts.evaluate(READ, keys, args);
 */
export class ScriptEvaluator {
  /** Commands sent to Redis (each one round trip). */
  roundTrips = 0;
  readonly #shas = new Map<string, Promise<string>>();
  /** True once Redis refused `SCRIPT` or `EVALSHA`: every script is then sent whole with `EVAL`. */
  #evalOnly = false;

  constructor(private readonly redis: ScriptCommands) {}

  /** Runs `source` on `keys` with `args`; rejects with what Redis or the connection threw. */
  async evaluate(source: string, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    const argv = [...keys, ...args];
    const whole = () => {
      this.roundTrips += 1;
      return this.redis.eval(source, keys.length, ...argv);
    };
    if (this.#evalOnly) return await whole();
    try {
      const sha = await this.#sha(source);
      this.roundTrips += 1;
      return await this.redis.evalsha(sha, keys.length, ...argv);
    } catch (error) {
      if (isRefused(error)) {
        this.#evalOnly = true;
        return await whole();
      }
      if (!isNoScript(error)) throw error;
      // EVAL runs it on the node that holds the keys and caches it there again.
      return await whole();
    }
  }

  /** The script's id, from `SCRIPT LOAD` (once per script). */
  #sha(source: string): Promise<string> {
    let sha = this.#shas.get(source);
    if (sha === undefined) {
      this.roundTrips += 1;
      sha = this.redis.script('LOAD', source).then((id) => {
        if (typeof id !== 'string') throw new TypeError('SCRIPT LOAD gave no script id');
        return id;
      });
      sha.catch(() => this.#shas.delete(source));
      this.#shas.set(source, sha);
    }
    return sha;
  }
}
