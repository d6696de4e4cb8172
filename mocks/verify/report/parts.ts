import type { CheckOutcome, ExchangeView, Finding, KeyRole, PlannedCheck, PlannedRequest, VerifyPlan, VerifyReport } from '../types';

/** Pieces every report format shares. */

/** What a request's key is, when it is not the key under test. */
const KEY_NOTES: Readonly<Record<KeyRole, string>> = {
  main: '',
  data: ' [data-only key]',
  temporary: ' [temporary key]',
  malformed: ' [malformed key]',
  none: ' [no key]',
};

/** `GET /v1/events?limit=2 [no key]`. */
export const requestLine = (r: PlannedRequest): string => `${r.method} ${r.target}${KEY_NOTES[r.key]}`;

/** A request's worst case, times its count when sent more than once (`3 × 1`). */
export const worstText = (r: PlannedRequest): string => (r.times > 1 ? `${r.times} × ${r.worstCase}` : String(r.worstCase));

export const OUTCOME_LABELS: Readonly<Record<CheckOutcome, string>> = {
  pass: 'pass',
  breaking: 'BREAKING',
  additive: 'ADDITIVE',
  'could-not-check': 'COULD NOT CHECK',
  'not-planned': 'not planned',
};

/** The rule groups of the plan with their worst cases, most expensive first (what `--skip` saves). */
function groupCosts(plan: VerifyPlan): { group: string; credits: number }[] {
  const costs = new Map<string, number>();
  for (const check of plan.checks.filter((c) => c.notPlanned === undefined && c.worstCase > 0)) {
    const group = check.id.slice(0, check.id.indexOf('.'));
    costs.set(group, (costs.get(group) ?? 0) + check.worstCase);
  }
  return [...costs].map(([group, credits]) => ({ group, credits })).sort((a, b) => b.credits - a.credits);
}

/** The plan's verdict on the budget, in one sentence. */
export function budgetLine(plan: VerifyPlan): string {
  const total = `Worst case: ${plan.worstCase} credits in at most ${plan.requests} requests`;
  if (plan.fits) return `${total}; within --max-credits ${plan.maxCredits}.`;
  const hints = groupCosts(plan)
    .slice(0, 3)
    .map((g) => `--skip ${g.group} saves ${g.credits}`)
    .join(', ');
  return `${total}: over --max-credits ${plan.maxCredits}, so --run refuses this plan. Raise --max-credits, or leave checks out (${hints}).`;
}

/** The planned checks grouped by rule, in plan order. */
export function byRule(checks: readonly PlannedCheck[]): [string, PlannedCheck[]][] {
  const groups = new Map<string, PlannedCheck[]>();
  for (const check of checks) groups.set(check.rule, [...(groups.get(check.rule) ?? []), check]);
  return [...groups];
}

/** Where the pacing came from, in words. */
export function pacingLine(report: VerifyReport): string | undefined {
  const pacing = report.pacing;
  if (pacing === undefined) return undefined;
  const source = {
    option: 'given with --rate',
    account: "the plan's rate, from GET /v1/account",
    'lowest-plan': "the lowest plan's rate: the account record did not tell",
  }[pacing.source];
  return `Paced at ${pacing.requestsPerSecond} requests per second (${source}).`;
}

/** The counts line of a run. */
export function summaryLine(report: VerifyReport): string {
  const s = report.summary;
  const notPlanned = s.notPlanned > 0 ? ` (${s.notPlanned} not planned)` : '';
  return `${s.checks} checks: ${s.passed} passed, ${s.breaking} breaking, ${s.additive} additive, ${s.couldNotCheck} could not check${notPlanned}.`;
}

/** The credits line of a run. */
export const creditsLine = (report: VerifyReport): string =>
  `Credits: ${report.credits.spent} spent in ${report.credits.requests} requests; worst case ${report.credits.worstCase}, --max-credits ${report.credits.maxCredits}${report.stoppedAtBudget ? '; stopped at the budget' : ''}.`;

/** An exchange as `>` / `<` lines. */
export function exchangeLines(view: ExchangeView): string[] {
  const lines = [`> ${view.request}${KEY_NOTES[view.key]}`];
  if (view.status === null) return [...lines, `< no answer: ${view.error ?? 'the request failed'}`];
  lines.push(`< ${view.status}`);
  for (const [name, value] of Object.entries(view.headers)) lines.push(`< ${name}: ${value}`);
  if (view.body !== '') lines.push(`< ${view.body}`);
  return lines;
}

/** A finding's message with how many answers showed it and the other problems of its class. */
export function findingText(finding: Finding): string[] {
  const times = finding.occurrences > 1 ? ` (${finding.occurrences} times)` : '';
  return [`${finding.message}${times}`, ...(finding.also ?? []).map((m) => `also: ${m}`)];
}
