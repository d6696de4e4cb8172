/**
 * The shared frame of the first-party pages: no external assets, no inline data from the URL. The
 * inline style and script carry the response's CSP nonce, the only way they run.
 *
 * A page shows one state at a time: everything it says lives in `#view`, which each step replaces
 * whole. A refusal is told in words a customer can act on (`explain`), with the request id to quote
 * to support; the service's own message, written for developers, is not shown.
 */
export const page =
  (title: string, body: string, script: string) =>
  (nonce: string): string =>
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · Sports Odds Data</title>
<style nonce="${nonce}">
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; color: #1d2433; }
  h1 { font-size: 1.5rem; }
  .key { font: 1rem ui-monospace, monospace; background: #f3f5f9; padding: .75rem; border-radius: .375rem; word-break: break-all; }
  .error { color: #b42318; }
  .ref { color: #5b6478; font-size: .85rem; }
  button, input { font: inherit; padding: .4rem .75rem; }
</style>
</head>
<body>
<h1>${title}</h1>
<main id="view" role="status" aria-live="polite">${body}</main>
<script type="module" nonce="${nonce}">
const view = document.getElementById('view');
// The token is read from the fragment (never sent to any server), then removed from the address bar.
const token = new URLSearchParams(location.hash.slice(1)).get('token');
if (location.hash) history.replaceState(null, '', location.pathname);
function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}
/** A paragraph holding one link. */
function linkLine(text, attrs) {
  const line = el('p');
  line.append(el('a', text, attrs));
  return line;
}
/** Replaces whatever the page showed with these nodes: one state at a time. */
const state = (...nodes) => view.replaceChildren(...nodes);
const show = (text, isError = false) => state(el('p', text, { id: 'status', class: isError ? 'error' : '' }));
async function post(path, body, headers = {}) {
  try {
    const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, credentials: 'same-origin', body: JSON.stringify(body) });
    const json = await res.json().catch(() => ({}));
    return { status: res.status, json };
  } catch {
    return { status: 0, json: {} };
  }
}
/** What a customer can do about each refusal; a page passes its own words for the codes it knows better. */
const MESSAGES = {
  invalid_token: 'This link is not valid. Open the latest link you received, exactly as it was sent.',
  token_used: 'This link was already used: each link works once. Request a new one if you still need it.',
  token_expired: 'This link has expired. Request a new one.',
  origin_rejected: 'This step only works on the service’s own page. Open the link from your e-mail or checkout again, in this browser.',
  challenge_failed: 'The security check did not pass. Reload the page and try again.',
  recovery_unavailable: 'This account cannot be recovered with a link. If you still have a key that can manage the account, use it; otherwise contact support.',
  rate_limited: 'Too many attempts in a short time. Wait a few seconds and try again.',
  invalid_parameters: 'The service could not accept this request. Check what you entered and try again.',
  unsupported_media_type: 'The service could not accept this request. Reload the page and try again.',
  payload_too_large: 'What you entered is too long.',
  not_found: 'There is nothing at this address any more. Open the link you received again.',
};
function explain(r, own = {}) {
  const code = r.json && r.json.error && r.json.error.code;
  if (r.status === 0) return 'Could not reach the service. Check your connection, then reload this page.';
  if (code && own[code]) return own[code];
  if (code && MESSAGES[code]) return MESSAGES[code];
  if (r.status >= 500 || r.status === 429) return 'The service is busy or unavailable right now. Try again in a minute.';
  return 'Something went wrong (status ' + r.status + '). Reload the page to try again.';
}
/** Shows the human message of a refusal, with the request id to quote to support. */
function failure(r, own) {
  const id = r.json && r.json.error && r.json.error.request_id;
  state(el('p', explain(r, own), { id: 'status', class: 'error' }), ...(id ? [el('p', 'Reference for support: ' + id, { class: 'ref' })] : []));
}
function showKey(key, note = 'Store this key now: it is shown only once.') {
  state(el('p', key, { id: 'api-key', class: 'key' }), el('p', note, { id: 'status' }));
}
${script}
</script>
</body>
</html>`;
