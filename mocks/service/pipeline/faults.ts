import { ERROR_CODES, type KnownErrorCode } from '../../../src/schemas';
import { ServiceError } from '../service-error';
import type { Fault } from '../state/faults';

const DEFAULT_CODE: Partial<Record<number, KnownErrorCode>> = {
  429: 'rate_limited',
  500: 'internal_error',
  502: 'service_error',
  503: 'temporarily_unavailable',
};

/** Statuses an injected fault answers only after data work (they can cost a credit). */
const AFTER_WORK: ReadonlySet<number> = new Set([502, 503]);

/** The error an injected fault answers with. */
export function faultError(fault: Fault): ServiceError | undefined {
  if (fault.status === undefined) return undefined;
  const code = fault.code ?? DEFAULT_CODE[fault.status] ?? codeOfStatus(fault.status);
  const retryAfter = fault.retryAfter ?? (fault.status === 429 ? 1 : undefined);
  return new ServiceError(fault.status, code, `injected fault: ${code}`, retryAfter === undefined ? {} : { retryAfter });
}

/**
 * What a fault answers where the work would start: a dropped connection, or the error of a status
 * answered before any work (free). Undefined when it applies later (latency, a `502`/`503` after the
 * work, a drop after the commit) or not at all.
 */
export function faultBeforeWork(fault: Fault | undefined): ServiceError | 'dropped' | undefined {
  if (fault?.drop === 'connection') return 'dropped';
  return fault && !faultAfterWork(fault) ? faultError(fault) : undefined;
}

/** Whether the fault's status is answered before (free) or after data work. */
export const faultAfterWork = (fault: Fault | undefined): boolean => fault?.status !== undefined && AFTER_WORK.has(fault.status);

function codeOfStatus(status: number): KnownErrorCode {
  const match = (Object.entries(ERROR_CODES) as [KnownErrorCode, number][]).find(([, s]) => s === status);
  return match ? match[0] : 'internal_error';
}

/** Waits `ms` of real time. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait an injected fault adds: its latency, then its gate (whether the gate resolves or rejects). */
export async function delay(fault: Fault | undefined): Promise<void> {
  if (fault?.latencyMs) await sleep(fault.latencyMs);
  if (fault?.hold !== undefined) await Promise.resolve(fault.hold).catch(() => undefined);
}
