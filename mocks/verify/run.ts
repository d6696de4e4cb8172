import { LOWEST_PLAN_RPS } from '../../src/schemas';
import { CannotCheck } from './cannot-check';
import { judgeable, type CheckContext, type CheckDef, type Judge, type PlanOptions, type Problem } from './check';
import { CHECKS } from './checks';
import { curlOf, viewOf, type Exchange } from './masked-exchange';
import type { Planned } from './plan';
import { anchorOf, RULES } from './rules';
import { BudgetStop, Sender, type SenderInit } from './sender';
import { checkBase, judgePreflight } from './preflight';
import { Setup, SETUP_REQUESTS, type SetupStep } from './setup';
import type { CheckOutcome, CheckResult, Finding, FindingClass, VerifyReport } from './types';
import { isoSeconds } from '../../src/schemas/instant-text';

/** What a run needs beyond its plan. */
export interface RunInit extends SenderInit {
  readonly apiKey: string;
  readonly dataKey: string | undefined;
  readonly requestsPerSecond: number | undefined;
  readonly options: PlanOptions;
  readonly progress: (message: string) => void;
}

/** What a run found, before it is a report. */
export type RunOutcome = Pick<VerifyReport, 'pacing' | 'checks' | 'findings' | 'stoppedAtBudget'> & {
  spent: number;
  exchanges: readonly Exchange[];
};

const DAY = 86_400_000;
/** Also: at most this many other messages of one class of one check are listed with its finding. */
const MORE_MESSAGES = 3;

/** The problems of one check. */
class Tally implements Judge {
  readonly problems: Problem[] = [];

  constructor(private readonly mask: (text: string) => string) {}

  breaking(message: string, exchange?: Exchange, times?: number): void {
    this.problems.push({ class: 'breaking', message: this.mask(message), exchange, times });
  }

  additive(message: string, exchange?: Exchange, times?: number): void {
    this.problems.push({ class: 'additive', message: this.mask(message), exchange, times });
  }

  cannot(message: string, exchange?: Exchange): void {
    this.problems.push({ class: 'could-not-check', message: this.mask(message), exchange });
  }
}

const CLASSES: readonly FindingClass[] = ['breaking', 'additive', 'could-not-check'];

/** One finding per class of a check's problems: the first one's message and exchange, and how many. */
function findingsOf(check: CheckDef, problems: readonly Problem[]): Finding[] {
  return CLASSES.flatMap((kind) => {
    const ofClass = problems.filter((p) => p.class === kind);
    const first = ofClass[0];
    if (first === undefined) return [];
    const also = [...new Set(ofClass.map((p) => p.message))].filter((m) => m !== first.message).slice(0, MORE_MESSAGES);
    return [
      {
        check: check.id,
        rule: RULES[check.rule],
        anchor: anchorOf(RULES[check.rule]),
        class: kind,
        message: first.message,
        occurrences: ofClass.length,
        ...(also.length === 0 ? {} : { also }),
        ...(first.exchange === undefined ? {} : { curl: curlOf(first.exchange, first.times), exchange: viewOf(first.exchange) }),
      },
    ];
  });
}

/** The outcome of a check from its findings: the worst class, or a pass. */
const outcomeOf = (findings: readonly Finding[]): CheckOutcome => CLASSES.find((c) => findings.some((f) => f.class === c)) ?? 'pass';

/** The rate to pace at: the option, the plan's from the account record, or the lowest plan's. */
function pacingOf(account: Exchange | undefined, option: number | undefined): NonNullable<VerifyReport['pacing']> {
  if (option !== undefined) return { requestsPerSecond: option, source: 'option' };
  const rps = (account?.json as { plan?: { rate_limit_rps?: unknown } } | undefined)?.plan?.rate_limit_rps;
  if (account?.status === 200 && typeof rps === 'number' && Number.isInteger(rps) && rps > 0)
    return { requestsPerSecond: rps, source: 'account' };
  return { requestsPerSecond: LOWEST_PLAN_RPS, source: 'lowest-plan' };
}

/** Sends the setup requests, learning the service's clock and the rate. */
async function runSetup(
  sender: Sender,
  steps: readonly SetupStep[],
  init: RunInit,
): Promise<{ setup: Setup; pacing: NonNullable<VerifyReport['pacing']> }> {
  const setup = new Setup(init.now);
  let pacing = pacingOf(undefined, init.requestsPerSecond);
  for (const step of steps) {
    const values = step === 'past' ? { from: isoSeconds(setup.now() - 3 * DAY), to: isoSeconds(setup.now() - 2 * DAY) } : {};
    const exchange = await sender.send('setup', SETUP_REQUESTS[step], values);
    setup.keep(step, exchange);
    if (step === 'account') {
      // The first request: the base answers, as the service, and takes the key; else nothing is judged.
      init.progress(judgePreflight(exchange, init.baseUrl));
      pacing = pacingOf(setup.raw('account'), init.requestsPerSecond);
      sender.rate = pacing.requestsPerSecond;
    }
  }
  return { setup, pacing };
}

/** Runs a plan: setup, each check in order, then the judging checks; at the budget, the rest are could-not-check. */
export async function runPlan(planned: Planned, init: RunInit): Promise<RunOutcome> {
  checkBase(init.baseUrl);
  const sender = new Sender(init);
  sender.keys.main = init.apiKey;
  sender.addSecret(init.apiKey);
  if (init.dataKey !== undefined) {
    sender.keys.data = init.dataKey;
    sender.addSecret(init.dataKey);
  }
  const tallies = new Map(planned.checks.map((c) => [c.id, new Tally((t) => sender.mask(t))] as const));
  let stoppedAtBudget = false;
  let pacing: NonNullable<VerifyReport['pacing']> = pacingOf(undefined, init.requestsPerSecond);
  let setup = new Setup(init.now);
  try {
    ({ setup, pacing } = await runSetup(sender, planned.setup, init));
  } catch (error) {
    if (!(error instanceof BudgetStop)) throw error;
    stoppedAtBudget = true;
  }
  const shared = new Map<string, unknown>();
  const running = planned.checks.filter((c) => c.run !== undefined);
  for (const check of planned.checks) {
    const tally = tallies.get(check.id) as Tally;
    if (check.run === undefined) continue;
    init.progress(
      `check ${running.indexOf(check) + 1} of ${running.length}: ${check.id} (${sender.exchanges.length} requests, ${sender.spent} credits so far)`,
    );
    if (stoppedAtBudget) {
      tally.cannot('not run: the run stopped at its budget (--max-credits)');
      continue;
    }
    const ctx: CheckContext = {
      id: check.id,
      requests: planned.requests.get(check.id) ?? [],
      options: init.options,
      setup,
      shared,
      rate: sender.rate,
      send: (template, values, options) => sender.send(check.id, template, values, options),
      useTemporaryKey: (key) => {
        sender.addSecret(key);
        sender.keys.temporary = key;
      },
      sleep: init.sleep,
      progress: init.progress,
      breaking: (message, exchange, times) => tally.breaking(message, exchange, times),
      additive: (message, exchange, times) => tally.additive(message, exchange, times),
    };
    try {
      await check.run(ctx);
    } catch (error) {
      if (error instanceof CannotCheck) tally.cannot(error.message, error.exchange);
      else if (error instanceof BudgetStop) {
        tally.cannot(error.message);
        stoppedAtBudget = true;
      } else throw error;
    }
  }
  for (const check of planned.checks) {
    const tally = tallies.get(check.id) as Tally;
    if (check.judge === undefined) continue;
    const judged = check.judge(sender.exchanges, tally);
    // Nothing of its kind was answered (a base answering HTML, a plan without such requests): it passes nothing.
    if (check.run === undefined && judged === 0) tally.cannot('no answer of the kind this check judges');
  }
  const checks: CheckResult[] = CHECKS.map((check) => {
    const tally = tallies.get(check.id);
    const findings = tally === undefined ? [] : findingsOf(check, tally.problems);
    const own = sender.exchanges.filter((e) => e.check === check.id).length;
    const notPlanned = planned.plan.checks.find((c) => c.id === check.id)?.notPlanned;
    return {
      id: check.id,
      rule: RULES[check.rule],
      anchor: anchorOf(RULES[check.rule]),
      title: check.title,
      outcome: tally === undefined ? 'not-planned' : outcomeOf(findings),
      exchanges: check.run === undefined ? sender.exchanges.filter(judgeable).length : own,
      findings,
      ...(notPlanned === undefined ? {} : { notPlanned }),
    };
  });
  return { pacing, checks, findings: checks.flatMap((c) => c.findings), stoppedAtBudget, spent: sender.spent, exchanges: sender.exchanges };
}
