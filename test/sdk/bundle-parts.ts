import { build, type BuildResult, type Metafile, type Plugin } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** An entry that creates the client and makes one call, as an application would import the SDK. */
export const ONE_CALL = `import { SportsOdds } from 'sports-odds-data';
const odds = new SportsOdds({ apiKey: 'svc_live_example', baseUrl: 'https://api.example.com' });
export const sports = await odds.catalog.sports();
`;

/** The package's runtime dependencies and peers: external in the package's own build (tsup.config.ts). */
const DEPENDENCIES = ['ky', 'zod', 'p-retry', 'msw', 'lru-cache'];

export const gz = (text: string): number => gzipSync(text, { level: 9 }).length;

/** One bundle: its code, the inputs it holds, and the modules it leaves to dynamic imports. */
export interface Bundle {
  code: string;
  metafile: Metafile;
  /** Map of the bundle's code (a source map), to say what each byte comes from. */
  map: string;
  /** What the code imports on demand (`import()`), left out of this bundle. */
  lazy: string[];
}

/**
 * The browser bundle of `entry`, minified, with what it loads on demand (dynamic imports) left out:
 * what a page loads before its first retry or rotation. `asBuilt` first builds the package as tsup
 * does (dependencies external, `keepNames`), so the figure is what an application bundling the
 * published package ships; otherwise the sources are bundled directly.
 *
 * @example
 * const { code } = await initialBundle(ONE_CALL, false);
 */
export async function initialBundle(entry: string, asBuilt: boolean): Promise<Bundle> {
  const lazy: string[] = [];
  const pkg = asBuilt ? await builtPackage() : undefined;
  const plugin: Plugin = {
    name: 'sports-odds-data',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        lazy.push(args.path);
        return { path: args.path, external: true };
      });
      b.onResolve({ filter: /^sports-odds-data$/ }, () =>
        pkg === undefined ? { path: `${root}src/index.ts` } : { path: 'index.js', namespace: 'package' },
      );
      b.onResolve({ filter: /^\.\// }, (args) =>
        args.namespace === 'package' ? { path: args.path.slice(2), namespace: 'package' } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'package' }, (args) => ({ contents: pkg?.get(args.path) ?? '', loader: 'js', resolveDir: root }));
    },
  };
  const result: BuildResult<{ write: false; metafile: true }> = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'app.ts' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    sourcemap: 'external',
    outfile: 'app.js',
    plugins: [plugin],
    logLevel: 'silent',
  });
  const code = result.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '';
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'))?.text ?? '';
  return { code, metafile: result.metafile, map, lazy };
}

/** The package's modules as tsup builds them (one shared build, `keepNames`), by file name. */
async function builtPackage(): Promise<Map<string, string>> {
  const result = await build({
    entryPoints: { index: `${root}src/index.ts` },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    splitting: true,
    keepNames: true,
    external: DEPENDENCIES,
    outdir: `${root}dist-bundle-test`,
    write: false,
    logLevel: 'silent',
  });
  return new Map(result.outputFiles.map((f) => [f.path.slice(f.path.lastIndexOf('/') + 1), f.text]));
}

/** The part of the bundle an input belongs to. */
export function partOf(input: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(input);
  if (pkg !== null) {
    const [, name, rest] = pkg as unknown as [string, string, string];
    if (name === 'zod') return rest.includes('/mini/') ? 'zod (mini API)' : 'zod (core)';
    if (name === 'ky' && rest.includes('is-network-error')) return 'ky';
    return name;
  }
  if (input.startsWith('package:')) return 'sports-odds-data (as built)';
  // A room of src/core: a folder, or a file of its own.
  const room = /^src\/core\/([^/]+\/|[^/]+\.ts$)/.exec(input)?.[1];
  if (room !== undefined) return `src/core/${room}`;
  const dir = /^src\/([^/]+)\//.exec(input)?.[1];
  return dir === undefined ? input : `src/${dir}`;
}

/** Bytes of the minified code per part, read from the source map (each segment to its source). */
export function bytesByPart(bundle: Bundle): Map<string, number[][]> {
  const map = JSON.parse(bundle.map) as { sources: string[]; mappings: string };
  const sources = map.sources.map((s) => s.replace(/^(\.\.\/)+/, '').replace(/^.*?(node_modules\/)/, '$1'));
  const lines = bundle.code.split('\n');
  const lineStarts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineStarts.push(offset);
    offset += line.length + 1;
  }
  // Segments: [generated offset, source index], in order.
  const segments: [number, number][] = [];
  let source = 0;
  map.mappings.split(';').forEach((line, lineNo) => {
    let column = 0;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields = decodeVlq(segment);
      column += fields[0] as number;
      if (fields.length > 1) {
        source += fields[1] as number;
        segments.push([(lineStarts[lineNo] ?? 0) + column, source]);
      }
      // Fields 2 to 4 (original line, column, name) are relative too, but not needed here.
    }
  });
  const ranges = new Map<string, number[][]>();
  segments.forEach(([start, src], i) => {
    const end = segments[i + 1]?.[0] ?? bundle.code.length;
    const part = partOf(sources[src] ?? '?');
    const list = ranges.get(part) ?? [];
    const last = list.at(-1);
    if (last !== undefined && last[1] === start) last[1] = end;
    else list.push([start, end]);
    ranges.set(part, list);
  });
  return ranges;
}

/**
 * The table of parts: minified bytes of each, and what it costs gzip (the bundle's gzip size less
 * that of the bundle without it: shared patterns make these not add up to the total).
 */
export function partsTable(bundle: Bundle): { part: string; min: number; gz: number }[] {
  const total = gz(bundle.code);
  return [...bytesByPart(bundle)]
    .map(([part, ranges]) => {
      let without = '';
      let from = 0;
      for (const [start, end] of [...ranges].sort((a, b) => (a[0] as number) - (b[0] as number))) {
        without += bundle.code.slice(from, start);
        from = end as number;
      }
      without += bundle.code.slice(from);
      const min = ranges.reduce((sum, [start, end]) => sum + ((end as number) - (start as number)), 0);
      return { part, min, gz: total - gz(without) };
    })
    .sort((a, b) => b.min - a.min);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}
