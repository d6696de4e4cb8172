import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_REGENERATE, runTool } from './tools';

const OUT = 'test/openapi/.generated/types';

describe('openapi-typescript types of docs/openapi.json, with openapi-fetch', () => {
  it('compile a spec-style call (sport_id: 29, live: 1) and narrow market and live_status to their values', async () => {
    mkdirSync(OUT, { recursive: true });
    const generated = await runTool('openapi-typescript', ['docs/openapi.json', '--output', `${OUT}/openapi.d.ts`]);
    expect(generated.code, `${OPENAPI_REGENERATE}\n${generated.output}`).toBe(0);
    writeFileSync(
      `${OUT}/tsconfig.json`,
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          skipLibCheck: true,
          types: [],
          lib: ['ES2023', 'DOM'],
        },
        files: ['../../fixtures/typed-call.ts'],
      }),
    );
    const compiled = await runTool('tsc', ['-p', `${OUT}/tsconfig.json`]);
    expect(compiled.output, OPENAPI_REGENERATE).toBe('');
    expect(compiled.code, OPENAPI_REGENERATE).toBe(0);
  }, 120_000);
});
