import type { DropPoint, WireKind, WireListing } from '../../../service/faults';
import { fmt } from './format';

/**
 * The faults the console arms and how it words one: the form's choices, grouped by kind (the page
 * writes them in), and what an armed or applied fault does, by kind. A new kind the control plane
 * arms is a compile error here until the form offers it and the console can say what it does.
 */

/** One choice of the fault form: what it arms, and its label. */
type FaultChoice = { label: string } & ({ kind: 'status'; status: number } | { kind: 'drop'; drop: DropPoint } | { kind: 'latency' });

/** The form's choices by the value of their option, in the order the page lists them within their kind. */
export const FAULT_CHOICES = {
  'status:503': { kind: 'status', status: 503, label: '503 temporarily_unavailable (after work, 1 credit)' },
  'status:502': { kind: 'status', status: 502, label: '502 service_error (after work, 1 credit)' },
  'status:500': { kind: 'status', status: 500, label: '500 internal_error (before work, free)' },
  'status:429': { kind: 'status', status: 429, label: '429 rate_limited (before work, free)' },
  'drop:connection': { kind: 'drop', drop: 'connection', label: 'drop the connection before any work' },
  'drop:after_commit': { kind: 'drop', drop: 'after_commit', label: 'drop the connection after the commit' },
  latency: { kind: 'latency', label: 'latency only' },
} as const satisfies Record<string, FaultChoice>;

/** The value of one of the form's choices. */
export type FaultChoiceId = keyof typeof FAULT_CHOICES;

/** The heading of each kind's choices in the form. */
export const KIND_HEADINGS: Record<WireKind, string> = {
  status: 'Answer a status',
  drop: 'Drop the connection',
  latency: 'Delay the answer',
};

/** Whether a value is one of the form's choices. */
export const isFaultChoice = (value: string): value is FaultChoiceId => Object.hasOwn(FAULT_CHOICES, value);

/**
 * What a fault does, in a few words (the faults panel, a request's detail).
 *
 * @example
 * faultDoes({ kind: 'status', status: 503, code: 'temporarily_unavailable', retry_after: 1 }); // '503 temporarily_unavailable, Retry-After 1 s'
 */
export function faultDoes(fault: WireListing): string {
  const late = (ms: number | undefined) => (ms ? [`+${fmt(ms)} ms`] : []);
  const held = fault.held ? ["held by a test's gate"] : [];
  switch (fault.kind) {
    case 'status':
      return [
        `${fault.status} ${fault.code}`,
        ...late(fault.latency_ms),
        ...(fault.retry_after ? [`Retry-After ${fault.retry_after} s`] : []),
        ...held,
      ].join(', ');
    case 'drop':
      return [`drop ${fault.drop.replace('_', ' ')}`, ...late(fault.latency_ms), ...held].join(', ');
    case 'latency':
      return [`+${fmt(fault.latency_ms)} ms`, ...held].join(', ');
    case 'hold':
      return held.join(', ');
    default:
      return fault satisfies never;
  }
}
