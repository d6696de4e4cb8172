import { ACCOUNT_STATUSES, ERROR_CODES, type RouteDef } from '../../../src/schemas';
import { inlineScript } from '../ui/inline-script';
import { FAULT_CHOICES, KIND_HEADINGS } from './app/fault-choices';
import { CONSOLE_SCRIPT } from './script';
import { CONSOLE_STYLE } from './style';

/**
 * The web console (`GET /__admin/` in a browser): plain HTML, one inline style and script under the CSP
 * nonce, no external asset; the script (`mocks/server/console/app/`) drives the JSON control plane, every
 * value set as text; the forms' choice lists are written in by the server.
 */

/** What the forms of the console choose from, as this mock has it. */
export interface ConsoleVocabulary {
  /** Every route of the table, and which of them this mock registers. */
  routes: readonly RouteDef[];
  registered: ReadonlySet<string>;
  /** Plan slugs and names of the mock's catalog. */
  plans: readonly { slug: string; name: string }[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const option = (value: string, label = value, selected = false) =>
  `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;

/** The fault form's choices, grouped by the kind each arms. */
const faultChoices = () =>
  Object.entries(KIND_HEADINGS)
    .map(([kind, heading]) => {
      const choices = Object.entries(FAULT_CHOICES).filter(([, choice]) => choice.kind === kind);
      return `<optgroup label="${escapeHtml(heading)}">${choices.map(([value, choice]) => option(value, choice.label)).join('')}</optgroup>`;
    })
    .join('');

const routeOptions = (routes: readonly RouteDef[]) => routes.map((r) => option(r.id, `${r.id} · ${r.method} ${r.path}`)).join('');

function body(v: ConsoleVocabulary): string {
  const plans = v.plans.map((p) => option(p.slug, p.slug, p.slug === 'pro')).join('');
  const registered = v.routes.filter((r) => v.registered.has(r.id));
  const statuses = ACCOUNT_STATUSES.map((s) => option(s)).join('');
  const codes = Object.entries(ERROR_CODES)
    .map(([code, status]) => option(code, `${status} ${code}`, code === 'temporarily_unavailable'))
    .join('');
  return `
<header>
  <h1>Sports Odds Data mock <span class="muted">console</span></h1>
  <p class="muted">The control plane of this server, <code>/__admin</code>: loopback only, refreshed every 2 seconds.</p>
  <div id="message" role="status" aria-live="polite"></div>
</header>
<main>
  <section id="clock-section" aria-labelledby="clock-title">
    <h2 id="clock-title">Clock</h2>
    <p class="big"><time id="now">…</time></p>
    <div class="row">
      <button type="button" data-advance="60000">+1 min</button>
      <button type="button" data-advance="300000">+5 min</button>
      <button type="button" data-advance="3600000">+1 hour</button>
      <button type="button" data-advance="86400000">+1 day</button>
    </div>
    <form id="clock-form" class="row">
      <label>Set to <input id="clock-input" name="now" placeholder="2026-11-22T00:00:00Z" required pattern="\\d{4}-\\d{2}-\\d{2}T.+"
        title="An RFC 3339 date-time with its offset, such as 2026-11-22T00:00:00Z"></label>
      <button>Set</button>
    </form>
    <p class="muted hint">RFC 3339 with an offset: <code id="clock-example">2026-11-22T00:00:00Z</code> or <code id="clock-example-offset">2026-11-22T01:00:00+01:00</code>; forward only.</p>
    <div class="row"><button type="button" id="clock-freeze">Freeze</button> <span class="muted" id="clock-frozen">running</span></div>
    <form id="reset-form" class="row"><button class="danger">Reset to the seeded state</button> <span class="muted">accounts, keys, meters, caches, faults, added events, overrides (the clock is kept)</span></form>
    <div class="row">
      <a id="state-download" href="/__admin/state" download="mock-state.json">Download the state</a>
      <label>Upload a state <input id="state-upload" type="file" accept="application/json,.json"></label>
      <span class="muted">one JSON document: keys as hashes, never a plaintext key</span>
    </div>
  </section>

  <section id="credits-section" aria-labelledby="credits-title">
    <h2 id="credits-title">Credits</h2>
    <label>Account <select id="credit-account"></select></label>
    <div id="windows"></div>
    <figure>
      <svg id="chart" viewBox="0 0 640 180" role="img" aria-labelledby="chart-caption"></svg>
      <figcaption id="chart-caption" class="muted"></figcaption>
    </figure>
  </section>

  <section id="accounts-section" aria-labelledby="accounts-title" class="wide">
    <h2 id="accounts-title">Accounts and keys</h2>
    <table id="accounts"><thead><tr><th>account</th><th>plan</th><th>status</th><th>recovery mailbox</th><th>keys</th><th></th></tr></thead><tbody></tbody></table>
    <form id="account-form" class="row">
      <label>New account <input id="account-email" type="email" placeholder="someone@example.com" required></label>
      <select id="account-plan" aria-label="plan">${plans}</select>
      <label><input id="account-verified" type="checkbox" checked> verified recovery mailbox</label>
      <button>Create</button>
    </form>
    <div id="account-detail" class="detail" hidden>
      <h3>Account <span id="account-detail-email"></span></h3>
      <form id="account-edit-form" class="row">
        <label>Status <select id="account-status">${statuses}</select></label>
        <label>Plan <select id="account-plan-edit">${plans}</select></label>
        <label>Mailbox <input id="account-mailbox" type="email" required></label>
        <button>Save</button>
        <span class="muted">a new mailbox resets the account's recovery authority</span>
      </form>
      <table id="account-keys"><thead><tr><th>key</th><th>name</th><th>scopes</th><th>status</th><th>created</th><th>last used</th><th></th></tr></thead><tbody></tbody></table>
      <form id="key-form" class="row">
        <label>New key <input id="key-name" placeholder="name" maxlength="100" value="Key"></label>
        <label><input id="key-scope-read" type="checkbox" checked> data:read</label>
        <label><input id="key-scope-manage" type="checkbox"> account:manage</label>
        <button>Add key</button>
      </form>
    </div>
  </section>

  <section id="requests-section" aria-labelledby="requests-title" class="wide">
    <h2 id="requests-title">Latest requests</h2>
    <form id="request-filters" class="row">
      <label>Route <select id="request-route"><option value="">any</option>${routeOptions(v.routes)}</select></label>
      <label>Status <select id="request-status">
        <option value="">any</option><option value="2xx">2xx</option><option value="4xx">4xx</option><option value="5xx">5xx</option>
        <option value="400">400</option><option value="401">401</option><option value="403">403</option><option value="404">404</option>
        <option value="429">429</option><option value="500">500</option><option value="502">502</option><option value="503">503</option>
      </select></label>
      <label>Account <select id="request-account"><option value="">any</option></select></label>
    </form>
    <div class="scroll"><table id="requests"><thead><tr><th>at</th><th>method</th><th>route</th><th>status</th><th>code</th><th class="num">cost</th><th class="num">latency ms</th><th>account</th></tr></thead><tbody></tbody></table></div>
    <div id="request-detail" class="detail" hidden></div>
  </section>

  <section id="faults-section" aria-labelledby="faults-title">
    <h2 id="faults-title">Faults</h2>
    <table id="faults"><thead><tr><th>id</th><th>route</th><th>does</th><th class="num">left</th><th></th></tr></thead><tbody></tbody></table>
    <form id="fault-form">
      <label>Route <select id="fault-route">${routeOptions(v.routes)}</select></label>
      <div class="row">
        <label>Fault <select id="fault-kind">${faultChoices()}</select></label>
        <label>Requests <input id="fault-count" type="number" min="1" value="1" class="short"></label>
        <label>Latency ms <input id="fault-latency" type="number" min="0" max="60000" value="0" class="short"></label>
        <label>Retry-After s <input id="fault-retry" type="number" min="1" class="short"></label>
      </div>
      <div class="row"><button>Arm</button> <button type="button" id="faults-clear">Disarm all</button></div>
    </form>
  </section>

  <section id="overrides-section" aria-labelledby="overrides-title">
    <h2 id="overrides-title">Overrides</h2>
    <table id="overrides"><thead><tr><th>id</th><th>route</th><th>answers</th><th class="num">left</th><th></th></tr></thead><tbody></tbody></table>
    <form id="override-form">
      <label>Route <select id="override-route">${routeOptions(registered)}</select></label>
      <div class="row">
        <label>Answer with <select id="override-kind"><option value="error">an error</option><option value="answer">a JSON body</option></select></label>
        <label>Requests <input id="override-times" type="number" min="1" class="short" placeholder="all"></label>
        <label>Path parameters <input id="override-params" placeholder='{"event_id": 42}' class="mono"></label>
      </div>
      <div class="row" data-kind="error">
        <label>Code <select id="override-code">${codes}</select></label>
        <label>Message <input id="override-message" maxlength="500" placeholder="(the code's own)"></label>
        <label>Retry-After s <input id="override-retry" type="number" min="1" class="short"></label>
      </div>
      <div data-kind="answer" hidden>
        <label>Body (a success body of the route) <textarea id="override-answer" rows="5" class="mono" spellcheck="false">[]</textarea></label>
      </div>
      <div class="row"><button>Add override</button> <button type="button" id="overrides-clear">Remove all</button></div>
    </form>
  </section>

  <section id="events-section" aria-labelledby="events-title">
    <h2 id="events-title">Added events</h2>
    <table id="events"><thead><tr><th>event</th><th>sport</th><th>teams</th><th>kickoff</th><th></th></tr></thead><tbody></tbody></table>
    <form id="event-form">
      <label>Event spec, as <code>mock.data.addEvent()</code> takes it (docs/testing.md) <textarea id="event-spec" rows="9" class="mono" spellcheck="false">${escapeHtml(EXAMPLE_EVENT)}</textarea></label>
      <div class="row"><button>Add event</button></div>
    </form>
  </section>

  <section id="checkouts-section" aria-labelledby="checkouts-title">
    <h2 id="checkouts-title">Checkouts</h2>
    <table id="checkouts"><thead><tr><th>session</th><th>customer</th><th>plan</th><th>state</th><th>started</th><th></th></tr></thead><tbody></tbody></table>
    <form id="checkout-form" class="row">
      <label>Customer <input id="checkout-email" type="email" placeholder="new@example.com" required></label>
      <select id="checkout-plan" aria-label="plan">${plans}</select>
      <button>Start checkout</button>
    </form>
  </section>

  <section id="outbox-section" aria-labelledby="outbox-title" class="wide">
    <h2 id="outbox-title">Outbox</h2>
    <table id="outbox"><thead><tr><th>sent</th><th>to</th><th>kind</th><th>link</th></tr></thead><tbody></tbody></table>
  </section>

  <section id="operations-section" aria-labelledby="operations-title" class="wide">
    <details>
      <summary id="operations-title">Operations of the control plane (<code>GET /__admin</code> with <code>Accept: application/json</code>)</summary>
      <table id="operations"><tbody></tbody></table>
    </details>
  </section>
</main>`;
}

/** The example spec the added-event form starts with (docs/testing.md): kickoff in two hours, two price moves. */
const EXAMPLE_EVENT = JSON.stringify(
  {
    sport_id: 29,
    runner_home: 'Harbor City',
    runner_away: 'Northfield',
    minute: -120,
    markets: [
      {
        market: 'moneyline',
        prices: [
          { at: -1440, odds: [2.1, 3.4, 3.6] },
          { at: -30, odds: [1.9, 3.5, 4.2] },
        ],
      },
    ],
  },
  null,
  2,
);

/** Where the console's program would run, when the build that runs this server did not bundle it. */
const NOT_BUILT =
  '<p class="error">This build of the mock did not bundle the console\'s program: start the server with <code>npm run mock</code> or the published <code>sports-odds-mock</code>.</p>';

/** The console's HTML, its inline style and script marked with `nonce`. */
export const consolePage = (nonce: string, vocabulary: ConsoleVocabulary): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Console · Sports Odds Data mock</title>
<style nonce="${nonce}">${CONSOLE_STYLE}</style>
</head>
<body>
${body(vocabulary)}
${CONSOLE_SCRIPT === undefined ? NOT_BUILT : `<script type="module" nonce="${nonce}">${inlineScript(CONSOLE_SCRIPT)}</script>`}
</body>
</html>`;
