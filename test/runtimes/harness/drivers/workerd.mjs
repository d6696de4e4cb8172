// Runs the scenario in Cloudflare's workerd through miniflare: one Worker that bundles the SDK and
// the mock (the SDK calls `mock.fetch` inside the same Worker) and answers a request by running it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleEntry } from '../bundle.mjs';
import { StepError, withDeadline } from '../process.mjs';

/**
 * `nodejs_compat`: msw (the mock's peer, imported by `sports-odds-data/mocks`) builds a cookie store
 * at import time that needs either Node's `process` or `localStorage`; without the flag workerd has
 * neither and the Worker fails at startup. Workers that use npm packages commonly turn it on.
 */
const COMPATIBILITY_FLAGS = ['nodejs_compat'];

const versionOf = (modules, name) => JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')).version;

/**
 * The workerd version and the compatibility date it implements (workerd `1.YYYYMMDD.n` supports
 * dates up to YYYY-MM-DD), so the Worker runs with the newest behaviour of the pinned runtime.
 *
 * @example
 * describeWorkerd(modules); // { version: 'workerd 1.20260730.1 (miniflare 4.20260730.0, nodejs_compat)', compatibilityDate: '2026-07-30' }
 */
export function describeWorkerd(modules) {
  const workerd = versionOf(modules, 'workerd');
  const match = /^1\.(\d{4})(\d{2})(\d{2})\./.exec(workerd);
  if (!match) throw new StepError('read the workerd version', `unexpected workerd version ${workerd}`);
  const compatibilityDate = `${match[1]}-${match[2]}-${match[3]}`;
  const version = `workerd ${workerd} (miniflare ${versionOf(modules, 'miniflare')}, ${COMPATIBILITY_FLAGS.join(', ')})`;
  return { version, compatibilityDate };
}

/**
 * Bundles the Worker, starts it in workerd and sends it one request.
 *
 * @example
 * const outcome = await runWorkerd({ dir: scratch, modules: join(root, 'test/runtimes/node_modules'), timeoutMs: 60_000 });
 */
export async function runWorkerd({ dir, modules, timeoutMs }) {
  const { version, compatibilityDate } = describeWorkerd(modules);
  try {
    return { version, scenario: await runWorker({ dir, compatibilityDate, timeoutMs }) };
  } catch (error) {
    if (!(error instanceof StepError)) throw error;
    return { version, failure: { step: error.step, message: error.message } };
  }
}

async function runWorker({ dir, compatibilityDate, timeoutMs }) {
  const script = await bundleEntry({
    dir,
    entry: 'worker-entry.mjs',
    step: 'bundle the Worker',
    format: 'esm',
    conditions: ['workerd', 'worker', 'browser'],
  });
  const { Miniflare } = await import('miniflare');
  // The bundle is given as its one module, as wrangler gives a bundled Worker: miniflare then does not
  // walk its imports, and a computed import() (the SDK's optional lookup of @opentelemetry/api) is
  // left to workerd, which rejects it at run time like any module the Worker was not deployed with.
  const mf = new Miniflare({
    modules: [{ type: 'ESModule', path: 'worker.mjs', contents: script }],
    compatibilityDate,
    compatibilityFlags: COMPATIBILITY_FLAGS,
  });
  try {
    let response;
    try {
      response = await withDeadline(
        mf.dispatchFetch('http://runtimes-smoke.local/'),
        timeoutMs,
        'run the Worker',
        'no answer from the Worker',
      );
    } catch (error) {
      if (error instanceof StepError) throw error;
      throw new StepError('start the Worker', error.message);
    }
    const body = await response.text();
    if (response.status !== 200) throw new StepError('run the Worker', `the Worker answered ${response.status}: ${body.slice(0, 2000)}`);
    return JSON.parse(body);
  } finally {
    await mf.dispose();
  }
}
