import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { publishBlockers } from '../../scripts/lib/release-checks.mjs';

/**
 * The package has no public repository yet: `repository` and `bugs` are unset on purpose, and a
 * release (npm run release, or a bare npm publish through prepublishOnly) refuses, saying how to
 * set them, before it changes anything.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'release-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('publishBlockers', () => {
  it('names a missing repository and a missing bugs address, with the command that sets each', () => {
    const [repository, bugs] = publishBlockers({});
    expect(repository).toMatch(/no `repository`.*npm pkg set repository\.type=git repository\.url=/);
    expect(bugs).toMatch(/no `bugs`.*npm pkg set bugs\.url=/);
  });

  it('passes a package that says where its source and its issues are', () => {
    expect(
      publishBlockers({ repository: { url: 'git+https://example.org/a/b.git' }, bugs: { url: 'https://example.org/a/b/issues' } }),
    ).toEqual([]);
    expect(publishBlockers({ repository: 'example/b', bugs: { email: 'bugs@example.org' } })).toEqual([]);
  });
});

describe('npm run release', () => {
  it('refuses while package.json has no repository, and changes nothing', () => {
    const manifest = { name: 'sports-odds-data', version: '0.0.0' };
    writeFileSync(join(scratch, 'package.json'), JSON.stringify(manifest));
    const run = spawnSync(process.execPath, [join(root, 'scripts/release.mjs')], { cwd: scratch, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('release failed: nothing was changed');
    expect(run.stderr).toContain('npm pkg set repository.type=git');
    expect(run.stdout).not.toContain('$ npx');
    expect(readdirSync(scratch)).toEqual(['package.json']);
    expect(JSON.parse(readFileSync(join(scratch, 'package.json'), 'utf8'))).toEqual(manifest);
  });

  it('is what npm publish checks first too (prepublishOnly)', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['prepublishOnly']).toBe('node scripts/lib/release-checks.mjs');
    const run = spawnSync(process.execPath, [join(root, 'scripts/lib/release-checks.mjs')], { cwd: scratch, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^npm publish refused: package\.json has no `repository`/);
  });
});
