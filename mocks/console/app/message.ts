import { byId, type Child, h } from './dom';

/** The console's one status line: what the last action came to, with what it shows only once (a new key, a link). */

/** Says how an action went; `extra` follows the text (a key with its copy button). */
export function say(text: string, kind: 'ok' | 'error' | '' = '', ...extra: Child[]): void {
  const el = byId('message', HTMLElement);
  el.className = kind;
  el.replaceChildren(h('span', { text }), ...extra.filter((c): c is Node | string => c instanceof Node || typeof c === 'string'));
}

/** Copies text to the clipboard: the Clipboard API where the page may use it, else a selection copied the older way. */
async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, no focus): the older way below.
    }
  }
  const area = h('textarea', { readonly: true, class: 'offscreen' });
  area.value = text;
  document.body.append(area);
  area.select();
  // The only copy there is without the Clipboard API (a page served over plain HTTP to another host).
  const copied = document.execCommand('copy');
  area.remove();
  return copied;
}

/** A button that copies `text` and says so on itself. */
export function copyButton(text: string, label = 'Copy'): HTMLButtonElement {
  const el = h('button', { type: 'button', class: 'copy', text: label });
  el.addEventListener('click', () => {
    void copyText(text).then((copied) => {
      el.textContent = copied ? 'Copied' : 'Copy failed: select it';
    });
  });
  return el;
}

/** A value shown once (a new key), with its copy button. */
export const secret = (value: string, label = 'Copy'): Child[] => [h('code', { class: 'secret', text: value }), copyButton(value, label)];

/** A link shown once (a checkout or claim link with its token), opened in a new tab, with its copy button. */
export const linkOnce = (href: string, text: string): Child[] => [
  h('a', { href, target: '_blank', rel: 'noopener noreferrer', text }),
  copyButton(href, 'Copy link'),
];
