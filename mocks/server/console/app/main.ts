import { renderAccounts, wireAccounts } from './accounts';
import { onRedraw } from './actions';
import { renderCheckouts, wireCheckouts } from './checkouts';
import { call, loadIndex } from './client';
import { renderClock, wireClock } from './clock';
import { renderCredits } from './credits';
import { renderEvents, wireEvents } from './events';
import { renderFaults, wireFaults } from './faults';
import { say } from './message';
import { renderOperations } from './operations';
import { renderOutbox } from './outbox';
import { renderOverrides, wireOverrides } from './overrides';
import { renderRequests, requestFilters, shownRequest, wireRequests } from './requests';

/**
 * The console's program (`GET /__admin/` in a browser): reads the JSON index, then the whole state of
 * the mock every 2 seconds and after every action, and draws each panel from it.
 */

const REFRESH_MS = 2_000;

let started = 0;
let drawn = 0;

/** Reads everything and redraws; a read that finishes after a later one has drawn is dropped. */
async function refresh(): Promise<void> {
  const mine = ++started;
  try {
    const [clock, accounts, ledger, requests, summary, outbox, faults, overrides, events, checkouts] = await Promise.all([
      call('clock.get'),
      call('accounts.list'),
      call('ledger'),
      call('requests.list', { query: { limit: '100', ...requestFilters() } }),
      call('requests.summary'),
      call('outbox'),
      call('faults.list'),
      call('overrides.list'),
      call('events.list'),
      call('checkouts.list'),
    ]);
    if (mine < drawn) return;
    drawn = mine;
    renderClock(clock);
    renderAccounts(accounts);
    renderCredits(ledger, Date.parse(clock.now));
    renderRequests(requests, summary, shownRequest());
    renderOutbox(outbox);
    renderFaults(faults);
    renderOverrides(overrides);
    renderEvents(events);
    renderCheckouts(checkouts);
    document.body.dataset['refreshed'] = String(Number(document.body.dataset['refreshed'] ?? 0) + 1);
  } catch (error) {
    say(`Could not read the control plane: ${error instanceof Error ? error.message : String(error)}`, 'error');
  }
}

const redraw = () => void refresh();
onRedraw(refresh);
wireClock();
wireAccounts(redraw);
wireRequests(redraw);
wireFaults();
wireOverrides();
wireEvents();
wireCheckouts();

try {
  renderOperations(await loadIndex());
  await refresh();
  setInterval(redraw, REFRESH_MS);
} catch (error) {
  say(`Could not list the operations: ${error instanceof Error ? error.message : String(error)}`, 'error');
}
