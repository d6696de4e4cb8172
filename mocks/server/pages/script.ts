/**
 * The first-party pages' program (`mocks/server/pages/app/`, typed TypeScript), bundled by every build of the
 * mocks (tsup, `scripts/run-ts.mjs`, vitest: `scripts/lib/browser-bundles.mjs`), which defines it here.
 */
declare const __SPORTS_ODDS_PAGES__: string | undefined;

/** The pages' bundled program, or undefined in a build that did not bundle it. */
export const PAGES_SCRIPT: string | undefined = typeof __SPORTS_ODDS_PAGES__ === 'string' ? __SPORTS_ODDS_PAGES__ : undefined;
