// How the harness prints its verdicts: one line per runtime as it finishes, then a summary table.

/** Seconds with one decimal. */
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The verdict of one runtime from its driver's outcome: PASS only when the scenario passed, the
 * runtime is the pinned version, and the driver saw no failure (such as a process that never exits).
 *
 * @example
 * verdict(runtime, { version: 'Node v22.12.0', scenario: { ok: true, steps } }, 640);
 */
export function verdict(runtime, outcome, ms) {
  const version = outcome.version ?? `${runtime.expected} (expected; not reported)`;
  let failure = outcome.failure;
  if (!failure && outcome.scenario && !outcome.scenario.ok) {
    failure = { step: `scenario step "${outcome.scenario.failedStep}"`, message: outcome.scenario.error };
  }
  if (!failure && !outcome.scenario) failure = { step: 'run the scenario', message: 'the driver returned no result' };
  if (!failure && outcome.version !== undefined && !outcome.version.startsWith(runtime.expected)) {
    failure = { step: 'check the version', message: `ran ${outcome.version}, expected ${runtime.expected}` };
  }
  return { name: runtime.name, version, ok: failure === undefined, failure, steps: outcome.scenario?.steps ?? [], ms };
}

/** The line printed when a runtime finishes (and, on failure, which step failed and why). */
export function verdictLines(v, { verbose = false } = {}) {
  const lines = [`${v.ok ? 'PASS' : 'FAIL'}  ${v.name.padEnd(18)} ${v.version}  (${seconds(v.ms)})`];
  if (!v.ok) lines.push(`      ${v.name} failed at ${v.failure.step}: ${v.failure.message}`);
  if (verbose || !v.ok) {
    for (const step of v.steps) lines.push(`        ${step.ok ? 'ok  ' : 'FAIL'} ${step.name}: ${step.detail} (${step.ms} ms)`);
  }
  return lines;
}

/** The summary table of every runtime, as aligned columns. */
export function summaryTable(verdicts) {
  const rows = [
    ['runtime', 'version', 'result', 'time'],
    ...verdicts.map((v) => [v.name, v.version, v.ok ? 'PASS' : 'FAIL', seconds(v.ms)]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const format = (row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  return [format(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(format)].join('\n');
}
