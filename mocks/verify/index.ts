import { checkedBaseUrl } from '../../src/schemas/base-url';
import { kindOf, optionNames, unknownName, unknownOptionMessage } from '../../src/schemas/refusal-words';
import type { PlanOptions } from './check';
import { planChecks, type Planned } from './plan';
import { fixturesOf } from './record';
import type { VerifyOptions, VerifyPlan, VerifyReport, VerifySummary } from './types';

/**
 * `verify`: the executable spec against any base URL: plans worst-case credits, refuses a plan over
 * `maxCredits`, runs paced within budget, reports drift by the docs/service.md rule broken. `fetch` only.
 */

const DEFAULT_TIMEOUT_MS = 30_000;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The options checked, or a `RangeError` naming the one that is wrong. */
/** The names of `VerifyOptions`. */
const VERIFY_OPTIONS = optionNames<VerifyOptions>()([
  'baseUrl',
  'apiKey',
  'dataKey',
  'maxCredits',
  'run',
  'allowMutations',
  'waitForCursorExpiry',
  'requestsPerSecond',
  'only',
  'skip',
  'timeout',
  'allowInsecureHttp',
  'record',
  'fetch',
  'onProgress',
  'sleep',
  'now',
]);

function resolve(options: VerifyOptions): { baseUrl: string; plan: PlanOptions } {
  if (typeof options !== 'object' || options === null) throw new RangeError(`the options must be an object, got ${kindOf(options)}`);
  const unknown = unknownName(options, VERIFY_OPTIONS);
  if (unknown !== undefined) throw new RangeError(unknownOptionMessage('verifyService()', unknown, VERIFY_OPTIONS));
  // The client's own rule (it falls back to SPORTS_ODDS_BASE_URL for a missing one; verify takes only the URL it is given).
  if (typeof options.baseUrl !== 'string' || options.baseUrl === '')
    throw new RangeError(`baseUrl must be an absolute URL, got ${JSON.stringify(options.baseUrl)}`);
  const checked = checkedBaseUrl(options.baseUrl, options.allowInsecureHttp ?? false);
  if ('problem' in checked) throw new RangeError(checked.problem);
  const baseUrl = checked.href;
  if (!Number.isSafeInteger(options.maxCredits) || options.maxCredits < 0)
    throw new RangeError(`maxCredits must be a non-negative integer, got ${kindOf(options.maxCredits)}`);
  const rps = options.requestsPerSecond;
  if (rps !== undefined && !(Number.isInteger(rps) && rps > 0))
    throw new RangeError(`requestsPerSecond must be a positive integer, got ${kindOf(rps)}`);
  const timeout = options.timeout;
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0))
    throw new RangeError(`timeout must be a positive number of ms, got ${kindOf(timeout)}`);
  if (options.run === true && !options.apiKey) throw new RangeError('running the checks needs apiKey (the key under test)');
  return {
    baseUrl,
    plan: {
      allowMutations: options.allowMutations ?? false,
      waitForCursorExpiry: options.waitForCursorExpiry ?? false,
      requestsPerSecond: rps,
      dataKey: options.dataKey !== undefined && options.dataKey !== '',
    },
  };
}

function plannedOf(options: VerifyOptions): Planned & { planOptions: PlanOptions } {
  const { baseUrl, plan } = resolve(options);
  return { ...planChecks(baseUrl, options.maxCredits, { only: options.only, skip: options.skip }, plan), planOptions: plan };
}

/**
 * Plans a verification without sending anything: each check's requests and worst-case credits, and whether they fit `maxCredits`.
 *
 * @example
 * const plan = planVerification({ baseUrl: 'https://api.example.com', maxCredits: 800 });
 * console.log(plan.worstCase, plan.fits);
 */
export function planVerification(options: VerifyOptions): VerifyPlan {
  return plannedOf(options).plan;
}

const summaryOf = (checks: VerifyReport['checks']): VerifySummary => ({
  checks: checks.length,
  passed: checks.filter((c) => c.outcome === 'pass').length,
  breaking: checks.filter((c) => c.outcome === 'breaking').length,
  additive: checks.filter((c) => c.outcome === 'additive').length,
  couldNotCheck: checks.filter((c) => c.outcome === 'could-not-check').length,
  notPlanned: checks.filter((c) => c.outcome === 'not-planned').length,
});

/**
 * Checks a service against the executable spec: without `run` only plans; with `run` refuses a plan over
 * `maxCredits`, else runs and reports every check. Network errors, `5xx` and the budget's stop are
 * could-not-check, never drift. Throws `RangeError` for a wrong option; rejects with `PreflightError`
 * when the base or key is wrong.
 *
 * @example
 * const report = await verifyService({ baseUrl: 'https://api.example.com', apiKey: process.env.SPORTS_ODDS_API_KEY, maxCredits: 800, run: true });
 * console.log(formatVerifyReport(report, 'text'));
 * process.exitCode = report.exitCode; // 0 pass, 1 drift, 3 could not check
 */
export async function verifyService(options: VerifyOptions): Promise<VerifyReport> {
  const planned = plannedOf(options);
  const { plan, planOptions } = planned;
  const credits = { worstCase: plan.worstCase, maxCredits: plan.maxCredits, spent: 0, requests: 0 };
  if (options.run !== true || !plan.fits) {
    return {
      mode: 'plan',
      baseUrl: plan.baseUrl,
      plan,
      checks: [],
      findings: [],
      summary: summaryOf([]),
      credits,
      stoppedAtBudget: false,
      exitCode: plan.fits ? 0 : 3,
    };
  }
  // The runner and the SDK it sends through load on the first run: importing the mocks, or planning, loads neither.
  const { runPlan } = await import('./run');
  const outcome = await runPlan(planned, {
    baseUrl: plan.baseUrl,
    maxCredits: plan.maxCredits,
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    apiKey: options.apiKey as string,
    dataKey: planOptions.dataKey ? options.dataKey : undefined,
    requestsPerSecond: planOptions.requestsPerSecond,
    options: planOptions,
    sleep: options.sleep ?? realSleep,
    now: options.now ?? Date.now,
    progress: options.onProgress ?? (() => {}),
  });
  const summary = summaryOf(outcome.checks.filter((c) => c.outcome !== 'not-planned'));
  const drift = summary.breaking + summary.additive > 0;
  return {
    mode: 'run',
    baseUrl: plan.baseUrl,
    plan,
    pacing: outcome.pacing,
    checks: outcome.checks,
    findings: outcome.findings,
    summary: { ...summary, notPlanned: outcome.checks.length - summary.checks },
    credits: { ...credits, spent: outcome.spent, requests: outcome.exchanges.length },
    stoppedAtBudget: outcome.stoppedAtBudget,
    exitCode: drift ? 1 : summary.couldNotCheck > 0 ? 3 : 0,
    ...(options.record === true ? { fixtures: fixturesOf(outcome.exchanges) } : {}),
  };
}

export { PreflightError } from './preflight';
export { formatVerifyReport } from './report';
export type * from './types';
