import { act } from './actions';
import { type Answer, call } from './client';
import { button, byId, fill, h, onSubmit } from './dom';

/** The overrides panel (`mock.use` from the console): the armed ones, the one that answers first first; add a static answer or error. */

type Override = Answer<'overrides.list'>[number];

function answers(o: Override): string {
  if (o.error) return `error ${o.error.code}${o.error.retry_after ? `, Retry-After ${o.error.retry_after} s` : ''}`;
  if (o.kind === 'answer') return Array.isArray(o.answer) ? `${o.answer.length} row(s)` : 'a body';
  return 'a resolver (in process)';
}

export function renderOverrides(overrides: readonly Override[]): void {
  const rows = overrides.map((o) =>
    h(
      'tr',
      { 'data-override': o.id },
      h('td', {}, h('code', { text: o.id })),
      h('td', {}, o.route, o.params ? h('div', { class: 'muted', text: JSON.stringify(o.params) }) : ''),
      h('td', { text: answers(o) }),
      h('td', { class: 'num', text: o.remaining ?? 'all' }),
      h(
        'td',
        {},
        button('remove', () => {
          void act(`Removed ${o.id}`, async () => {
            await call('overrides.remove', { params: { id: o.id } });
            return undefined;
          });
        }),
      ),
    ),
  );
  fill(byId('overrides', HTMLTableElement), rows, 5, 'no override: every route answers itself');
}

/** A JSON field of the form, or the reason it is not JSON. */
function json(text: string, label: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${label} is not valid JSON`);
  }
}

/** Shows the fields of the chosen kind of answer. */
function showKind(): void {
  const kind = byId('override-kind', HTMLSelectElement).value;
  for (const el of byId('override-form', HTMLFormElement).querySelectorAll<HTMLElement>('[data-kind]'))
    el.hidden = el.dataset['kind'] !== kind;
}

function overrideBody() {
  const value = (id: string) => byId(id, HTMLInputElement).value.trim();
  const times = value('override-times');
  const params = value('override-params');
  const common = {
    route: byId('override-route', HTMLSelectElement).value,
    ...(times ? { times: Number(times) } : {}),
    ...(params ? { params: json(params, 'Path parameters') as Record<string, string | number> } : {}),
  };
  if (byId('override-kind', HTMLSelectElement).value === 'answer')
    return { ...common, answer: json(byId('override-answer', HTMLTextAreaElement).value, 'The body') as unknown };
  const message = value('override-message');
  const retry = value('override-retry');
  return {
    ...common,
    error: {
      code: byId('override-code', HTMLSelectElement).value,
      ...(message ? { message } : {}),
      ...(retry ? { retry_after: Number(retry) } : {}),
    },
  };
}

export function wireOverrides(): void {
  byId('override-kind', HTMLSelectElement).addEventListener('change', showKind);
  onSubmit(byId('override-form', HTMLFormElement), () => {
    void act('Adding the override', async () => {
      const added = await call('overrides.add', { body: overrideBody() });
      return `Added ${added.id}: ${added.route} answers ${answers(added)} for ${added.remaining ?? 'every'} request(s)`;
    });
  });
  byId('overrides-clear', HTMLButtonElement).addEventListener('click', () => {
    void act('Removing every override', async () => `Removed ${(await call('overrides.clear')).removed} override(s)`);
  });
}
