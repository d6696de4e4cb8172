import { http, HttpResponse, type HttpHandler } from 'msw/http';
import type { MockService } from '../index';
import { randomHex } from '../state/crypto';
import { page } from './layout';

/**
 * The headers of a first-party page (decisions.md): it shows new keys, so nothing may frame it, load
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
  '<p id="state">Checking your checkout…</p>',
  `const r = token ? await post('/v1/checkout/intents', { resume_token: token }) : await post('/v1/checkout/intents', {});
if (r.status !== 200) failure(r);
else if (r.json.status === 'open') { document.getElementById('state').innerHTML = ''; const a = document.createElement('a'); a.href = r.json.checkout_url; a.id = 'pay'; a.textContent = 'Continue to payment'; document.getElementById('state').append(a); }
else if (r.json.status === 'complete') { document.getElementById('state').innerHTML = '<a id="claim" href="/claim">Payment complete: get your API key</a>'; }
else document.getElementById('state').textContent = 'This checkout is closed.';`,
);

const CLAIM = page(
  'Your API key',
  '',
  `const r = await post('/v1/checkout/claims', token ? { claim_token: token } : {});
if (r.status === 200) showKey(r.json.api_key);
else if (r.status === 202) show('Payment is not complete yet. Reload this page once it is.');
else failure(r);`,
);

const RECOVER = page(
  'Recover access',
  `<form id="request" hidden><label>Account e-mail <input id="email" type="email" required></label> <button>Send recovery link</button></form>`,
  `if (token) {
  const r = await post('/v1/recovery/claims', { recovery_token: token });
  if (r.status === 200) showKey(r.json.api_key); else failure(r);
} else {
  const form = document.getElementById('request');
  form.hidden = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const challenge = await post('/__challenge', {});
    const r = await post('/v1/recovery/requests', { email: document.getElementById('email').value, challenge_token: challenge.json.challenge_token || '' });
    if (r.status === 202) show(r.json.message); else failure(r);
  });
}`,
);

const VERIFY = page(
  'Verify your recovery e-mail',
  '',
  `if (!token) show('Open the link from the verification e-mail.', true);
else { const r = await post('/v1/recovery-email/verifications', { verification_token: token }); if (r.status === 200) show(r.json.message); else failure(r); }`,
);

const PAY = page('Payment (mock)', '<p>This mock does not take payments. Mark the checkout paid through the control plane.</p>', '');

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
      return HttpResponse.json({ challenge_token: token }, { headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } });
    }),
  ];
}
