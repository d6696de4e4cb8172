import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runExample } from './run-example';

interface Manifest {
  version: string;
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
}
const manifest = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Manifest;

describe('npm run example -- downstream-tests', () => {
  it('runs the copyable vitest suite: handlers, an override, an added event, a broken fixture, a fault, the clock and a quota', async () => {
    const run = await runExample('downstream-tests', ['--reporter=verbose']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    for (const name of [
      'lists the next events with their moneyline, and its credits match the service ledger',
      'shows a missing price as null instead of failing (mock.use answers one route, metered as the service would)',
      'shows an event the test chose, with the prices it chose (mock.data.addEvent)',
      'would catch a typo in a fixture at once (422 fixture_invalid names the field)',
      'survives a 503 of the odds route (the SDK retries it), and the mock saw both answers',
      'moves with the service clock: two days later, other events are next',
      'stops at the daily quota with its reset time, and works again after midnight UTC',
    ])
      expect(run.stdout).toContain(name);
    expect(run.stdout).toMatch(/Tests +7 passed \(7\)/);
  });

  it('prints its own help for --help, and runs nothing', async () => {
    const run = await runExample('downstream-tests', ['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^npm run example -- downstream-tests \[vitest options\]/);
    expect(run.stdout).toContain('copy the folder, then run `npm install` and `npm test` in it');
    expect(run.stdout).not.toMatch(/vitest\/\d|RUN|Tests +\d/);
  });

  it('is a project of its own to copy: its package.json asks for this version and the tools it is tested with, and its tsconfig extends nothing', () => {
    const own = manifest('examples/downstream-tests/package.json');
    const root = manifest('package.json');
    expect(own.dependencies).toEqual({ 'sports-odds-data': `^${root.version}` });
    for (const [name, range] of Object.entries(own.devDependencies)) expect(range, name).toBe(root.devDependencies[name]);
    expect(Object.keys(own.devDependencies).sort()).toEqual(['@types/node', 'msw', 'typescript', 'vitest']);
    const tsconfig = JSON.parse(readFileSync(join(ROOT, 'examples/downstream-tests/tsconfig.json'), 'utf8')) as Record<string, unknown>;
    expect(tsconfig['extends']).toBeUndefined();
    expect(tsconfig['compilerOptions']).toMatchObject({ module: 'NodeNext', moduleResolution: 'NodeNext', strict: true });
  });
});
