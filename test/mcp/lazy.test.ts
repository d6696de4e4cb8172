import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** The entries of the package other than /mcp, as tsup.config.ts builds them. */
const OTHER_ENTRIES = [
  'src/index.ts',
  'src/schemas/public.ts',
  'src/node/index.ts',
  'src/redis/index.ts',
  'mocks/index.ts',
  'mocks/server/node.ts',
];

/** The packages and source files a bundle of `entry` reaches, its dynamic imports included. */
const bundle = (entry: string, splitting: boolean) =>
  build({
    entryPoints: [entry],
    bundle: true,
    splitting,
    outdir: 'out',
    format: 'esm',
    platform: 'node',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });

async function reached(entry: string): Promise<{ packages: Set<string>; files: string[] }> {
  const result = await bundle(entry, true);
  const packages = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const { path, external } of output.imports) if (external) packages.add(path);
  }
  return { packages, files: Object.keys(result.metafile.inputs) };
}

describe('the MCP entry loads nothing for the other entries', () => {
  it.each(OTHER_ENTRIES)('%s reaches neither src/mcp nor @modelcontextprotocol/sdk nor gpt-tokenizer', async (entry) => {
    const { packages, files } = await reached(entry);
    expect(files.filter((f) => f.startsWith('src/mcp/'))).toEqual([]);
    expect([...packages].filter((p) => p.startsWith('@modelcontextprotocol/') || p.startsWith('gpt-tokenizer'))).toEqual([]);
  });

  it('the /mcp entry imports the MCP SDK, and the tokenizer only when a first result is bounded', async () => {
    const { packages } = await reached('src/mcp/index.ts');
    expect([...packages].some((p) => p.startsWith('@modelcontextprotocol/sdk/'))).toBe(true);
    expect(packages.has('gpt-tokenizer/encoding/o200k_base')).toBe(true);
    const statically = await bundle('src/mcp/index.ts', false);
    const imports = Object.values(statically.metafile.outputs).flatMap((o) => o.imports);
    expect(imports.filter((i) => i.path === 'gpt-tokenizer/encoding/o200k_base').map((i) => i.kind)).toEqual(['dynamic-import']);
  });
});
