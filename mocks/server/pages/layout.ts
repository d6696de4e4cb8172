import { inlineScript } from '../ui/inline-script';
import { THEME_STYLE } from '../ui/theme';
import { PAGES_SCRIPT } from './script';

/**
 * The first-party pages' shared frame: no external assets, no inline data from the URL; style and script
 * (`mocks/server/pages/app/`) run only under the CSP nonce; the script reads `<body data-page>`.
 */

/** Which program of `mocks/server/pages/app/` a page runs. */
export type PageName = 'checkout' | 'claim' | 'recover' | 'verify' | 'pay';

const PAGE_STYLE = `${THEME_STYLE}
  body { font-size: 16px; line-height: 1.5; }
  .page { max-width: 40rem; margin: 3rem auto; padding: 0 1rem; }
  .brand { margin: 0 0 .25rem; color: var(--muted); font-size: .85rem; font-weight: 600; letter-spacing: .02em; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  #view { background: var(--card); border: 1px solid var(--line); border-radius: .5rem; padding: 1.1rem 1.4rem; }
  #view > p { margin: .6rem 0; }
  #view > p:first-child { margin-top: 0; }
  #view > p:last-child { margin-bottom: 0; }
  #view > p > a:only-child { display: inline-block; padding: .45rem .9rem; border-radius: .3rem; background: var(--accent); color: var(--accent-ink); text-decoration: none; font-weight: 600; }
  #view > p > a:only-child:hover { background: #1d47a8; }
  .key { font: 1rem ui-monospace, monospace; background: var(--code); padding: .75rem; border-radius: .375rem; word-break: break-all; border: 1px solid var(--line); }
  .ref { color: var(--muted); font-size: .85rem; }
  form#request { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
  form#request input { min-width: 16rem; }
  button, input { padding: .45rem .8rem; }
`;

/** Where the pages' program would run, when the build that runs this server did not bundle it. */
const NOT_BUILT =
  '<p class="error" id="status">This build of the mock did not bundle the pages\' program: start the server with <code>npm run mock</code> or the published <code>sports-odds-mock</code>.</p>';

/** A first-party page: its title, the program it runs, and what it says before the program does. */
export const page =
  (title: string, name: PageName, body = '') =>
  (nonce: string): string =>
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · Sports Odds Data</title>
<style nonce="${nonce}">${PAGE_STYLE}</style>
</head>
<body data-page="${name}">
<div class="page">
<p class="brand">Sports Odds Data</p>
<h1>${title}</h1>
<main id="view" role="status" aria-live="polite">${PAGES_SCRIPT === undefined ? NOT_BUILT : body}</main>
</div>
${PAGES_SCRIPT === undefined ? '' : `<script type="module" nonce="${nonce}">${inlineScript(PAGES_SCRIPT)}</script>`}
</body>
</html>`;
