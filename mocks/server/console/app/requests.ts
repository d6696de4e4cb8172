import { act } from './actions';
import { type Answer, call } from './client';
import { button, byId, type Child, fill, h } from './dom';
import { faultDoes } from './fault-choices';
import { fmt, time } from './format';

/** The requests panel: the latest answers, filtered by route, status and account, and one answer in detail. */

type Entry = Answer<'requests.list'>[number];
type Detail = Answer<'requests.get'>;

/** The filters as the list operation takes them (an empty select is no filter). */
export function requestFilters(): { route?: string; status?: string; account?: string } {
  const chosen = Object.entries({ route: 'request-route', status: 'request-status', account: 'request-account' })
    .map(([name, id]) => [name, byId(id, HTMLSelectElement).value] as const)
    .filter(([, value]) => value !== '');
  return Object.fromEntries(chosen);
}

/** Why the list is empty, truthfully: nothing yet, nothing matching, or everything aged out of the log as the clock moved. */
function emptyReason(summary: Answer<'requests.summary'>, filtered: boolean): string {
  if (summary.recorded === 0) return 'no request yet: call the service and it shows here';
  if (summary.kept > 0 && filtered) return `no request matches these filters (${fmt(summary.kept)} in the log)`;
  const hours = summary.max_age_ms / 3_600_000;
  return (
    `no request in the last ${hours === 1 ? 'hour' : `${fmt(hours)} hours`} of mock time: the ${fmt(summary.recorded)} recorded since the start ` +
    `(or the last reset) are older, as the clock moved on (the log keeps ${hours === 1 ? 'an hour' : `${fmt(hours)} hours`} of mock time, ${fmt(summary.max_count)} answers at most)`
  );
}

export function renderRequests(entries: readonly Entry[], summary: Answer<'requests.summary'>, selected: string): void {
  const filters = requestFilters();
  const filtered = Object.keys(filters).length > 0;
  const rows = entries
    .slice()
    .reverse()
    .map((r) =>
      h(
        'tr',
        {
          class: [r.status >= 400 ? 'fail' : '', r.request_id === selected ? 'selected' : ''].join(' ').trim(),
          'data-route': r.route ?? '',
          'data-request': r.request_id,
        },
        h(
          'td',
          { title: r.at },
          button(time(r.at), () => void showDetail(r.request_id), { class: 'link', title: 'show this answer in detail' }),
        ),
        h('td', { text: r.method }),
        h('td', { title: r.endpoint ?? '', text: r.route ?? '(no route)' }),
        h('td', { class: 'status', text: r.status }),
        h('td', { class: 'code', text: r.error_code ?? '' }),
        h('td', { class: 'num', text: r.metered ? r.cost : '' }),
        h('td', { class: 'num', text: r.latency_ms }),
        h('td', { text: r.account ?? '' }),
      ),
    );
  fill(byId('requests', HTMLTableElement), rows, 8, emptyReason(summary, filtered));
}

const header = (detail: Detail, name: string) => detail.answer_headers.find((x) => x.name.toLowerCase() === name.toLowerCase())?.value;

function charge(detail: Detail): string {
  if (!detail.metered) return 'not metered: no credits charged, no credit headers';
  const left = [
    ['plan period', header(detail, 'X-Credits-Period-Remaining')],
    ['daily', header(detail, 'X-Credits-Daily-Remaining')],
  ]
    .filter(([, v]) => v !== undefined)
    .map(([w, v]) => `${fmt(Number(v))} left in the ${w} window`);
  return [`${fmt(detail.cost)} credit${detail.cost === 1 ? '' : 's'}`, ...left].join(' · ');
}

function applied(detail: Detail): Child {
  const parts: Child[] = [];
  if (detail.fault)
    parts.push(h('div', { class: 'applied-fault' }, 'fault ', h('code', { text: detail.fault.id }), `: ${faultDoes(detail.fault)}`));
  if (detail.override)
    parts.push(h('div', { class: 'applied-override' }, 'override ', h('code', { text: detail.override.id }), ` (${detail.override.kind})`));
  return parts.length > 0 ? parts : 'none: the route answered itself';
}

/** Shows one answer in detail, read from the control plane when asked. */
async function showDetail(requestId: string): Promise<void> {
  const pane = byId('request-detail', HTMLElement);
  let detail: Detail;
  try {
    detail = await call('requests.get', { params: { id: requestId } });
  } catch (error) {
    await act('Reading the request', () => Promise.reject(error));
    return;
  }
  pane.dataset['request'] = requestId;
  for (const row of byId('requests', HTMLTableElement).querySelectorAll('tr[data-request]'))
    row.classList.toggle('selected', row.getAttribute('data-request') === requestId);
  const outcome = `${detail.status}${detail.error_code ? ` ${detail.error_code}` : ''}${detail.dropped ? ' (the connection was then dropped)' : ''}`;
  const dl = h(
    'dl',
    {},
    h('dt', { text: 'request' }),
    h('dd', { class: 'line', text: `${detail.method} ${detail.target}` }),
    h('dt', { text: 'answer' }),
    h('dd', { class: 'outcome', text: `${outcome} · ${detail.at} · ${fmt(detail.latency_ms)} ms` }),
    h('dt', { text: 'caller' }),
    h('dd', {
      text: detail.account ? `${detail.account}${detail.key ? ` · key ${detail.key.prefix}… (${detail.key.name})` : ''}` : 'no key',
    }),
    h('dt', { text: 'charge' }),
    h('dd', { class: 'charge', text: charge(detail) }),
    h('dt', { text: 'applied' }),
    h('dd', { class: 'applied' }, applied(detail)),
  );
  const headers = h(
    'table',
    { class: 'headers' },
    h(
      'tbody',
      {},
      detail.answer_headers.map((x) => h('tr', {}, h('td', { text: x.name }), h('td', { text: x.value }))),
    ),
  );
  pane.replaceChildren(
    h(
      'h3',
      {},
      'Request ',
      h('code', { text: detail.request_id }),
      ' ',
      button('close', () => closeDetail()),
    ),
    dl,
    h('h3', { text: detail.dropped ? 'No answer: the connection was dropped' : 'Answer headers' }),
    detail.dropped ? '' : headers,
  );
  pane.hidden = false;
}

function closeDetail(): void {
  const pane = byId('request-detail', HTMLElement);
  pane.hidden = true;
  delete pane.dataset['request'];
  for (const row of byId('requests', HTMLTableElement).querySelectorAll('tr.selected')) row.classList.remove('selected');
}

/** The request the detail shows, if any. */
export const shownRequest = (): string => byId('request-detail', HTMLElement).dataset['request'] ?? '';

export function wireRequests(redraw: () => void): void {
  for (const id of ['request-route', 'request-status', 'request-account']) byId(id, HTMLSelectElement).addEventListener('change', redraw);
}
