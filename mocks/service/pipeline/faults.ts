import type { Fault, StatusFault } from '../faults';
import { ServiceRefusal } from '../service-refusal';

/**
 * The fault step of the request path (docs/testing.md, "Faults"): an armed fault first keeps its
 * request in flight (its latency, then its gate), then acts where its kind says: before the work
 * (a status other than 502 and 503, free; a dropped connection), after the work (a 502 or 503, in
 * place of whatever the work came to), after the commit (the connection dropped once the answer is
 * charged), or not at all (latency or a gate alone).
 */

/** Where on the request path a fault acts, and what it answers there. */
export type FaultAct =
  | { at: 'before_work'; answer: ServiceRefusal | 'dropped' }
  | { at: 'after_work'; answer: ServiceRefusal }
  | { at: 'after_commit' }
  | { at: 'nowhere' };

/** Statuses an injected fault answers only after data work (they can cost a credit). */
const AFTER_WORK: ReadonlySet<number> = new Set([502, 503]);

/**
 * Where and how a fault acts: the one switch on its kind (a new kind is a compile error here).
 *
 * @example
 * actOf({ kind: 'drop', drop: 'after_commit' }); // { at: 'after_commit' }
 */
function actOf(fault: Fault): FaultAct {
  switch (fault.kind) {
    case 'status':
      return AFTER_WORK.has(fault.status)
        ? { at: 'after_work', answer: statusError(fault) }
        : { at: 'before_work', answer: statusError(fault) };
    case 'drop':
      return fault.drop === 'connection' ? { at: 'before_work', answer: 'dropped' } : { at: 'after_commit' };
    case 'latency':
    case 'hold':
      return { at: 'nowhere' };
    default:
      return fault satisfies never;
  }
}

/** The error a status fault answers with. */
function statusError(fault: StatusFault): ServiceRefusal {
  const { status, code, retryAfter } = fault;
  return new ServiceRefusal(status, code, `injected fault: ${code}`, retryAfter === undefined ? {} : { retryAfter });
}

/** What a fault answers where the work would start (once its wait is over): an error, or the connection dropped. */
export function faultBeforeWork(fault: Fault | undefined): ServiceRefusal | 'dropped' | undefined {
  const act = fault && actOf(fault);
  return act?.at === 'before_work' ? act.answer : undefined;
}

/** What a fault answers in place of whatever the work came to (a `502` or `503`, one credit). */
export function faultAfterWork(fault: Fault | undefined): ServiceRefusal | undefined {
  const act = fault && actOf(fault);
  return act?.at === 'after_work' ? act.answer : undefined;
}

/** Whether a fault drops the connection once the service committed (and charged) its answer. */
export const dropsAfterCommit = (fault: Fault | undefined): boolean => fault !== undefined && actOf(fault).at === 'after_commit';

/** Waits `ms` of real time. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait a fault adds before it acts: its latency, then its gate (whether the gate resolves or rejects). */
export async function delay(fault: Fault | undefined): Promise<void> {
  if (fault?.latencyMs) await sleep(fault.latencyMs);
  if (fault?.hold !== undefined) await Promise.resolve(fault.hold).catch(() => undefined);
}
