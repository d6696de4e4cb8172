/**
 * The console's script, run by the browser as an inline module under the page's CSP nonce. It talks
 * only to the JSON control plane on its own origin (`/__admin/...`) and sets every value it shows as
 * text (never as HTML). Written without template literals, so it embeds here as plain text.
 */
export const CONSOLE_SCRIPT = `
const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const REFRESH_MS = 2000;
let clockNow = Date.now();
let selected = '';

/** An element with attributes (on* are listeners, text is its text) and children (nodes or text). */
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else if (name === 'text') el.textContent = String(value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) if (child !== undefined && child !== null) el.append(child instanceof Node ? child : String(child));
  return el;
}
function s(tag, attrs, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  if (text !== undefined) el.textContent = text;
  return el;
}

function say(text, kind) {
  const el = $('message');
  el.textContent = text;
  el.className = kind || '';
}

/** One control-plane call: JSON in and out; a refusal throws with the envelope's message. */
async function api(method, path, body) {
  const init = { method, headers: { Accept: 'application/json' } };
  if (method !== 'GET') {
    init.headers['Content-Type'] = 'application/json';
    if (body !== undefined) init.body = JSON.stringify(body);
  }
  const res = await fetch('/__admin' + path, init);
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error((json && json.error && json.error.code ? json.error.code + ': ' + json.error.message : 'HTTP ' + res.status));
  return json;
}

/** Runs an action, redraws from the control plane, then says how it went (so the message comes with fresh data). */
async function act(label, work) {
  let message;
  try {
    const result = await work();
    message = [typeof result === 'string' ? result : label, 'ok'];
  } catch (error) {
    message = [label + ' failed: ' + error.message, 'error'];
  }
  await refresh();
  say(message[0], message[1]);
}

const fmt = (n) => Number(n).toLocaleString('en');
const time = (iso) => (iso ? iso.slice(11, 19) : '');
const day = (iso) => (iso ? iso.slice(0, 10) + ' ' + iso.slice(11, 16) + 'Z' : '');
const empty = (columns, text) => h('tr', { class: 'empty' }, h('td', { colspan: columns, text }));

function fill(tableId, rows, columns, none) {
  $(tableId).tBodies[0].replaceChildren(...(rows.length ? rows : [empty(columns, none)]));
}

function renderAccounts(accounts) {
  fill('accounts', accounts.map((a) => h('tr', { 'data-email': a.email },
    h('td', { text: a.email }),
    h('td', { text: a.plan }),
    h('td', { text: a.status }),
    h('td', { text: a.recovery_email_verified ? 'verified' : 'not verified' }),
    h('td', {}, a.keys.map((k) => h('div', { class: k.status === 'revoked' ? 'revoked' : '' },
      h('code', { text: k.prefix + '…' }), ' ', k.name, ' ', h('span', { class: 'scopes', text: k.scopes.join(' + ') }),
      k.last_used_at ? h('span', { class: 'muted', text: ' · used ' + day(k.last_used_at) }) : null))),
  )), 5, 'no account');
  const select = $('credit-account');
  const emails = accounts.map((a) => a.email);
  if (!emails.includes(selected)) selected = emails[0] || '';
  if (select.options.length !== emails.length || emails.some((e, i) => select.options[i].value !== e)) {
    select.replaceChildren(...emails.map((e) => h('option', { value: e, text: e })));
  }
  select.value = selected;
}

function windowView(label, w) {
  return h('div', { class: 'window', 'data-window': label },
    h('div', {}, h('strong', { text: label }), ' ', fmt(w.used), ' used', w.in_flight ? ' + ' + fmt(w.in_flight) + ' in flight' : '',
      ' of ', fmt(w.limit), ' · ', h('span', { class: 'remaining', text: fmt(w.remaining) }), ' left · resets ', day(w.resets_at)),
    h('progress', { max: w.limit, value: w.used + w.in_flight }));
}

/** Credits charged in the current daily window, cumulated over time, as an SVG step line. */
function drawChart(entry) {
  const chart = $('chart');
  chart.replaceChildren();
  const W = 640, H = 180, L = 52, R = 14, T = 14, B = 26;
  const from = Date.parse(entry.daily.starts_at);
  const charges = entry.charges.filter((c) => Date.parse(c.at) >= from);
  const total = charges.reduce((sum, c) => sum + c.cost, 0);
  $('chart-caption').textContent = 'Credits charged to ' + entry.email + ' since the daily window opened (' + day(entry.daily.starts_at) + '): ' + fmt(total) +
    ' in ' + fmt(charges.length) + ' charges; ' + fmt(entry.charged) + ' since the account was created.';
  chart.append(s('line', { class: 'axis', x1: L, y1: H - B, x2: W - R, y2: H - B }), s('line', { class: 'axis', x1: L, y1: T, x2: L, y2: H - B }));
  if (charges.length === 0) {
    chart.append(s('text', { x: W / 2, y: H / 2, 'text-anchor': 'middle' }, 'no credits charged in this window yet'));
    return;
  }
  const start = Math.min(Date.parse(charges[0].at), clockNow - 60000);
  const end = Math.max(clockNow, start + 60000);
  const top = Math.max(total, 1) * 1.1;
  const x = (t) => L + ((t - start) / (end - start)) * (W - L - R);
  const y = (v) => H - B - (v / top) * (H - T - B);
  let sum = 0;
  const points = [[x(start), y(0)]];
  for (const c of charges) {
    const at = x(Date.parse(c.at));
    points.push([at, y(sum)]);
    sum += c.cost;
    points.push([at, y(sum)]);
  }
  points.push([x(end), y(sum)]);
  const line = points.map((p) => p[0].toFixed(1) + ',' + p[1].toFixed(1)).join(' ');
  chart.append(
    s('polygon', { class: 'area', points: line + ' ' + x(end).toFixed(1) + ',' + y(0) + ' ' + x(start).toFixed(1) + ',' + y(0) }),
    s('polyline', { class: 'line', points: line }),
    s('text', { x: L - 6, y: y(0) + 4, 'text-anchor': 'end' }, '0'),
    s('text', { x: L - 6, y: y(total) + 4, 'text-anchor': 'end' }, fmt(total)),
    s('text', { x: L, y: H - 8 }, new Date(start).toISOString().slice(11, 19)),
    s('text', { x: W - R, y: H - 8, 'text-anchor': 'end' }, new Date(end).toISOString().slice(11, 19) + ' (now)'),
  );
}

function renderCredits(ledger) {
  const entry = ledger.find((e) => e.email === selected) || ledger[0];
  if (!entry) return;
  $('windows').replaceChildren(windowView('Plan period', entry.period), windowView('Daily (UTC)', entry.daily));
  drawChart(entry);
}

function renderRequests(entries) {
  fill('requests', entries.slice().reverse().map((r) => h('tr', { class: r.status >= 400 ? 'fail' : '', 'data-route': r.route || '' },
    h('td', { title: r.at, text: time(r.at) }),
    h('td', { text: r.method }),
    h('td', { title: r.endpoint || '', text: r.route || '(no route)' }),
    h('td', { class: 'status', text: r.status }),
    h('td', { class: 'code', text: r.error_code || '' }),
    h('td', { class: 'num', text: r.metered ? r.cost : '' }),
    h('td', { class: 'num', text: r.latency_ms }),
    h('td', { text: r.account || '' }),
  )), 8, 'no request yet: call the service and it shows here');
}

function faultDoes(f) {
  const parts = [];
  if (f.status) parts.push(f.status + (f.code ? ' ' + f.code : ''));
  if (f.drop) parts.push('drop ' + f.drop.replace('_', ' '));
  if (f.latency_ms) parts.push('+' + fmt(f.latency_ms) + ' ms');
  if (f.retry_after) parts.push('Retry-After ' + f.retry_after + ' s');
  return parts.join(', ') || 'nothing';
}

function renderFaults(faults) {
  fill('faults', faults.map((f) => h('tr', { 'data-fault': f.id },
    h('td', {}, h('code', { text: f.id })),
    h('td', { title: f.endpoint || '', text: f.route }),
    h('td', { text: faultDoes(f) }),
    h('td', { class: 'num', text: f.remaining }),
    h('td', {}, h('button', { type: 'button', onclick: () => act('Disarmed ' + f.id, () => api('DELETE', '/faults/' + encodeURIComponent(f.id))), text: 'disarm' })),
  )), 5, 'no fault armed');
}

function renderOutbox(messages) {
  fill('outbox', messages.slice().reverse().map((m) => h('tr', {},
    h('td', { title: m.sent_at, text: day(m.sent_at) }),
    h('td', { text: m.to }),
    h('td', { text: m.kind }),
    h('td', {}, /^https?:[/][/]/.test(m.link) ? h('a', { href: m.link, target: '_blank', rel: 'noopener noreferrer', class: 'outbox-link', text: 'open the ' + m.kind + ' page' }) : ''),
  )), 4, 'no mail sent');
}

let started = 0;
let drawn = 0;
/** Reads everything and redraws; a read that finishes after a later one has drawn is dropped. */
async function refresh() {
  const mine = ++started;
  try {
    const [clock, accounts, ledger, requests, outbox, faults] = await Promise.all([
      api('GET', '/clock'), api('GET', '/accounts'), api('GET', '/ledger'), api('GET', '/requests?limit=100'), api('GET', '/outbox'), api('GET', '/faults'),
    ]);
    if (mine < drawn) return;
    drawn = mine;
    clockNow = Date.parse(clock.now);
    $('now').textContent = clock.now;
    $('now').setAttribute('datetime', clock.now);
    renderAccounts(accounts);
    renderCredits(ledger);
    renderRequests(requests);
    renderOutbox(outbox);
    renderFaults(faults);
    document.body.dataset.refreshed = String(Number(document.body.dataset.refreshed || 0) + 1);
  } catch (error) {
    say('Could not read the control plane: ' + error.message, 'error');
  }
}

for (const button of document.querySelectorAll('[data-advance]')) {
  button.addEventListener('click', () => act('Clock advanced', async () => 'Clock now ' + (await api('POST', '/clock', { advance_ms: Number(button.dataset.advance) })).now));
}
$('clock-form').addEventListener('submit', (event) => {
  event.preventDefault();
  act('Setting the clock', async () => 'Clock set to ' + (await api('POST', '/clock', { now: $('clock-input').value.trim() })).now);
});
$('reset-form').addEventListener('submit', (event) => {
  event.preventDefault();
  act('Reset to the seeded state', () => api('POST', '/reset'));
});
$('credit-account').addEventListener('change', (event) => {
  selected = event.target.value;
  refresh();
});
$('account-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const body = { email: $('account-email').value.trim(), plan: $('account-plan').value, recovery_email_verified: $('account-verified').checked };
  act('Creating the account', async () => {
    const created = await api('POST', '/accounts', body);
    return 'Created ' + created.email + ': its key (shown once) is ' + created.api_key;
  });
});
$('fault-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const [kind, value] = $('fault-kind').value.split(':');
  const body = { route: $('fault-route').value, count: Number($('fault-count').value || 1) };
  if (kind === 'status') body.status = Number(value);
  if (kind === 'drop') body.drop = value;
  const latency = Number($('fault-latency').value || 0);
  if (latency > 0 || kind === 'latency') body.latency_ms = latency;
  if ($('fault-retry').value) body.retry_after = Number($('fault-retry').value);
  act('Arming the fault', async () => {
    const { armed } = await api('POST', '/faults', body);
    return 'Armed ' + armed.id + ' on ' + armed.route + ' for ' + armed.remaining + ' request(s)';
  });
});
$('faults-clear').addEventListener('click', () => act('Disarming every fault', async () => 'Disarmed ' + (await api('DELETE', '/faults')).disarmed + ' fault(s)'));

api('GET', '').then((listing) => {
  fill('operations', listing.operations.map((o) => h('tr', {}, h('td', { text: o.method + ' ' + o.path }), h('td', { text: o.summary }))), 2, 'none');
}).catch((error) => say('Could not list the operations: ' + error.message, 'error'));
refresh();
setInterval(refresh, REFRESH_MS);
`;
