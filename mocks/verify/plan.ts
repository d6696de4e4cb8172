import type { CheckDef, PlanOptions } from './check';
import { CHECKS } from './checks';
import { anchorOf, RULES } from './rules';
import { SETUP_ORDER, SETUP_REQUESTS, type SetupStep } from './setup';
import { plannedOf, type RequestTemplate } from './template';
import type { PlannedCheck, VerifyPlan } from './types';

/** The plan, with what the run needs of it: each planned check's requests and the setup steps. */
export interface Planned {
  readonly plan: VerifyPlan;
  readonly checks: readonly CheckDef[];
  readonly requests: ReadonlyMap<string, readonly RequestTemplate[]>;
  readonly setup: readonly SetupStep[];
}

const NOT_IN_ONLY = 'not in --only';
const groupOf = (id: string) => id.slice(0, id.indexOf('.'));
const matches = (id: string, selector: string) => id === selector || groupOf(id) === selector;
const listOf = <T>(value: readonly T[] | ((o: PlanOptions) => readonly T[]) | undefined, o: PlanOptions): readonly T[] =>
  typeof value === 'function' ? value(o) : (value ?? []);

/** Refuses a selector that names no check or group. */
function checkSelectors(selectors: readonly string[]): void {
  for (const selector of selectors) {
    if (!CHECKS.some((c) => matches(c.id, selector))) {
      const groups = [...new Set(CHECKS.map((c) => groupOf(c.id)))];
      throw new RangeError(
        `no check or group ${selector}: the groups are ${groups.join(', ')}; the checks ${CHECKS.map((c) => c.id).join(', ')}`,
      );
    }
  }
}

/** Why each left-out check is (options, `--skip`/`--only`, or a requirement that cannot run); a required check is planned despite `--only`. */
function leftOut(only: readonly string[], skip: readonly string[], o: PlanOptions): Map<string, string> {
  checkSelectors([...only, ...skip]);
  const reasons = new Map<string, string>();
  for (const check of CHECKS) {
    const reason =
      check.unavailable?.(o) ??
      (skip.some((s) => matches(check.id, s))
        ? 'skipped (--skip)'
        : only.length > 0 && !only.some((s) => matches(check.id, s))
          ? NOT_IN_ONLY
          : undefined);
    if (reason !== undefined) reasons.set(check.id, reason);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const check of CHECKS.filter((c) => !reasons.has(c.id))) {
      for (const id of listOf(check.requires, o)) {
        const reason = reasons.get(id);
        if (reason === NOT_IN_ONLY) reasons.delete(id);
        else if (reason !== undefined) reasons.set(check.id, `needs ${id}, which is left out: ${reason}`);
        changed ||= reason !== undefined;
        if (reasons.has(check.id)) break;
      }
    }
  }
  return reasons;
}

/**
 * The plan: each chosen check with its requests and their worst case (from the route table's
 * envelopes), the setup requests they read, and the total against `maxCredits`.
 *
 * @example
 * const { plan } = planChecks('https://api.example.com', 500, { only: ['metering'] }, options);
 */
export function planChecks(
  baseUrl: string,
  maxCredits: number,
  selection: { only?: readonly string[] | undefined; skip?: readonly string[] | undefined },
  o: PlanOptions,
): Planned {
  const reasons = leftOut(selection.only ?? [], selection.skip ?? [], o);
  const checks = CHECKS.filter((c) => !reasons.has(c.id));
  const requests = new Map(checks.map((c) => [c.id, listOf(c.requests, o)] as const));
  const needed = new Set(['account', ...checks.flatMap((c) => c.needs ?? [])]);
  const setup = SETUP_ORDER.filter((step) => needed.has(step));
  const plannedChecks: PlannedCheck[] = CHECKS.map((check) => {
    const list = (requests.get(check.id) ?? listOf(check.requests, o)).map(plannedOf);
    return {
      id: check.id,
      rule: RULES[check.rule],
      anchor: anchorOf(RULES[check.rule]),
      title: check.title,
      requests: list,
      judgesAll: check.judge !== undefined && check.run === undefined,
      worstCase: list.reduce((sum, r) => sum + r.worstCase * r.times, 0),
      ...(reasons.has(check.id) ? { notPlanned: reasons.get(check.id) } : {}),
    };
  });
  const setupPlanned = setup.map((step) => plannedOf(SETUP_REQUESTS[step]));
  const counted = [...setupPlanned, ...plannedChecks.filter((c) => c.notPlanned === undefined).flatMap((c) => c.requests)];
  const worstCase = counted.reduce((sum, r) => sum + r.worstCase * r.times, 0);
  return {
    plan: {
      baseUrl,
      setup: setupPlanned,
      checks: plannedChecks,
      worstCase,
      maxCredits,
      fits: worstCase <= maxCredits,
      requests: counted.reduce((sum, r) => sum + r.times, 0),
    },
    checks,
    requests,
    setup,
  };
}
