import { routeList } from '../../src/schemas';
import { CONSOLE_SCRIPT } from './script';
import { CONSOLE_STYLE } from './style';

/**
 * The web console of the standalone server (`GET /__admin/` from a browser): plain HTML, one inline
 * style and one inline script, both carrying the answer's CSP nonce, no external asset. The script
 * reads and drives the JSON control plane on the same origin; every value it shows is set as text.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The routes a fault can be armed for, by route id. */
const ROUTE_OPTIONS = routeList
  .map((r) => `<option value="${escapeHtml(r.id)}">${escapeHtml(r.id)} · ${escapeHtml(r.method)} ${escapeHtml(r.path)}</option>`)
  .join('');

const BODY = `
<header>
  <h1>Sports Odds Data mock <span class="muted">console</span></h1>
  <p class="muted">The control plane of this server, <code>/__admin</code>: loopback only, refreshed every 2 seconds.</p>
  <p id="message" role="status"></p>
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
      <label>Set to <input id="clock-input" name="now" placeholder="2026-11-22T00:00:00Z" required pattern="\\d{4}-\\d{2}-\\d{2}T.+"></label>
      <button>Set</button>
    </form>
    <form id="reset-form" class="row"><button class="danger">Reset to the seeded state</button> <span class="muted">accounts, keys, meters, caches, faults (the clock is kept)</span></form>
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
    <table id="accounts"><thead><tr><th>account</th><th>plan</th><th>status</th><th>recovery mailbox</th><th>keys</th></tr></thead><tbody></tbody></table>
    <form id="account-form" class="row">
      <label>New account <input id="account-email" type="email" placeholder="someone@example.com" required></label>
      <select id="account-plan"><option>trial</option><option>starter</option><option selected>pro</option></select>
      <label><input id="account-verified" type="checkbox" checked> verified recovery mailbox</label>
      <button>Create</button>
    </form>
  </section>

  <section id="requests-section" aria-labelledby="requests-title" class="wide">
    <h2 id="requests-title">Latest requests</h2>
    <div class="scroll"><table id="requests"><thead><tr><th>at</th><th>method</th><th>route</th><th>status</th><th>code</th><th class="num">cost</th><th class="num">latency ms</th><th>account</th></tr></thead><tbody></tbody></table></div>
  </section>

  <section id="faults-section" aria-labelledby="faults-title">
    <h2 id="faults-title">Faults</h2>
    <table id="faults"><thead><tr><th>id</th><th>route</th><th>does</th><th class="num">left</th><th></th></tr></thead><tbody></tbody></table>
    <form id="fault-form">
      <label>Route <select id="fault-route">${ROUTE_OPTIONS}</select></label>
      <div class="row">
        <label>Fault <select id="fault-kind">
          <option value="status:503">503 temporarily_unavailable (after work, 1 credit)</option>
          <option value="status:502">502 service_error (after work, 1 credit)</option>
          <option value="status:500">500 internal_error (before work, free)</option>
          <option value="status:429">429 rate_limited (before work, free)</option>
          <option value="drop:connection">drop the connection before any work</option>
          <option value="drop:after_commit">drop the connection after the commit</option>
          <option value="latency">latency only</option>
        </select></label>
        <label>Requests <input id="fault-count" type="number" min="1" value="1" class="short"></label>
        <label>Latency ms <input id="fault-latency" type="number" min="0" max="60000" value="0" class="short"></label>
        <label>Retry-After s <input id="fault-retry" type="number" min="1" class="short"></label>
      </div>
      <div class="row"><button>Arm</button> <button type="button" id="faults-clear">Disarm all</button></div>
    </form>
  </section>

  <section id="outbox-section" aria-labelledby="outbox-title">
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

/** The console's HTML, its inline style and script marked with `nonce`. */
export const consolePage = (nonce: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Console · Sports Odds Data mock</title>
<style nonce="${nonce}">${CONSOLE_STYLE}</style>
</head>
<body>
${BODY}
<script type="module" nonce="${nonce}">${CONSOLE_SCRIPT}</script>
</body>
</html>`;
