// Child processes and deadlines for the runtimes harness: output is captured (and shown only when
// something fails), every process has a deadline after which it is killed, by its own pid.
import { spawn } from 'node:child_process';

/** A step of the harness that failed: `step` names what was being done, for the report. */
export class StepError extends Error {
  /**
   * @param {string} step
   * @param {string} message
   * @param {unknown} [cause]
   */
  constructor(step, message, cause) {
    super(message, cause === undefined ? undefined : { cause });
    this.step = step;
  }
}

/** The last `lines` lines of a process's output, indented, for a failure message. */
export const tail = (text, lines = 20) =>
  text
    .trimEnd()
    .split('\n')
    .slice(-lines)
    .map((line) => `    ${line}`)
    .join('\n');

/**
 * Runs a command with captured output until it exits or `timeoutMs` passes (then kills it).
 * With `exitAfter`, once stdout matches `exitAfter.output` the process has `exitAfter.ms` more to
 * exit on its own; if it does not, it is killed and the result says `hung`.
 *
 * @example
 * const { code, stdout } = await runProcess('npm', ['pack'], { cwd: root, timeoutMs: 60_000 });
 */
export function runProcess(command, args, { cwd, env = process.env, timeoutMs, exitAfter } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let hung = false;
    let grace;
    const deadline = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const settle = (outcome) => {
      clearTimeout(deadline);
      clearTimeout(grace);
      resolve({ stdout, stderr, timedOut, hung, ...outcome });
    };
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
      if (exitAfter && grace === undefined && exitAfter.output.test(stdout)) {
        grace = setTimeout(() => {
          hung = true;
          child.kill('SIGKILL');
        }, exitAfter.ms);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error) => settle({ code: null, signal: null, spawnError: error }));
    child.on('close', (code, signal) => settle({ code, signal }));
  });
}

/**
 * Runs a command that must succeed; throws a StepError naming `step`, with the output's tail.
 *
 * @example
 * await mustRun('build', 'npm', ['run', 'build'], { cwd: root, timeoutMs: 120_000 });
 */
export async function mustRun(step, command, args, options) {
  const result = await runProcess(command, args, options);
  const line = [command, ...args].join(' ');
  if (result.spawnError) throw new StepError(step, `could not start \`${line}\`: ${result.spawnError.message}`);
  if (result.timedOut) throw new StepError(step, `\`${line}\` did not finish within ${options.timeoutMs / 1000} s`);
  if (result.code !== 0) {
    throw new StepError(step, `\`${line}\` exited with ${result.code ?? result.signal}:\n${tail(`${result.stdout}\n${result.stderr}`)}`);
  }
  return result;
}

/**
 * Resolves `promise`, or rejects with a StepError once `ms` have passed.
 *
 * @example
 * const response = await withDeadline(mf.dispatchFetch(url), 60_000, 'scenario', 'no answer from the Worker');
 */
export async function withDeadline(promise, ms, step, what) {
  let timer;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new StepError(step, `${what} within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}
