import type { Answer } from './client';
import { byId, h, s } from './dom';
import { day, fmt } from './format';
import { selection } from './selection';

/** The credits panel: an account's two windows, and a chart of the credits charged since its daily window opened. */

type Ledger = Answer<'ledger'>;
type Window = Ledger[number]['daily'];

function windowView(label: string, w: Window): HTMLElement {
  return h(
    'div',
    { class: 'window', 'data-window': label },
    h(
      'div',
      {},
      h('strong', { text: label }),
      ` ${fmt(w.used)} used`,
      w.in_flight ? ` + ${fmt(w.in_flight)} in flight` : '',
      ` of ${fmt(w.limit)} · `,
      h('span', { class: 'remaining', text: fmt(w.remaining) }),
      ` left · resets ${day(w.resets_at)}`,
    ),
    h('progress', { max: w.limit, value: w.used + w.in_flight }),
  );
}

/** Credits charged in the current daily window, cumulated over time, as an SVG step line. */
function drawChart(entry: Ledger[number], clockNow: number): void {
  const chart = byId('chart', SVGSVGElement);
  chart.replaceChildren();
  const [W, H, L, R, T, B] = [640, 180, 52, 14, 14, 26];
  const from = Date.parse(entry.daily.starts_at);
  const charges = entry.charges.filter((c) => Date.parse(c.at) >= from);
  const total = charges.reduce((sum, c) => sum + c.cost, 0);
  byId('chart-caption', HTMLElement).textContent =
    `Credits charged to ${entry.email} since the daily window opened (${day(entry.daily.starts_at)}): ${fmt(total)} in ${fmt(charges.length)} charges; ` +
    `${fmt(entry.charged)} since the account was created.`;
  chart.append(
    s('line', { class: 'axis', x1: L, y1: H - B, x2: W - R, y2: H - B }),
    s('line', { class: 'axis', x1: L, y1: T, x2: L, y2: H - B }),
  );
  const first = charges[0];
  if (!first) {
    chart.append(s('text', { x: W / 2, y: H / 2, 'text-anchor': 'middle' }, 'no credits charged in this window yet'));
    return;
  }
  const start = Math.min(Date.parse(first.at), clockNow - 60_000);
  const end = Math.max(clockNow, start + 60_000);
  const top = Math.max(total, 1) * 1.1;
  const x = (t: number) => L + ((t - start) / (end - start)) * (W - L - R);
  const y = (v: number) => H - B - (v / top) * (H - T - B);
  let sum = 0;
  const points: [number, number][] = [[x(start), y(0)]];
  for (const c of charges) {
    const at = x(Date.parse(c.at));
    points.push([at, y(sum)]);
    sum += c.cost;
    points.push([at, y(sum)]);
  }
  points.push([x(end), y(sum)]);
  const line = points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ');
  chart.append(
    s('polygon', { class: 'area', points: `${line} ${x(end).toFixed(1)},${y(0)} ${x(start).toFixed(1)},${y(0)}` }),
    s('polyline', { class: 'line', points: line }),
    s('text', { x: L - 6, y: y(0) + 4, 'text-anchor': 'end' }, '0'),
    s('text', { x: L - 6, y: y(total) + 4, 'text-anchor': 'end' }, fmt(total)),
    s('text', { x: L, y: H - 8 }, new Date(start).toISOString().slice(11, 19)),
    s('text', { x: W - R, y: H - 8, 'text-anchor': 'end' }, `${new Date(end).toISOString().slice(11, 19)} (now)`),
  );
}

export function renderCredits(ledger: Ledger, clockNow: number): void {
  const entry = ledger.find((e) => e.email === selection.account) ?? ledger[0];
  if (!entry) return;
  byId('windows', HTMLElement).replaceChildren(windowView('Plan period', entry.period), windowView('Daily (UTC)', entry.daily));
  drawChart(entry, clockNow);
}
