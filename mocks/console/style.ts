/** The console's stylesheet: system fonts, a two-column grid, no external asset. */
export const CONSOLE_STYLE = `
  :root { color-scheme: light; --ink: #1d2433; --muted: #5b6478; --line: #dde2ec; --bg: #f6f8fb; --accent: #2456c7; --bad: #b42318; --good: #17743d; }
  * { box-sizing: border-box; }
  body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: var(--ink); background: var(--bg); }
  header { padding: 1rem 1.5rem .25rem; }
  h1 { font-size: 1.35rem; margin: 0; }
  h2 { font-size: 1.05rem; margin: 0 0 .5rem; }
  main { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 1rem; padding: 0 1.5rem 1.5rem; }
  section { background: #fff; border: 1px solid var(--line); border-radius: .5rem; padding: .9rem 1rem; min-width: 0; }
  section.wide { grid-column: 1 / -1; }
  @media (max-width: 900px) { main { grid-template-columns: minmax(0, 1fr); } }
  .muted { color: var(--muted); font-weight: normal; }
  .big { font: 600 1.35rem ui-monospace, monospace; margin: .25rem 0 .5rem; }
  .row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .4rem 0; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .22rem .45rem; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { font-weight: 600; color: var(--muted); }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  td code, .key { font: 12px ui-monospace, monospace; }
  tr.fail td { color: var(--bad); }
  tr.empty td { color: var(--muted); font-style: italic; }
  .scopes { color: var(--muted); }
  .revoked { text-decoration: line-through; color: var(--muted); }
  #requests-section tbody { font-variant-numeric: tabular-nums; }
  .scroll { max-height: 22rem; overflow: auto; }
  button, input, select { font: inherit; padding: .25rem .55rem; }
  button { border: 1px solid var(--line); background: #eef2fa; border-radius: .3rem; cursor: pointer; }
  button:hover { background: #e2e9f8; }
  button.danger { color: var(--bad); }
  input.short { width: 6.5rem; }
  #fault-route { max-width: 100%; }
  #message { min-height: 1.45em; margin: .35rem 0 0; }
  #message.error { color: var(--bad); }
  #message.ok { color: var(--good); }
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
`;
