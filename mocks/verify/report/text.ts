import type { PlannedRequest, VerifyPlan, VerifyReport } from '../types';
import {
  budgetLine,
  byRule,
  creditsLine,
  exchangeLines,
  findingText,
  OUTCOME_LABELS,
  pacingLine,
  requestLine,
  summaryLine,
  worstText,
} from './parts';

/** The human text of a plan and of a run. */

const TARGET_WIDTH = 72;
const ID_WIDTH = 28;

const requestRow = (r: PlannedRequest, indent: string): string =>
  `${indent}${requestLine(r).padEnd(TARGET_WIDTH - indent.length)} ${worstText(r).padStart(7)}  ${r.purpose}`;

/** The plan as text: setup, then each rule's checks with their requests and worst cases. */
function planText(plan: VerifyPlan): string {
  const lines = [`Plan of sports-odds-mock verify against ${plan.baseUrl}`, '', `${'Setup'.padEnd(TARGET_WIDTH)} ${'credits'.padStart(7)}`];
  for (const r of plan.setup) lines.push(requestRow(r, '  '));
  for (const [rule, checks] of byRule(plan.checks.filter((c) => c.notPlanned === undefined))) {
    lines.push('', `${rule}  (${checks[0]!.anchor})`);
    for (const check of checks) {
      lines.push(`  ${check.id.padEnd(ID_WIDTH)}${check.title}${check.judgesAll ? ' (judges every answer)' : ''}`);
      for (const r of check.requests) lines.push(requestRow(r, '    '));
    }
  }
  const left = plan.checks.filter((c) => c.notPlanned !== undefined);
  if (left.length > 0) {
    lines.push('', 'Not planned');
    for (const check of left) lines.push(`  ${check.id.padEnd(ID_WIDTH)}${check.notPlanned!}`);
  }
  lines.push('', budgetLine(plan));
  return `${lines.join('\n')}\n`;
}

/** A run (or a plan) as text: a line per check, the counts, then every finding with its curl and exchange. */
export function reportText(report: VerifyReport): string {
  if (report.mode === 'plan')
    return `${planText(report.plan)}${report.plan.fits ? 'A dry run: nothing was sent. --run executes this plan.\n' : ''}`;
  const lines = [`sports-odds-mock verify against ${report.baseUrl}`];
  const pacing = pacingLine(report);
  if (pacing !== undefined) lines.push(pacing);
  lines.push('');
  for (const check of report.checks) {
    const detail = check.outcome === 'not-planned' ? `not planned: ${check.notPlanned ?? ''}` : `${check.rule}: ${check.title}`;
    lines.push(`${OUTCOME_LABELS[check.outcome].padEnd(16)}${check.id.padEnd(ID_WIDTH)}${detail}`);
  }
  lines.push('', summaryLine(report), creditsLine(report));
  report.findings.forEach((finding, i) => {
    lines.push('', `${i + 1}. ${finding.class}: ${finding.check} (${finding.rule}, ${finding.anchor})`);
    for (const text of findingText(finding)) lines.push(`   ${text}`);
    if (finding.curl !== undefined) lines.push(`   $ ${finding.curl}`);
    if (finding.exchange !== undefined) for (const line of exchangeLines(finding.exchange)) lines.push(`   ${line}`);
  });
  return `${lines.join('\n')}\n`;
}
