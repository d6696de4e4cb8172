import { act } from './actions';
import { type Answer, call } from './client';
import { button, byId, fill, h, onSubmit } from './dom';
import { day } from './format';
import { linkOnce } from './message';

/**
 * The checkouts panel: every checkout and its state; start one (its checkout and claim links are
 * shown once, as their tokens exist only in that answer), mark an open one paid.
 */

export function renderCheckouts(checkouts: Answer<'checkouts.list'>): void {
  const rows = checkouts.map((c) =>
    h(
      'tr',
      { 'data-checkout': c.session_id },
      h('td', {}, h('code', { text: c.session_id.slice(0, 11) }, '…')),
      h('td', { text: c.email }),
      h('td', { text: c.plan }),
      h('td', { class: 'state', text: c.status === 'closed' ? 'claimed' : c.status === 'complete' ? 'paid' : 'open' }),
      h('td', { title: c.created_at, text: day(c.created_at) }),
      h(
        'td',
        {},
        c.status === 'open'
          ? button('mark paid', () => {
              void act(`Marked ${c.session_id} paid`, async () => {
                await call('checkouts.complete', { params: { id: c.session_id } });
                return undefined;
              });
            })
          : '',
      ),
    ),
  );
  fill(byId('checkouts', HTMLTableElement), rows, 6, 'no checkout yet');
}

export function wireCheckouts(): void {
  onSubmit(byId('checkout-form', HTMLFormElement), () => {
    const body = { email: byId('checkout-email', HTMLInputElement).value.trim(), plan: byId('checkout-plan', HTMLSelectElement).value };
    void act('Starting the checkout', async () => {
      const started = await call('checkouts.start', { body });
      // The tokens travel in the URL fragment only, as the service's own links carry them.
      return {
        text: `Started a checkout for ${body.email} (links shown once):`,
        extra: [
          ...linkOnce(`${location.origin}/checkout#token=${started.resume_token}`, 'checkout page'),
          ...linkOnce(`${location.origin}/claim#token=${started.claim_token}`, 'claim page'),
        ],
      };
    });
  });
}
