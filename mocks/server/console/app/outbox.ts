import type { Answer } from './client';
import { byId, fill, h } from './dom';
import { day } from './format';
import { copyButton } from '../../ui/copy';

/** The outbox panel: the recovery and verification mail, each link opening its first-party page in a new tab. */

export function renderOutbox(messages: Answer<'outbox'>): void {
  const rows = messages
    .slice()
    .reverse()
    .map((m) =>
      h(
        'tr',
        {},
        h('td', { title: m.sent_at, text: day(m.sent_at) }),
        h('td', { text: m.to }),
        h('td', { text: m.kind }),
        h(
          'td',
          {},
          /^https?:\/\//.test(m.link)
            ? [
                h('a', {
                  href: m.link,
                  target: '_blank',
                  rel: 'noopener noreferrer',
                  class: 'outbox-link',
                  text: `open the ${m.kind} page`,
                }),
                ' ',
                copyButton(m.link, 'Copy link'),
              ]
            : '',
        ),
      ),
    );
  fill(byId('outbox', HTMLTableElement), rows, 4, 'no mail sent');
}
