import type { VerifyReport, VerifyReportFormat } from '../types';
import { reportJunit } from './junit';
import { reportMarkdown } from './markdown';
import { reportText } from './text';

/**
 * A report (or a plan) as text for people (`text`), JSON (`json`, the report without its
 * fixtures), JUnit XML for CI test reports (`junit`), or Markdown for a job summary (`md`).
 *
 * @example
 * process.stdout.write(formatVerifyReport(await verifyService(options), 'md'));
 */
export function formatVerifyReport(report: VerifyReport, format: VerifyReportFormat = 'text'): string {
  switch (format) {
    case 'json': {
      const { fixtures: _fixtures, ...rest } = report;
      return `${JSON.stringify(rest, null, 2)}\n`;
    }
    case 'junit':
      return reportJunit(report);
    case 'md':
      return reportMarkdown(report);
    default:
      return reportText(report);
  }
}
