import { http, HttpResponse, type HttpHandler } from 'msw/http';
import type { MockService } from '../index';
import { randomHex } from '../state/crypto';
import { page } from './layout';

/**
 * The headers of a first-party page (docs/service.md, "Response headers"): it shows new keys, so nothing may frame it, load
 * into it, sniff it or cache it; only its own nonce-bearing style and script run.
 */
export function pageHeaders(nonce: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}

const html = (render: (nonce: string) => string) => {
  const nonce = randomHex(16);
  return new HttpResponse(render(nonce), { headers: pageHeaders(nonce) });
};

const CHECKOUT = page(
  'Checkout',
  '<p>Checking your checkout…</p>',
  `const r = await post('/v1/checkout/intents', token ? { resume_token: token } : {});
if (r.status !== 200) {
  failure(r, {
    invalid_token: token
      ? 'This checkout link is not valid. Open the link from your checkout confirmation exactly as it was sent, or start the checkout again.'
      : 'There is no checkout in progress in this browser. Open the link from your checkout confirmation.',
  });
} else if (r.json.status === 'open') {
  state(el('p', 'Your checkout is waiting for payment.'), linkLine('Continue to payment', { id: 'pay', href: r.json.checkout_url }));
} else if (r.json.status === 'complete') {
  state(el('p', 'Payment complete.'), linkLine('Get your API key', { id: 'claim', href: '/claim' }));
} else {
  show('This checkout is closed: its key was already claimed. Use that key, or recover access if you lost it.');
}`,
);

const CLAIM = page(
  'Your API key',
  '<p>Getting your key…</p>',
  `const r = await post('/v1/checkout/claims', token ? { claim_token: token } : {});
if (r.status === 200) showKey(r.json.api_key);
else if (r.status === 202) show('Payment is not complete yet. Reload this page once it is.');
else failure(r, {
  invalid_token: token
    ? 'This claim link is not valid. Open the link from your checkout confirmation exactly as it was sent.'
    : 'There is no paid checkout in this browser. Open the claim link from your checkout confirmation.',
  token_used: 'This key was already claimed, and is shown only once. If you did not store it, recover access with your recovery e-mail.',
});`,
);

const RECOVER = page(
  'Recover access',
  '',
  `function requestForm(note) {
  const form = el('form', undefined, { id: 'request' });
  const label = el('label', 'Account e-mail ');
  label.append(el('input', undefined, { id: 'email', type: 'email', required: '', autocomplete: 'email' }));
  form.append(label, ' ', el('button', 'Send recovery link'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const email = document.getElementById('email').value;
    show('Sending…');
    const challenge = await post('/__challenge', {});
    if (challenge.status !== 201 && challenge.status !== 200) return failure(challenge);
    const r = await post('/v1/recovery/requests', { email, challenge_token: challenge.json.challenge_token || '' });
    if (r.status === 202) show(r.json.message);
    else failure(r);
  });
  state(...(note ? [el('p', note, { id: 'status', class: 'error' })] : []), form);
}
if (token) {
  show('Checking your recovery link…');
  const r = await post('/v1/recovery/claims', { recovery_token: token });
  if (r.status === 200) showKey(r.json.api_key, r.json.message || 'Every earlier key is revoked. Store this key now: it is shown only once.');
  else if (r.json.error && ['invalid_token', 'token_expired', 'token_used'].includes(r.json.error.code)) {
    requestForm({
      invalid_token: 'This recovery link is not valid. Ask for a new one below.',
      token_expired: 'This recovery link has expired. Ask for a new one below.',
      token_used: 'This recovery link was already used. Ask for a new one below if you still need it.',
    }[r.json.error.code]);
  } else failure(r);
} else {
  requestForm();
}`,
);

const VERIFY = page(
  'Verify your recovery e-mail',
  '',
  `if (!token) show('Open the link from the verification e-mail: this page needs it.', true);
else {
  show('Verifying…');
  const r = await post('/v1/recovery-email/verifications', { verification_token: token });
  if (r.status === 200) show(r.json.message);
  else failure(r, {
    invalid_token: 'This verification link is not valid. Open the latest verification e-mail, or ask for a new one from your account.',
    token_expired: 'This verification link has expired. Ask for a new one from your account.',
    token_used: 'This mailbox was already verified with this link.',
  });
}`,
);

const PAY = page(
  'Payment (mock)',
  '<p>This mock does not take payments.</p>',
  `const session = location.pathname.split('/').pop() || '';
// The "mark paid" button exists only where this server's control plane answers this browser.
const admin = await fetch('/__admin', { headers: { Accept: 'application/json' } }).then((res) => (res.ok ? res.json() : null)).catch(() => null);
const canComplete = admin && Array.isArray(admin.operations) && admin.operations.some((o) => o.method === 'POST' && o.path === '/__admin/checkouts/{id}/complete');
if (!/^cs_[0-9a-f]+$/.test(session)) show('This payment link is not valid. Open it again from your checkout.', true);
else if (!canComplete) show('This mock does not take payments, and its control plane is off: the checkout can only be marked paid by whoever runs the mock.');
else {
  const button = el('button', 'Mark paid', { id: 'mark-paid', type: 'button' });
  button.addEventListener('click', async () => {
    button.disabled = true;
    const r = await post('/__admin/checkouts/' + encodeURIComponent(session) + '/complete', {});
    if (r.status !== 200) return failure(r, { not_found: 'This checkout no longer exists. Start the checkout again.' });
    state(el('p', 'Marked paid.', { id: 'status' }), linkLine('Back to your checkout', { id: 'back', href: '/checkout' }));
  });
  state(el('p', 'This mock does not take payments. Its control plane is on, so you can mark this checkout paid:'), button);
}`,
);

/**
 * The first-party pages of the standalone server, and the bot-challenge widget of the recovery page
 * (a stand-in for a hosted challenge provider: it issues a token for this page's hostname).
 */
export function pageHandlers(mock: MockService): HttpHandler[] {
  const origin = new URL(mock.baseUrl).origin;
  return [
    http.get(`${origin}/checkout`, () => html(CHECKOUT)),
    http.get(`${origin}/checkout/pay/:session`, () => html(PAY)),
    http.get(`${origin}/claim`, () => html(CLAIM)),
    http.get(`${origin}/recover`, () => html(RECOVER)),
    http.get(`${origin}/verify-recovery-email`, () => html(VERIFY)),
    http.post(`${origin}/__challenge`, async ({ request }) => {
      const hostname = new URL(request.url).hostname;
      const token = await mock.issueChallenge({ action: 'account_recovery', hostname });
      return HttpResponse.json(
        { challenge_token: token },
        { headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } },
      );
    }),
  ];
}
