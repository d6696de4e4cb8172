import { copyButton } from '../../ui/copy';
import { el, linkLine, state } from './view';

/**
 * A key shown once means once: the service replays a claim's answer for 10 minutes (docs/service.md,
 * "Credential delivery"), so the page remembers each shown key's prefix (never the key) for a day in this
 * browser and does not show a replay again; an answer that never reached the page is shown when it comes.
 */

const STORE = 'sports-odds:shown-keys';
const KEPT_MS = 86_400_000;
const KEPT_MAX = 100;

/** The public prefix of a key: what an inventory shows of it. */
const prefixOf = (key: string) => key.slice(0, 'svc_live_'.length + 4);

function shownKeys(): Record<string, number> {
  try {
    const stored = JSON.parse(localStorage.getItem(STORE) ?? '{}') as unknown;
    if (typeof stored !== 'object' || stored === null) return {};
    const now = Date.now();
    return Object.fromEntries(
      Object.entries(stored).filter((e): e is [string, number] => typeof e[1] === 'number' && now - e[1] < KEPT_MS),
    );
  } catch {
    // No storage in this browser (or not for this page): every answer is a first one.
    return {};
  }
}

function remember(key: string): void {
  const kept = Object.entries({ ...shownKeys(), [prefixOf(key)]: Date.now() })
    .sort((a, b) => b[1] - a[1])
    .slice(0, KEPT_MAX);
  try {
    localStorage.setItem(STORE, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Nowhere to remember it: a reload may show it again, as the service replays it.
  }
}

/** Shows a new key once, with what to do with it; an answer replayed for a key this browser already showed is not shown. */
export function showKeyOnce(key: string, note = 'Store this key now: it is shown only once.'): void {
  if (prefixOf(key) in shownKeys()) {
    state(
      el('p', 'This key was already shown on this page, and a key is shown only once. Use it where you stored it.', { id: 'status' }),
      el('p', 'If you did not store it, recover access with your recovery e-mail: the recovery revokes it and gives you a new key.'),
      linkLine('Recover access', { id: 'recover', href: '/recover' }),
    );
    return;
  }
  remember(key);
  const actions = el('p', undefined, { class: 'actions' });
  actions.append(copyButton(key, 'Copy the key', 'copy-key'));
  state(el('p', key, { id: 'api-key', class: 'key' }), el('p', note, { id: 'status' }), actions);
}
