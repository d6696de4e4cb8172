import type { VerifyPlan, VerifyReport } from '../types';
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

/** Markdown of a plan and of a run (a CI job summary, a pull-request comment). */

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The plan as Markdown tables. */
function planMarkdown(plan: VerifyPlan): string {
  const lines = [
    `## Plan of \`sports-odds-mock verify\` against ${plan.baseUrl}`,
    '',
    '| check | request | credits | why |',
    '| --- | --- | ---: | --- |',
  ];
  for (const r of plan.setup) lines.push(`| setup | \`${cell(requestLine(r))}\` | ${worstText(r)} | ${cell(r.purpose)} |`);
  for (const [, checks] of byRule(plan.checks.filter((c) => c.notPlanned === undefined))) {
    for (const check of checks) {
      if (check.requests.length === 0) lines.push(`| [${check.id}](${check.anchor}) | judges every answer | 0 | ${cell(check.title)} |`);
      for (const r of check.requests)
        lines.push(`| [${check.id}](${check.anchor}) | \`${cell(requestLine(r))}\` | ${worstText(r)} | ${cell(r.purpose)} |`);
    }
  }
  const left = plan.checks.filter((c) => c.notPlanned !== undefined);
  if (left.length > 0) lines.push('', `Not planned: ${left.map((c) => `\`${c.id}\` (${c.notPlanned!})`).join('; ')}.`);
  lines.push('', budgetLine(plan));
  return `${lines.join('\n')}\n`;
}

/** A run as Markdown: a table of checks, then each finding with its curl and exchange. */
export function reportMarkdown(report: VerifyReport): string {
  if (report.mode === 'plan') return planMarkdown(report.plan);
  const lines = [`## \`sports-odds-mock verify\` against ${report.baseUrl}`, ''];
  const pacing = pacingLine(report);
  if (pacing !== undefined) lines.push(pacing, '');
  lines.push(
    summaryLine(report),
    creditsLine(report),
    '',
    '| outcome | check | rule | what it checks | answers |',
    '| --- | --- | --- | --- | ---: |',
  );
  for (const check of report.checks) {
    const what = check.outcome === 'not-planned' ? `not planned: ${check.notPlanned ?? ''}` : check.title;
    lines.push(
      `| ${OUTCOME_LABELS[check.outcome]} | \`${check.id}\` | [${check.rule}](${check.anchor}) | ${cell(what)} | ${check.exchanges} |`,
    );
  }
  report.findings.forEach((finding, i) => {
    lines.push('', `### ${i + 1}. ${finding.class}: \`${finding.check}\` ([${finding.rule}](${finding.anchor}))`, '');
    for (const text of findingText(finding)) lines.push(`- ${cell(text)}`);
    if (finding.curl !== undefined) lines.push('', '```sh', finding.curl, '```');
    if (finding.exchange !== undefined) lines.push('', '```http', ...exchangeLines(finding.exchange), '```');
  });
  return `${lines.join('\n')}\n`;
}
