/**
 * The look shared by the console and the first-party pages: system fonts, one palette, buttons,
 * fields and tables. Plain CSS, inlined by each page under its CSP nonce (no external asset).
 */
export const THEME_STYLE = `
  :root { color-scheme: light; --ink: #1d2433; --muted: #5b6478; --line: #dde2ec; --bg: #f6f8fb; --card: #fff; --accent: #2456c7; --accent-ink: #fff; --bad: #b42318; --good: #17743d; --code: #f3f5f9; }
  * { box-sizing: border-box; }
  body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: var(--ink); background: var(--bg); }
  h1 { font-size: 1.35rem; margin: 0; }
  h2 { font-size: 1.05rem; margin: 0 0 .5rem; }
  h3 { font-size: .95rem; margin: .25rem 0 .5rem; }
  a { color: var(--accent); }
  code, .mono { font-family: ui-monospace, monospace; }
  .muted { color: var(--muted); font-weight: normal; }
  .error { color: var(--bad); }
  .ok { color: var(--good); }
  .card { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: .9rem 1rem; }
  .row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .4rem 0; }
  button, input, select, textarea { font: inherit; padding: .3rem .6rem; border: 1px solid var(--line); border-radius: .3rem; background: #fff; color: var(--ink); }
  textarea { width: 100%; display: block; margin-top: .25rem; font: 12px/1.4 ui-monospace, monospace; }
  input:focus-visible, select:focus-visible, textarea:focus-visible, button:focus-visible, a:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
  button { background: #eef2fa; cursor: pointer; }
  button:hover { background: #e2e9f8; }
  button:disabled { opacity: .6; cursor: default; }
  form button:not([type=button]), button.primary, a.button { background: var(--accent); color: var(--accent-ink); border-color: var(--accent); }
  form button:not([type=button]):hover, button.primary:hover, a.button:hover { background: #1d47a8; }
  a.button { display: inline-block; padding: .4rem .8rem; border-radius: .3rem; text-decoration: none; font-weight: 600; }
  button.danger, form button.danger { background: #fff; color: var(--bad); border-color: #e9b8b3; }
  button.danger:hover, form button.danger:hover { background: #fdf0ee; }
  button.link { background: none; border: none; padding: 0; color: var(--accent); text-decoration: underline; }
  .offscreen { position: fixed; left: -9999px; top: 0; }
  .secret { font: 13px ui-monospace, monospace; background: var(--code); padding: .15rem .4rem; border-radius: .3rem; word-break: break-all; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .22rem .45rem; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { font-weight: 600; color: var(--muted); }
`;
