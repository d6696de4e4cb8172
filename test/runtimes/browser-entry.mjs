// Entry of the scenario in a browser page: bundled (as an IIFE with the global name `smoke`) with
// the SDK and the mock from the installed tarball; the harness calls `smoke.runScenario()` in the page.
export { runScenario } from './scenario.mjs';
