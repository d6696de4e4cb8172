import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm ci` on the machine's own Node (20 on CI, where the README says it is fine for development)
 * prints no EBADENGINE warning: npm runs there, while the dev tools that ask for Node 22 or newer run
 * on the `node` devDependency's Node 24. The check is `npm ci --dry-run`, which builds and checks
 * the same tree from the lockfile as `npm ci` without installing it.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'npm-ci-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** PATH without the repository's node_modules/.bin: `node` and `npm` are the machine's own. */
const machinePath = (process.env['PATH'] ?? '')
  .split(delimiter)
  .filter((dir) => !dir.includes('node_modules'))
  .join(delimiter);
const machineNode = machinePath
  .split(delimiter)
  .map((dir) => join(dir, 'node'))
  .find((file) => existsSync(file));

/** The environment of a fresh shell: no `npm_config_*` that an npm running this test passes down. */
const machineEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name))),
  PATH: machinePath,
};

/** `npm ci --dry-run` of a copy of the repository's manifest, lockfile and, when asked, .npmrc; its output. */
function npmCiDryRun(withNpmrc: boolean): { status: number | null; output: string } {
  for (const file of ['package.json', 'package-lock.json', ...(withNpmrc ? ['.npmrc'] : [])])
    copyFileSync(join(root, file), join(scratch, file));
  if (!withNpmrc) rmSync(join(scratch, '.npmrc'), { force: true });
  const run = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--prefer-offline'], {
    cwd: scratch,
    encoding: 'utf8',
    env: machineEnv,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const machineMajor = Number(/^v(\d+)/.exec(spawnSync(machineNode ?? 'node', ['--version'], { encoding: 'utf8' }).stdout)?.[1]);

describe("npm ci on the machine's Node", () => {
  it('runs on a Node the repository says it supports for development (devEngines)', () => {
    const { devEngines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      devEngines: { runtime: { name: string; version: string; onFail: string }; packageManager: { name: string; version: string } };
    };
    expect(devEngines.runtime).toEqual({ name: 'node', version: '>=20', onFail: 'error' });
    expect(devEngines.packageManager).toMatchObject({ name: 'npm', version: '>=11' });
    expect(machineMajor).toBeGreaterThanOrEqual(20);
  });

  it('prints no EBADENGINE warning, and nothing but its summary', { timeout: 120_000 }, () => {
    const run = npmCiDryRun(true);
    expect(run.status, run.output).toBe(0);
    expect(run.output).not.toContain('EBADENGINE');
    expect(run.output).not.toMatch(/^npm (warn|WARN)/m);
    expect(run.output).toMatch(/^added \d+ packages/m);
  });

  it.runIf(machineMajor < 22)(
    'would print dozens without the repository .npmrc, on a Node older than the tools ask for',
    { timeout: 120_000 },
    () => {
      const run = npmCiDryRun(false);
      expect(run.status, run.output).toBe(0);
      expect(run.output.match(/npm warn EBADENGINE Unsupported engine/g)?.length ?? 0).toBeGreaterThan(50);
    },
  );
});
