/**
 * The console's program (`mocks/server/console/app/`, typed TypeScript), bundled by every build of the mocks
 * (tsup, `scripts/run-ts.mjs`, vitest: `scripts/lib/browser-bundles.mjs`), which defines it here.
 */
declare const __SPORTS_ODDS_CONSOLE__: string | undefined;

/** The console's bundled program, or undefined in a build that did not bundle it. */
export const CONSOLE_SCRIPT: string | undefined = typeof __SPORTS_ODDS_CONSOLE__ === 'string' ? __SPORTS_ODDS_CONSOLE__ : undefined;
