import { http, HttpResponse, type HttpHandler } from 'msw/http';
import type { MockService } from '../../service/mock-service';
import { randomHex } from '../../service/state/crypto';
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

const CHECKOUT = page('Checkout', 'checkout', '<p>Checking your checkout…</p>');
const CLAIM = page('Your API key', 'claim', '<p>Getting your key…</p>');
const RECOVER = page('Recover access', 'recover');
const VERIFY = page('Verify your recovery e-mail', 'verify');
const PAY = page('Payment (mock)', 'pay', '<p>This mock does not take payments.</p>');

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
