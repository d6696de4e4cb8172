/** A recovery request waiting to be resolved, with no account looked up yet (docs/service.md, "Credential delivery"). */
export interface QueuedRecovery {
  email: string;
  at: number;
  /**
   * The link's token, drawn when the request was answered, so a deterministic mock's draws follow the requests and not
   * when the drain runs; in memory only (a snapshot keeps `email` and `at`, and a restored request draws at its drain).
   */
  token?: string;
}

/**
 * Recovery requests not yet resolved; drains run one after another, so `drain()` sees every request queued before it.
 * Each request spent a bot challenge, so the queue holds at most as many as the challenge store does, and a drain empties it.
 */
export class RecoveryQueue {
  #queued: QueuedRecovery[] = [];
  #draining: Promise<void> = Promise.resolve();

  /** Requests queued and not yet taken by a drain: each may still send a link. */
  get length(): number {
    return this.#queued.length;
  }

  /** The requests not yet taken by a drain, oldest first. */
  saved(): QueuedRecovery[] {
    return this.#queued.map(({ email, at }) => ({ email, at }));
  }

  push(request: QueuedRecovery): void {
    this.#queued.push(request);
  }

  /** Resolves every queued request with `resolve`, after any drain already running. */
  drain(resolve: (request: QueuedRecovery) => Promise<void>): Promise<void> {
    this.#draining = this.#draining.then(async () => {
      const batch = this.#queued.splice(0);
      for (const request of batch) await resolve(request);
    });
    // One failing request must not wedge every later drain.
    const run = this.#draining;
    this.#draining = run.catch(() => undefined);
    return run;
  }
}
