import type { AnswerBody } from '../../control/define';
import type { ControlOperations } from '../../control/operations';
import { el, failure, linkLine, post, show, state } from './view';

type Index = AnswerBody<ControlOperations['index']>;

/** Whether this browser can reach the control plane, and it can mark a checkout paid. */
async function canComplete(): Promise<boolean> {
  const index = await fetch('/__admin', { headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<Index>) : null))
    .catch(() => null);
  return Array.isArray(index?.operations) && index.operations.some((o) => o.id === 'checkouts.complete');
}

/** `/checkout/pay/{session_id}`: stands for the payment provider; "Mark paid" where the control plane answers this browser. */
export async function payPage(): Promise<void> {
  const session = location.pathname.split('/').pop() ?? '';
  if (!/^cs_[0-9a-f]+$/.test(session)) return show('This payment link is not valid. Open it again from your checkout.', true);
  if (!(await canComplete()))
    return show(
      'This mock does not take payments, and its control plane is off: the checkout can only be marked paid by whoever runs the mock.',
    );
  const button = el('button', 'Mark paid', { id: 'mark-paid', type: 'button' }) as HTMLButtonElement;
  button.addEventListener('click', () => {
    button.disabled = true;
    void post(`/__admin/checkouts/${encodeURIComponent(session)}/complete`, {}).then((r) => {
      if (r.status !== 200) return failure(r, { not_found: 'This checkout no longer exists. Start the checkout again.' });
      state(el('p', 'Marked paid.', { id: 'status' }), linkLine('Back to your checkout', { id: 'back', href: '/checkout' }));
    });
  });
  state(el('p', 'This mock does not take payments. Its control plane is on, so you can mark this checkout paid:'), button);
}
