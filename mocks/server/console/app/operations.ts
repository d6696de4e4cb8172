import type { Answer } from './client';
import { byId, fill, h } from './dom';

/** The list of the control plane's operations, as its JSON index gives them. */
export function renderOperations(index: Answer<'index'>): void {
  const rows = index.operations.map((o) =>
    h(
      'tr',
      { 'data-operation': o.id },
      h('td', { text: `${o.method} ${o.path}` }),
      h('td', { text: o.summary }),
      h('td', { text: o.handles.join(', ') }),
    ),
  );
  fill(byId('operations', HTMLTableElement), rows, 3, 'none');
}
