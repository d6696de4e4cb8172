// The browser programs of the standalone mock server (its console and its first-party pages), written in TypeScript under mocks/ and bundled
// here with esbuild into one ES module each, which the server inlines into its pages under their CSP
// nonce. Every build of the mocks defines them: tsup (dist/, the published bin), scripts/run-ts.mjs
// (`npm run mock` from source) and vitest.config.ts (the tests), through `browserBundleDefines()`.
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** Global name the mocks read -> entry of its program. */
const BUNDLES = {
  __SPORTS_ODDS_CONSOLE__: '../../mocks/server/console/app/main.ts',
  __SPORTS_ODDS_PAGES__: '../../mocks/server/pages/app/main.ts',
};

/** One program as a self-contained ES module (no import left), minified, for an inline `<script type="module">`. */
function bundle(entry) {
  const result = buildSync({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

/**
 * The `define` entries of every browser program: global name -> the program's code as a JSON string
 * literal, as esbuild and Vite take them.
 */
export function browserBundleDefines() {
  return Object.fromEntries(Object.entries(BUNDLES).map(([name, entry]) => [name, JSON.stringify(bundle(entry))]));
}
