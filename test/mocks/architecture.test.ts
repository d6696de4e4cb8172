import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { cyclesOf, type Floors, floorsOf, foldersUnder, type Import, importGraph } from '../../scripts/floors';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The arrows that run back up, each named in CONTRIBUTING.md's floor plan with why: the SDK's
 * route methods type themselves by the client that mounts them (type-only).
 */
const NAMED_BACK_UP = ['src: resources/ -> client.ts'];

/** The Node-only entries of src/: the only folders of src/ that may import a Node built-in. */
const NODE_ONLY = ['src/node/', 'src/mcp/node/'];

/**
 * The one import of mocks/ from src/, named in CONTRIBUTING.md's floor plan with why: the MCP bin loads the
 * mock's public entry on demand for `--mock` (the same module users import as `sports-odds-data/mocks`).
 */
const NAMED_SRC_TO_MOCKS = ['src/mcp/node/cli.ts -> mocks/index.ts'];

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Whether an import loads a Node built-in (`node:fs`, `fs`, `fs/promises`). */
const isNodeBuiltin = (spec: string): boolean => spec.startsWith('node:') || NODE_BUILTINS.has(spec.split('/')[0] as string);

/** The floor plan's nevers, each broken import as `file -> what it imports: which never`. */
function brokenNevers(graph: ReadonlyMap<string, readonly Import[]>): string[] {
  const broken: string[] = [];
  for (const [file, imports] of graph) {
    for (const { spec, target } of imports) {
      const to = target ?? spec;
      const never = (rule: string) => broken.push(`${file} -> ${to}: ${rule}`);
      if (file.startsWith('src/') && to.startsWith('mocks/') && !NAMED_SRC_TO_MOCKS.includes(`${file} -> ${to}`))
        never('src/ imports nothing from mocks/');
      if (file.startsWith('src/') && !NODE_ONLY.some((folder) => file.startsWith(folder)) && isNodeBuiltin(spec))
        never('src/ imports no Node built-in outside its Node-only entries (src/node/, src/mcp/node/)');
      if (file.startsWith('mocks/service/')) {
        if (isNodeBuiltin(spec)) never('mocks/service imports no Node built-in');
        if (to.startsWith('mocks/') && !to.startsWith('mocks/service/')) never('mocks/service imports nothing of mocks/ outside itself');
      }
      if (file.startsWith('mocks/') && to.startsWith('src/') && !to.startsWith('src/schemas/')) {
        if (!(file.startsWith('mocks/verify/') && to === 'src/index.ts'))
          never('the mock meets the SDK only at src/schemas (verify: also its public entry)');
      }
    }
  }
  return broken;
}

/** The arrows that run back up in every folder under `tops`, as `top: from -> to`. */
function backUpArrows(graph: ReadonlyMap<string, readonly Import[]>, tops: readonly string[]): string[] {
  return tops.flatMap((top) =>
    foldersUnder(graph, top)
      .map((folder): Floors => floorsOf(graph, folder))
      .flatMap(({ folder, backUp }) => backUp.map((a) => `${folder}: ${a.from} -> ${a.to}`)),
  );
}

/** A graph of made-up modules, each importing what `edges` lists (`type:` marks an `import type`). */
const fake = (edges: Record<string, string[]>): Map<string, Import[]> =>
  new Map(
    Object.entries(edges).map(([file, specs]) => [
      file,
      specs.map((written) => {
        const spec = written.replace(/^type:/, '');
        return { spec, target: spec.includes('/') && !spec.startsWith('node:') ? spec : undefined, typeOnly: written !== spec };
      }),
    ]),
  );

describe('the floor plan of src/ and mocks/ (CONTRIBUTING.md, "The floor plan")', () => {
  const graph = importGraph(root);

  it('keeps every never', () => {
    // The drawing reads every module and its imports: the table's arrow to a route's handler is one of them.
    expect(graph.get('mocks/service/handlers.ts')?.map((i) => i.target)).toContain('mocks/service/routes/keys.ts');
    expect(brokenNevers(graph)).toEqual([]);
  });

  it('has no import cycle between modules, type-only imports included', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('has no arrow that runs back up in any folder, but the ones it names', () => {
    expect(backUpArrows(graph, ['src', 'mocks']).sort()).toEqual([...NAMED_BACK_UP].sort());
  });

  it('the mock service sits on its floors with its contract below the pipeline, the routes and the table', () => {
    const { floors } = floorsOf(graph, 'mocks/service');
    const floor = (room: string) => floors.get(room) as number;
    for (const above of ['pipeline/', 'routes/', 'actions/', 'use/', 'handlers.ts', 'registry.ts', 'request-path.ts'])
      expect(floor(above), above).toBeGreaterThan(floor('contract.ts'));
    for (const below of ['state/', 'data/', 'clock.ts', 'http-messages.ts']) expect(floor(below), below).toBeLessThan(floor('contract.ts'));
    expect(Math.max(...floors.values())).toBe(floor('mock-service.ts'));
    // The contract is a leaf of types: nothing of it is left in the build.
    expect(graph.get('mocks/service/contract.ts')?.filter((i) => !i.typeOnly)).toEqual([]);
  });

  it('type-checks the service without Node types and the server with them, in npm run typecheck', () => {
    const typesOf = (config: string) => {
      const read = ts.readConfigFile(join(root, config), ts.sys.readFile);
      return ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(join(root, config))).options.types;
    };
    expect(typesOf('mocks/service/tsconfig.json')).toEqual([]);
    expect(typesOf('tsconfig.src.json')).toEqual([]);
    expect(typesOf('mocks/server/tsconfig.json')).toEqual(['node']);
    const typecheck = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
      'typecheck'
    ];
    for (const config of ['tsconfig.src.json', 'mocks/service/tsconfig.json', 'mocks/server/tsconfig.json'])
      expect(typecheck, config).toContain(`tsc -p ${config} --noEmit`);
  });

  it('names each broken never, each circle and each arrow back up (the checks can fail)', () => {
    const bad = fake({
      'src/core/a.ts': ['mocks/service/x.ts', 'node:fs'],
      'src/node/index.ts': ['node:fs'],
      'mocks/service/x.ts': ['crypto', 'mocks/server/y.ts', 'mocks/verify/z.ts', 'src/core/a.ts', 'src/schemas/s.ts'],
      'mocks/server/y.ts': ['node:http', 'src/core/a.ts'],
      'mocks/verify/z.ts': ['src/index.ts', 'src/client.ts'],
      'mocks/fixtures/f.ts': ['mocks/service/x.ts'],
    });
    expect(brokenNevers(bad)).toEqual([
      'src/core/a.ts -> mocks/service/x.ts: src/ imports nothing from mocks/',
      'src/core/a.ts -> node:fs: src/ imports no Node built-in outside its Node-only entries (src/node/, src/mcp/node/)',
      'mocks/service/x.ts -> crypto: mocks/service imports no Node built-in',
      'mocks/service/x.ts -> mocks/server/y.ts: mocks/service imports nothing of mocks/ outside itself',
      'mocks/service/x.ts -> mocks/verify/z.ts: mocks/service imports nothing of mocks/ outside itself',
      'mocks/service/x.ts -> src/core/a.ts: the mock meets the SDK only at src/schemas (verify: also its public entry)',
      'mocks/server/y.ts -> src/core/a.ts: the mock meets the SDK only at src/schemas (verify: also its public entry)',
      'mocks/verify/z.ts -> src/client.ts: the mock meets the SDK only at src/schemas (verify: also its public entry)',
    ]);
    const circle = fake({
      'mocks/service/contract.ts': ['mocks/service/pipeline/input.ts'],
      'mocks/service/pipeline/input.ts': ['mocks/service/contract.ts'],
      'mocks/service/request-path.ts': ['mocks/service/pipeline/input.ts'],
    });
    expect(cyclesOf(circle)).toEqual(['mocks/service/contract.ts -> mocks/service/pipeline/input.ts -> mocks/service/contract.ts']);
    expect(backUpArrows(circle, ['mocks']).sort()).toEqual([
      'mocks/service: contract.ts -> pipeline/',
      'mocks/service: pipeline/ -> contract.ts',
    ]);
    // Rooms of a folder, not files: an arrow between two sub-folders runs back up with no module circle.
    const rooms = fake({
      'mocks/service/state/a.ts': ['mocks/service/routes/b.ts'],
      'mocks/service/routes/c.ts': ['mocks/service/state/d.ts'],
    });
    expect(cyclesOf(rooms)).toEqual([]);
    expect(backUpArrows(rooms, ['mocks']).sort()).toEqual(['mocks/service: routes/ -> state/', 'mocks/service: state/ -> routes/']);
    // A type-only arrow that closes a circle is the one that runs back up; the floors stand without it.
    const typeBack = fake({
      'mocks/service/state/a.ts': ['type:mocks/service/routes/b.ts'],
      'mocks/service/routes/c.ts': ['mocks/service/state/d.ts'],
    });
    expect(backUpArrows(typeBack, ['mocks'])).toEqual(['mocks/service: state/ -> routes/']);
    expect(Object.fromEntries(floorsOf(typeBack, 'mocks/service').floors)).toEqual({ 'routes/': 1, 'state/': 0 });
  });
});
