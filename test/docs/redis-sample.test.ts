import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished, ROOT, type ExampleRun } from '../examples/run-example';
import { useRedisServer } from '../helpers/redis-server';
import { useSharedStandaloneMock } from '../helpers/standalone';

/**
 * The Redis samples of docs/sdk.md and docs/scaling.md, run as a reader runs them: two processes of
 * one account against a standalone mock and a real Redis. Both do their work and exit (issue 31:
 * the samples never closed their ioredis client, so the processes never ended).
 */

const redis = useRedisServer();
const server = useSharedStandaloneMock();
let dir = '';
beforeAll(async () => {
  await mkdir(join(ROOT, 'node_modules/.cache'), { recursive: true });
  dir = await mkdtemp(join(ROOT, 'node_modules/.cache/redis-sample-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The first TypeScript block under `heading`, its package imports pointed at the sources. */
async function sampleOf(doc: string, heading: string): Promise<string> {
  const text = await readFile(join(ROOT, doc), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(text.slice(text.indexOf(heading)))?.[1] ?? '';
  return block
    .replace("from 'sports-odds-data/redis'", `from '${join(ROOT, 'src/redis/index.ts')}'`)
    .replace("from 'sports-odds-data'", `from '${join(ROOT, 'src/index.ts')}'`);
}

/** Runs a sample file as its own process, killed (and failed) if it has not exited in 30 s. */
function runSample(file: string, env: Record<string, string>): Promise<ExampleRun & { exited: boolean }> {
  const child = spawn(process.execPath, ['scripts/run-ts.mjs', file], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exited = true;
  const timer = setTimeout(() => {
    exited = false;
    child.kill('SIGKILL');
  }, 30_000);
  return finished(child).then((run) => {
    clearTimeout(timer);
    return { ...run, exited };
  });
}

describe('the Redis samples of the docs', () => {
  it.each([
    ['docs/sdk.md', '## Many processes, one account'],
    ['docs/scaling.md', '## Sharing an account across processes'],
  ])('%s (%s): two processes do their work and exit', { timeout: 60_000 }, async (doc, heading) => {
    const code = await sampleOf(doc, heading);
    expect(code).toContain('redis.quit()');
    const file = join(dir, `${doc.replace(/\W/g, '-')}.ts`);
    await writeFile(file, code);
    const env = {
      SPORTS_ODDS_BASE_URL: server().url,
      SPORTS_ODDS_API_KEY: server().mock.apiKey,
      REDIS_URL: redis.url,
      FLEET_SECRET: 'a-fleet-secret-of-32-or-more-characters',
    };
    const runs = await Promise.all([runSample(file, env), runSample(file, env)]);
    for (const run of runs) {
      expect(run.exited, run.stderr).toBe(true);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^\d+ sports; the fleet has spent \d+ credits$/m);
    }
  });
});
