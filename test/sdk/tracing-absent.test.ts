import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs in a folder outside the repository, where `@opentelemetry/api` cannot be found: one call of
 * the SDK against the mock, with the `tracing` option of the first argument; prints what happened.
 */
const PROGRAM = `
import { SportsOdds } from './index.js';
import { createMockService } from './mocks.js';
const apiFound = await import(['@opentelemetry', 'api'].join('/')).then(() => true, () => false);
const mock = createMockService({ now: '2026-11-21T15:00:00Z' });
const warnings = [];
const logger = { debug() {}, info() {}, error() {}, warn: (message) => warnings.push(message) };
// A tracer of the application's (any object of Tracer's shape): given one, the SDK loads its tracing code.
const span = { setAttributes() {}, addEvent() {}, setStatus() {}, isRecording: () => true, end() {} };
const tracing = process.argv[2] === 'tracer' ? { tracer: { startSpan: () => span } } : undefined;
const odds = new SportsOdds({ apiKey: mock.apiKey, baseUrl: mock.baseUrl, fetch: mock.fetch, logger, logLevel: 'warn', tracing });
const sports = await odds.catalog.sports();
await odds.catalog.sports();
console.log(JSON.stringify({ apiFound, sports: sports.length, warnings }));
`;

describe('without @opentelemetry/api installed', () => {
  let dir = '';

  beforeAll(async () => {
    // The SDK and the mock for Node, every dependency inlined, with the SDK's tracing chunk deleted:
    // a call that asked for it would say so in the log.
    dir = mkdtempSync(join(tmpdir(), 'sports-odds-no-otel-'));
    const result = await build({
      absWorkingDir: root,
      entryPoints: { index: 'src/index.ts', mocks: 'mocks/index.ts' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      outdir: dir,
      metafile: true,
      logLevel: 'silent',
      // The CommonJS dependencies of the mock's (debug) require Node's modules.
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    });
    const chunks = Object.entries(result.metafile.outputs).filter(([, output]) => 'src/core/observability/spans.ts' in output.inputs);
    expect(chunks.map(([, output]) => Object.keys(output.inputs))).toEqual([['src/core/observability/spans.ts']]);
    unlinkSync(join(root, chunks[0]?.[0] as string));
    writeFileSync(join(dir, 'program.mjs'), PROGRAM);
  }, 60_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = async (...args: string[]) => {
    const { stdout } = await promisify(execFile)(process.execPath, ['program.mjs', ...args], { cwd: dir });
    return JSON.parse(stdout) as { apiFound: boolean; sports: number; warnings: string[] };
  };

  it('calls as before, and never loads the tracing code', async () => {
    expect(await run()).toEqual({ apiFound: false, sports: 44, warnings: [] });
  });

  it('loads the tracing code when given a tracer (the check above can fail), and calls on untraced when it cannot', async () => {
    const { sports, warnings } = await run('tracer');
    expect(sports).toBe(44);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^sports-odds: tracing is off: .*Cannot find module/);
  });
});
