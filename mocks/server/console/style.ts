import { THEME_STYLE } from '../ui/theme';

/** The console's stylesheet: the shared theme, a two-column grid of panels, no external asset. */
export const CONSOLE_STYLE = `${THEME_STYLE}
  header { padding: 1rem 1.5rem .25rem; }
  main { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 1rem; padding: 0 1.5rem 1.5rem; }
  section { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: .9rem 1rem; min-width: 0; }
  section.wide { grid-column: 1 / -1; }
  @media (max-width: 900px) { main { grid-template-columns: minmax(0, 1fr); } }
  .big { font: 600 1.35rem ui-monospace, monospace; margin: .25rem 0 .5rem; }
  .hint { margin: 0 0 .4rem; font-size: .85rem; }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  td code, .key { font: 12px ui-monospace, monospace; }
  tr.fail td { color: var(--bad); }
  tr.empty td { color: var(--muted); font-style: italic; }
  tr.selected td { background: #eef3fd; }
  .scopes { color: var(--muted); }
  .revoked { text-decoration: line-through; color: var(--muted); }
  #requests-section tbody { font-variant-numeric: tabular-nums; }
  #requests td:first-child button { font-variant-numeric: tabular-nums; }
  .scroll { max-height: 22rem; overflow: auto; }
  input.short { width: 6.5rem; }
  #fault-route, #override-route { max-width: 100%; }
  #message { min-height: 1.45em; margin: .35rem 0 0; display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
  #message.error { color: var(--bad); }
  #message.ok { color: var(--good); }
  .detail { margin-top: .75rem; border: 1px solid var(--line); border-radius: .4rem; padding: .6rem .8rem; background: #fbfcfe; }
  .detail dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem .9rem; margin: .25rem 0 .6rem; }
  .detail dt { color: var(--muted); }
  .detail dd { margin: 0; }
  .detail .line { font: 13px ui-monospace, monospace; word-break: break-all; }
  .detail table.headers td { font: 12px ui-monospace, monospace; word-break: break-all; }
  .detail table.headers td:first-child { white-space: nowrap; word-break: normal; }
  .window { margin: .5rem 0; }
  .window progress { width: 100%; height: .9rem; }
  figure { margin: .5rem 0 0; }
  #chart { width: 100%; height: auto; background: #fbfcfe; border: 1px solid var(--line); border-radius: .3rem; }
  #chart .axis { stroke: #b8c0d0; stroke-width: 1; }
  #chart .area { fill: #2456c722; stroke: none; }
  #chart .line { fill: none; stroke: var(--accent); stroke-width: 2; }
  #chart text { font: 11px system-ui, sans-serif; fill: var(--muted); }
  details summary { cursor: pointer; font-weight: 600; }
  #operations td:first-child { font: 12px ui-monospace, monospace; white-space: nowrap; }
  #operations td:last-child { font: 12px ui-monospace, monospace; color: var(--muted); }
`;
