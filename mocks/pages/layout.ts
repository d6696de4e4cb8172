/**
 * The shared frame of the first-party pages: no external assets, no inline data from the URL. The
 * inline style and script carry the response's CSP nonce, the only way they run.
 */
export const page = (title: string, body: string, script: string) => (nonce: string): string => `<!doctype html>
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
  button, input { font: inherit; padding: .4rem .75rem; }
</style>
</head>
<body>
<h1>${title}</h1>
${body}
<p id="status" role="status"></p>
<script type="module" nonce="${nonce}">
const status = document.getElementById('status');
const show = (text, isError = false) => { status.textContent = text; status.className = isError ? 'error' : ''; };
// The token is read from the fragment (never sent to any server), then removed from the address bar.
const token = new URLSearchParams(location.hash.slice(1)).get('token');
if (location.hash) history.replaceState(null, '', location.pathname);
async function post(path, body) {
  const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, credentials: 'same-origin', body: JSON.stringify(body) });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, json };
}
function showKey(key) {
  const el = document.createElement('p');
  el.className = 'key';
  el.id = 'api-key';
  el.textContent = key;
  document.body.insertBefore(el, status);
  show('Store this key now: it is shown only once.');
}
const failure = (r) => show((r.json.error && r.json.error.message) || 'Request failed (' + r.status + ')', true);
${script}
</script>
</body>
</html>`;
