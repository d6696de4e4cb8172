/**
 * The pages' frame: one state at a time in `#view`, replaced whole; a refusal is told in words a customer
 * can act on (`explain`) with the request id, never the service's developer-facing message.
 */

const view = (() => {
  const el = document.getElementById('view');
  if (!el) throw new Error('the page has no #view');
  return el;
})();

/** An element with text and attributes, the text set as text. */
export function el(tag: string, text?: string, attrs: Readonly<Record<string, string>> = {}): HTMLElement {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

/** A paragraph holding one link. */
export function linkLine(text: string, attrs: Readonly<Record<string, string>>): HTMLElement {
  const line = el('p');
  line.append(el('a', text, attrs));
  return line;
}

/** Replaces whatever the page showed with these nodes: one state at a time. */
export function state(...nodes: Node[]): void {
  view.removeAttribute('aria-busy');
  view.replaceChildren(...nodes);
}

/** Shows one sentence as the page's state: a settled state, the answer to what the page asked (`#status`). */
export const show = (text: string, isError = false): void => state(el('p', text, { id: 'status', class: isError ? 'error' : '' }));

/**
 * Shows that the page is waiting for the service (`#progress`, the view marked `aria-busy`): never `#status`, so a
 * reader (or a test) waiting for the page's answer does not take the wait for it.
 */
export function working(text: string): void {
  state(el('p', text, { id: 'progress', class: 'muted' }));
  view.setAttribute('aria-busy', 'true');
}

/** The service's answer to a page: its status, and its JSON (an error envelope on a refusal); status 0 when unreachable. */
export interface Reply<T> {
  status: number;
  json: Partial<T> & { error?: { code?: string; request_id?: string } };
}

/** Posts JSON to the service on this page's own origin, with the page's cookies. */
export async function post<T>(path: string, body: unknown): Promise<Reply<T>> {
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as Reply<T>['json'];
    return { status: res.status, json };
  } catch {
    return { status: 0, json: {} };
  }
}

/** What a customer can do about each refusal; a page passes its own words for the codes it knows better. */
const MESSAGES: Readonly<Record<string, string>> = {
  invalid_token: 'This link is not valid. Open the latest link you received, exactly as it was sent.',
  token_used: 'This link was already used: each link works once. Request a new one if you still need it.',
  token_expired: 'This link has expired. Request a new one.',
  origin_rejected: 'This step only works on the service’s own page. Open the link from your e-mail or checkout again, in this browser.',
  challenge_failed: 'The security check did not pass. Reload the page and try again.',
  recovery_unavailable:
    'This account cannot be recovered with a link. If you still have a key that can manage the account, use it; otherwise contact support.',
  rate_limited: 'Too many attempts in a short time. Wait a few seconds and try again.',
  invalid_parameters: 'The service could not accept this request. Check what you entered and try again.',
  unsupported_media_type: 'The service could not accept this request. Reload the page and try again.',
  payload_too_large: 'What you entered is too long.',
  not_found: 'There is nothing at this address any more. Open the link you received again.',
};

/** Words for a refusal, by code. */
export type OwnWords = Readonly<Record<string, string>>;

function explain(r: Reply<unknown>, own: OwnWords): string {
  const code = r.json.error?.code;
  if (r.status === 0) return 'Could not reach the service. Check your connection, then reload this page.';
  if (code && own[code]) return own[code];
  if (code && MESSAGES[code]) return MESSAGES[code];
  if (r.status >= 500 || r.status === 429) return 'The service is busy or unavailable right now. Try again in a minute.';
  return `Something went wrong (status ${r.status}). Reload the page to try again.`;
}

/** Shows the human message of a refusal, with the request id to quote to support. */
export function failure(r: Reply<unknown>, own: OwnWords = {}): void {
  const id = r.json.error?.request_id;
  state(
    el('p', explain(r, own), { id: 'status', class: 'error' }),
    ...(id ? [el('p', `Reference for support: ${id}`, { class: 'ref' })] : []),
  );
}
