import type { CheckoutIntentResponse } from '../../../../src/schemas';
import { token } from './token';
import { el, failure, linkLine, post, show, state } from './view';

/** `/checkout#token=res_...`: the checkout's state, through the resume token (which sets the HttpOnly cookie) or the cookie. */
export async function checkoutPage(): Promise<void> {
  const r = await post<CheckoutIntentResponse>('/v1/checkout/intents', token ? { resume_token: token } : {});
  if (r.status !== 200) {
    failure(r, {
      invalid_token: token
        ? 'This checkout link is not valid. Open the link from your checkout confirmation exactly as it was sent, or start the checkout again.'
        : 'There is no checkout in progress in this browser. Open the link from your checkout confirmation.',
    });
  } else if (r.json.status === 'open') {
    state(
      el('p', 'Your checkout is waiting for payment.'),
      linkLine('Continue to payment', { id: 'pay', href: r.json.checkout_url ?? '' }),
    );
  } else if (r.json.status === 'complete') {
    state(el('p', 'Payment complete.'), linkLine('Get your API key', { id: 'claim', href: '/claim' }));
  } else {
    show('This checkout is closed: its key was already claimed. Use that key, or recover access if you lost it.');
  }
}
