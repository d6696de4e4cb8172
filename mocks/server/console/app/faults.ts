import { act } from './actions';
import { type Answer, type Call, call } from './client';
import { button, byId, fill, h, onSubmit } from './dom';
import { FAULT_CHOICES, type FaultChoiceId, faultDoes, isFaultChoice } from './fault-choices';

/** The faults panel: the armed faults in the order they apply; arm one, disarm one or all. */

type Fault = Answer<'faults.list'>[number];
type FaultBody = Call<'faults.inject'>['body'];

/**
 * The body that arms the form's choice, tagged by its kind; a latency and a `Retry-After` given go
 * with it (the control plane refuses a `Retry-After` on a fault that answers no status, naming it).
 */
function bodyOf(choice: FaultChoiceId, route: string, count: number, latency: number, retry: string): FaultBody {
  const target = { route, count, ...(retry === '' ? {} : { retry_after: Number(retry) }) };
  const wait = latency > 0 ? { latency_ms: latency } : {};
  const chosen = FAULT_CHOICES[choice];
  switch (chosen.kind) {
    case 'status':
      return { ...target, ...wait, kind: 'status', status: chosen.status };
    case 'drop':
      return { ...target, ...wait, kind: 'drop', drop: chosen.drop };
    case 'latency':
      return { ...target, kind: 'latency', latency_ms: latency };
    default:
      return chosen satisfies never;
  }
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
    const choice = byId('fault-kind', HTMLSelectElement).value;
    const number = (id: string) => byId(id, HTMLInputElement).value;
    void act('Arming the fault', async () => {
      // The page lists the choices of FAULT_CHOICES only.
      if (!isFaultChoice(choice)) throw new Error(`no fault choice ${choice}: reload the console`);
      const route = byId('fault-route', HTMLSelectElement).value;
      const body = bodyOf(choice, route, Number(number('fault-count') || 1), Number(number('fault-latency') || 0), number('fault-retry'));
      const { armed } = await call('faults.inject', { body });
      return `Armed ${armed.id} on ${armed.route} for ${armed.remaining} request(s)`;
    });
  });
  byId('faults-clear', HTMLButtonElement).addEventListener('click', () => {
    void act('Disarming every fault', async () => `Disarmed ${(await call('faults.clear')).disarmed} fault(s)`);
  });
}
