import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { OPENAPI_REGENERATE, runTool } from './tools';

describe('docs/openapi.json, read by third-party validators', () => {
  it("passes redocly's recommended-strict ruleset with no problem", async () => {
    const { code, output } = await runTool('redocly', [
      'lint',
      'docs/openapi.json',
      '--extends',
      'recommended-strict',
      '--format',
      'stylish',
      '--max-problems',
      '1000',
    ]);
    expect(output, OPENAPI_REGENERATE).toMatch(/Your API description is valid/);
    expect(output, OPENAPI_REGENERATE).not.toMatch(/warning|error/i);
    expect(code, OPENAPI_REGENERATE).toBe(0);
  });

  it('is a valid OpenAPI 3.1 document for swagger-parser, every $ref resolved', async () => {
    const document = (await SwaggerParser.validate('docs/openapi.json')) as { openapi?: string; paths?: Record<string, unknown> };
    expect(document.openapi, OPENAPI_REGENERATE).toBe('3.1.0');
    expect(Object.keys(document.paths ?? {}).length, OPENAPI_REGENERATE).toBeGreaterThan(20);
  });
});
