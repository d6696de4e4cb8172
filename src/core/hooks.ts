import type { SportsOddsError } from './errors/base';
import type { ResponseMeta } from './meta';

/** The request about to be sent (never its headers: the key stays out of hooks). */
export interface RequestInfo {
  /** Route id from the route table, e.g. `events.odds`. */
  routeId: string;
  method: string;
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
}

/** An answer that arrived (any status). */
export interface ResponseInfo extends RequestInfo {
  status: number;
  meta: ResponseMeta;
  /** From sending to the body read, in ms of the client's clock. */
  durationMs: number;
}

/** A retry about to wait. */
export interface RetryInfo {
  routeId: string;
  /** The attempt that failed. */
  attempt: number;
  /** How long the SDK waits before the next attempt. */
  delayMs: number;
  error: SportsOddsError;
}

/**
 * Observers of every call, as arrays (like ky's hooks). A hook that throws fails the call.
 *
 * @example
 * new SportsOdds({ hooks: { afterResponse: [({ routeId, meta }) => metrics.add(routeId, meta.credits.cost ?? 0)] } });
 */
export interface Hooks {
  beforeRequest?: Array<(info: RequestInfo) => void | Promise<void>>;
  afterResponse?: Array<(info: ResponseInfo) => void | Promise<void>>;
  beforeRetry?: Array<(info: RetryInfo) => void | Promise<void>>;
}

/** Runs hooks in order. */
export async function runHooks<T>(hooks: ReadonlyArray<(info: T) => void | Promise<void>> | undefined, info: T): Promise<void> {
  if (!hooks) return;
  for (const hook of hooks) await hook(info);
}
