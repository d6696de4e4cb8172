// Runs the scenario in a runtime that runs a file from the command line (Node, Bun, Deno): the
// entry prints one `RESULT {json}` line; the process must then exit on its own, with code 0.
import { runProcess, tail } from '../process.mjs';

/** How long a runtime may take to exit after printing its result before it counts as hung. */
const EXIT_GRACE_MS = 5_000;

/**
 * Runs `command ...args cli-entry.mjs` in the scratch project.
 *
 * @example
 * const outcome = await runCli({ command: denoPath, args: ['run', '--allow-env'], cwd: scratch, timeoutMs: 60_000 });
 */
export async function runCli({ command, args = [], cwd, env, timeoutMs }) {
  const run = await runProcess(command, [...args, 'cli-entry.mjs'], {
    cwd,
    env,
    timeoutMs,
    exitAfter: { output: /^RESULT .*\n/m, ms: EXIT_GRACE_MS },
  });
  const output = `${run.stdout}\n${run.stderr}`;
  if (run.spawnError) return { failure: { step: 'start', message: `could not start ${command}: ${run.spawnError.message}` } };

  const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (line === undefined) {
    const why = run.timedOut ? `no result within ${timeoutMs / 1000} s` : `exited with ${run.code ?? run.signal} before printing a result`;
    return { failure: { step: 'run the scenario', message: `${why}:\n${tail(output)}` } };
  }
  let parsed;
  try {
    parsed = JSON.parse(line.slice('RESULT '.length));
  } catch (error) {
    return { failure: { step: 'read the result', message: `unreadable RESULT line (${error.message}): ${line.slice(0, 300)}` } };
  }
  const { runtime: version, ...scenario } = parsed;
  if (!scenario.ok) return { version, scenario };
  if (run.hung) {
    return {
      version,
      scenario,
      failure: {
        step: 'exit',
        message: `the scenario passed, but the process did not exit within ${EXIT_GRACE_MS / 1000} s after it: something keeps its event loop alive`,
      },
    };
  }
  if (run.code !== 0) {
    return {
      version,
      scenario,
      failure: { step: 'exit', message: `the scenario passed, but the process exited with ${run.code ?? run.signal}:\n${tail(output)}` },
    };
  }
  return { version, scenario };
}
