import { AbortError } from './errors/connection';
import type { InternalLogger } from './logger';
import type { WithMeta } from './meta';
import type { Now, Sleep } from './runtime';

/** Options of a polling loop. */
export interface PollOptions {
  /** Wait between polls, ms. Default 30,000. */
  intervalMs?: number;
  /**
   * How far each `since` reaches back before the previous poll's start, ms, to cover clock skew
   * between client and service; duplicates are filtered by version. Default 60,000.
   */
  overlapMs?: number;
  /** First `since` (RFC 3339 UTC); default none, so the first poll lists every matching event. */
  since?: string;
  /** Stops the loop: the iteration ends quietly. */
  signal?: AbortSignal;
}

/** What the loop needs from its client. */
export interface PollDeps<T> {
  list: (since: string | undefined, signal: AbortSignal | undefined) => Promise<WithMeta<T[]>>;
  identity: (row: T) => { id: unknown; version: unknown };
  now: Now;
  sleep: Sleep;
  logger: InternalLogger;
}

/** An RFC 3339 UTC timestamp to the second, as the `since` parameter takes it. */
export const toUtcSeconds = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/**
 * Incremental discovery with a moving `since` (spec 4.1 rule 9, section 6): yields each row once
 * per new version, until the signal aborts or the consumer stops iterating.
 *
 * @example
 * for await (const event of poll(deps, { intervalMs: 10_000, signal })) console.log(event);
 */
export async function* poll<T>(deps: PollDeps<T>, options: PollOptions = {}): AsyncGenerator<T, void, undefined> {
  const { intervalMs = 30_000, overlapMs = 60_000, signal } = options;
  const seen = new Map<unknown, unknown>();
  let since = options.since;
  try {
    while (!signal?.aborted) {
      const startedAt = deps.now();
      const { data, meta } = await deps.list(since, signal);
      if (meta.truncated) {
        deps.logger.warn('a poll answer was truncated: narrow the filters (sport, league, window) or raise limit so no change is missed');
      }
      for (const row of data) {
        const { id, version } = deps.identity(row);
        if (id !== undefined && id !== null) {
          if (seen.has(id) && seen.get(id) === version) continue;
          const previous = seen.get(id);
          if (typeof previous === 'number' && typeof version === 'number' && version < previous) continue;
          seen.set(id, version);
        }
        yield row;
      }
      since = toUtcSeconds(startedAt - overlapMs);
      await deps.sleep(intervalMs, signal);
    }
  } catch (error) {
    if (error instanceof AbortError || signal?.aborted) return;
    throw error;
  }
}
