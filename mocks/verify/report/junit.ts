import type { CheckResult, VerifyReport } from '../types';
import { exchangeLines, findingText } from './parts';

/** JUnit XML of a run: a test suite per rule, a test case per check (CI test reports). */

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 allows no control characters but tab, newline and return: they are dropped
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** The body of a test case: a failure per drift, an error when it could not be checked, skipped when not planned or not run. */
function caseBody(check: CheckResult, planOnly: boolean): string {
  if (planOnly) return '<skipped message="planned, not run (a dry run)"/>';
  if (check.outcome === 'not-planned') return `<skipped message="${escapeXml(`not planned: ${check.notPlanned ?? ''}`)}"/>`;
  return check.findings
    .map((f) => {
      const tag = f.class === 'could-not-check' ? 'error' : 'failure';
      const detail = [
        ...findingText(f),
        ...(f.curl === undefined ? [] : [`$ ${f.curl}`]),
        ...(f.exchange === undefined ? [] : exchangeLines(f.exchange)),
      ].join('\n');
      return `<${tag} type="${f.class}" message="${escapeXml(f.message)}">${escapeXml(detail)}</${tag}>`;
    })
    .join('');
}

/** The report as JUnit XML. */
export function reportJunit(report: VerifyReport): string {
  const planOnly = report.mode === 'plan';
  const checks: CheckResult[] = planOnly
    ? report.plan.checks.map((c) => ({
        id: c.id,
        rule: c.rule,
        anchor: c.anchor,
        title: c.title,
        outcome: 'not-planned',
        exchanges: 0,
        findings: [],
        notPlanned: c.notPlanned,
      }))
    : report.checks;
  const count = (list: readonly CheckResult[]) => ({
    tests: list.length,
    failures: planOnly ? 0 : list.filter((c) => c.outcome === 'breaking' || c.outcome === 'additive').length,
    errors: planOnly ? 0 : list.filter((c) => c.outcome === 'could-not-check').length,
    skipped: planOnly ? list.length : list.filter((c) => c.outcome === 'not-planned').length,
  });
  const attributes = (c: ReturnType<typeof count>) =>
    `tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped}"`;
  const rules = [...new Set(checks.map((c) => c.rule))];
  const suites = rules.map((rule) => {
    const ofRule = checks.filter((c) => c.rule === rule);
    const cases = ofRule.map(
      (c) => `    <testcase classname="${escapeXml(rule)}" name="${escapeXml(`${c.id}: ${c.title}`)}">${caseBody(c, planOnly)}</testcase>`,
    );
    return [`  <testsuite name="${escapeXml(rule)}" ${attributes(count(ofRule))}>`, ...cases, '  </testsuite>'].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="sports-odds-mock verify ${escapeXml(report.baseUrl)}" ${attributes(count(checks))}>`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
