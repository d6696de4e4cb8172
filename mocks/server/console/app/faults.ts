import { act } from './actions';
import { type Answer, call } from './client';
import { button, byId, fill, h, onSubmit } from './dom';
import { fmt } from './format';

/** The faults panel: the armed faults in the order they apply; arm one, disarm one or all. */

type Fault = Answer<'faults.list'>[number];

function faultDoes(f: Fault): string {
  const parts: string[] = [];
  if (f.status) parts.push(`${f.status}${f.code ? ` ${f.code}` : ''}`);
  if (f.drop) parts.push(`drop ${f.drop.replace('_', ' ')}`);
  if (f.latency_ms) parts.push(`+${fmt(f.latency_ms)} ms`);
  if (f.retry_after) parts.push(`Retry-After ${f.retry_after} s`);
  return parts.join(', ') || 'nothing';
}

export function renderFaults(faults: readonly Fault[]): void {
  const rows = faults.map((f) =>
    h(
      'tr',
      { 'data-fault': f.id },
      h('td', {}, h('code', { text: f.id })),
      h('td', { title: f.endpoint ?? '', text: f.route }),
      h('td', { text: faultDoes(f) }),
      h('td', { class: 'num', text: f.remaining }),
      h(
        'td',
        {},
        button('disarm', () => {
          void act(`Disarmed ${f.id}`, async () => {
            await call('faults.remove', { params: { id: f.id } });
            return undefined;
          });
        }),
      ),
    ),
  );
  fill(byId('faults', HTMLTableElement), rows, 5, 'no fault armed');
}

export function wireFaults(): void {
  onSubmit(byId('fault-form', HTMLFormElement), () => {
    const [kind, value] = byId('fault-kind', HTMLSelectElement).value.split(':');
    const number = (id: string) => byId(id, HTMLInputElement).value;
    const latency = Number(number('fault-latency') || 0);
    const body = {
      route: byId('fault-route', HTMLSelectElement).value,
      count: Number(number('fault-count') || 1),
      ...(kind === 'status' ? { status: Number(value) } : {}),
      ...(kind === 'drop' ? { drop: value as 'connection' | 'after_commit' } : {}),
      ...(latency > 0 || kind === 'latency' ? { latency_ms: latency } : {}),
      ...(number('fault-retry') ? { retry_after: Number(number('fault-retry')) } : {}),
    };
    void act('Arming the fault', async () => {
      const { armed } = await call('faults.inject', { body });
      return `Armed ${armed.id} on ${armed.route} for ${armed.remaining} request(s)`;
    });
  });
  byId('faults-clear', HTMLButtonElement).addEventListener('click', () => {
    void act('Disarming every fault', async () => `Disarmed ${(await call('faults.clear')).disarmed} fault(s)`);
  });
}
