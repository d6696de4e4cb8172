import { copyButton } from '../../ui/copy';
import { byId, type Child, h } from './dom';

/** The console's one status line: what the last action came to, with what it shows only once (a new key, a link). */

/** Says how an action went; `extra` follows the text (a key with its copy button). */
export function say(text: string, kind: 'ok' | 'error' | '' = '', ...extra: Child[]): void {
  const el = byId('message', HTMLElement);
  el.className = kind;
  el.replaceChildren(h('span', { text }), ...extra.filter((c): c is Node | string => c instanceof Node || typeof c === 'string'));
}

/** A value shown once (a new key), with its copy button. */
export const secret = (value: string, label = 'Copy'): Child[] => [h('code', { class: 'secret', text: value }), copyButton(value, label)];

/** A link shown once (a checkout or claim link with its token), opened in a new tab, with its copy button. */
export const linkOnce = (href: string, text: string): Child[] => [
  h('a', { href, target: '_blank', rel: 'noopener noreferrer', text }),
  copyButton(href, 'Copy link'),
];
