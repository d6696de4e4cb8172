/**
 * The plans of `sports-odds-mock`: a plan file (`--plans`, the `plans` option of `createMockService()` as JSON) and flags that
 * change the demo account's plan (`--rate-limit`, `--period-credits`, `--daily-credits`, `--period-days`), checked as
 * `createMockService()` checks its options. Node-only.
 */
import { readFileSync } from 'node:fs';
import { checkServiceOptions } from '../service/options';
import { DEFAULT_PLANS, type PlanConfig } from '../service/state/plans';
import { closestName } from '../../src/schemas/refusal-words';
import type { CommandLine } from './cli-flags';

/** The plan flags as parsed, each a string or absent. */
export interface PlanFlags {
  plan?: string | undefined;
  plans?: string | undefined;
  'rate-limit'?: string | undefined;
  'period-credits'?: string | undefined;
  'daily-credits'?: string | undefined;
  'period-days'?: string | undefined;
}

/** The flags of `PlanFlags` as `CommandLine.parse` takes them. */
export const PLAN_FLAG_SPECS = {
  plan: { type: 'string' },
  plans: { type: 'string' },
  'rate-limit': { type: 'string' },
  'period-credits': { type: 'string' },
  'daily-credits': { type: 'string' },
  'period-days': { type: 'string' },
} as const;

/** What the flags give `startMockServer()`: the plans merged over the catalog (when any was given) and the demo account's plan. */
export interface CliPlans {
  plans: Record<string, PlanConfig> | undefined;
  plan: string;
}

/** The JSON of a plan file, or the command's mistake naming the file. */
function readPlanFile(cli: CommandLine, file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? String(error);
    return cli.fail(`--plans cannot read ${JSON.stringify(file)} (${code}): check the path`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return cli.fail(`--plans ${JSON.stringify(file)} is not JSON: ${(error as Error).message}`);
  }
}

/**
 * The demo account's plan and the catalog of a `sports-odds-mock` command line: the plan file's plans over trial, starter and pro,
 * then the flags' fields over the demo account's plan (`--plan`, default `pro`). A mistake fails the command (exit 2).
 *
 * @example
 * cliPlans(cli, { 'rate-limit': '100000' }); // { plan: 'pro', plans: { pro: { ...pro, rateLimitRps: 100000 } } }
 */
export function cliPlans(cli: CommandLine, flags: PlanFlags): CliPlans {
  const filed = flags.plans === undefined ? undefined : readPlanFile(cli, flags.plans);
  const where = flags.plans === undefined ? 'the plan flags' : `--plans ${JSON.stringify(flags.plans)}`;
  const check = (plans: unknown) => {
    try {
      checkServiceOptions({ plans: plans as Record<string, PlanConfig> | undefined }, where);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      cli.fail(`${where}: ${error.message}`);
    }
    return plans as Record<string, PlanConfig> | undefined;
  };
  const catalog = check(filed);
  const slugs = Object.keys({ ...DEFAULT_PLANS, ...catalog });
  const plan = flags.plan ?? 'pro';
  if (!slugs.includes(plan)) {
    const near = closestName(plan, slugs);
    cli.fail(
      `--plan has no plan ${JSON.stringify(plan)}${near === undefined ? '' : ` (did you mean ${near}?)`}; the plans are ${slugs.join(', ')}`,
    );
  }
  const fields: Partial<PlanConfig> = {};
  const set = (flag: keyof PlanFlags, field: keyof PlanConfig, min: number, what: string) => {
    const value = cli.integer(`--${flag}`, flags[flag], { min, what });
    if (value !== undefined) Object.assign(fields, { [field]: value });
  };
  set('rate-limit', 'rateLimitRps', 1, 'a number of requests a second');
  set('period-credits', 'periodCredits', 0, 'a number of credits');
  set('daily-credits', 'dailyCredits', 0, 'a number of credits');
  set('period-days', 'periodDays', 1, 'a number of days');
  if (Object.keys(fields).length === 0) return { plans: catalog, plan };
  const base = (catalog?.[plan] ?? DEFAULT_PLANS[plan]) as PlanConfig;
  return { plans: check({ ...catalog, [plan]: { ...base, ...fields } }), plan };
}
