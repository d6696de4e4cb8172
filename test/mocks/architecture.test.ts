import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  allowancesOf,
  cyclesOf,
  type Floors,
  floorsOf,
  foldersUnder,
  type Import,
  importGraph,
  isNodeBuiltin,
  outsideAllowances,
} from '../../scripts/floors';
import { aroundFaces, facedFolders, onDemand, roomsWithFaces } from '../../scripts/faces';

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

const CONTRIBUTING = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');

/** The floor plan's table of what each folder may import (CONTRIBUTING.md, "The floor plan"). */
const ALLOWANCES = allowancesOf(CONTRIBUTING);

/** The folders whose rooms are imported through their faces, as the floor plan says of them ("Inside `src/core/`"). */
const FACED = facedFolders(CONTRIBUTING);

/** The shared floors where the mock meets the SDK: the schemas and the route table, and the domain logic beside them. */
const SHARED_FLOORS = ['src/schemas/', 'src/domain/'];

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
      if (file.startsWith('src/domain/') && !(to.startsWith('src/domain/') || to.startsWith('src/schemas/')))
        never('src/domain imports only src/schemas');
      if (file.startsWith('mocks/service/')) {
        if (isNodeBuiltin(spec)) never('mocks/service imports no Node built-in');
        if (to.startsWith('mocks/') && !to.startsWith('mocks/service/')) never('mocks/service imports nothing of mocks/ outside itself');
      }
      if (file.startsWith('mocks/') && to.startsWith('src/') && !SHARED_FLOORS.some((floor) => to.startsWith(floor))) {
        if (!(file.startsWith('mocks/verify/') && to === 'src/index.ts'))
          never('the mock meets the SDK only at src/schemas and src/domain (verify: also its public entry)');
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

/** A graph of made-up modules, each importing what `edges` lists (`type:` marks an `import type`, `lazy:` an `import()`). */
const fake = (edges: Record<string, string[]>): Map<string, Import[]> =>
  new Map(
    Object.entries(edges).map(([file, specs]) => [
      file,
      specs.map((written) => {
        const spec = written.replace(/^(type|lazy):/, '');
        return {
          spec,
          target: /^(src|mocks)\//.test(spec) ? spec : undefined,
          typeOnly: written.startsWith('type:'),
          dynamic: written.startsWith('lazy:'),
        };
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

  it("keeps to what each folder may import, CONTRIBUTING.md's table read as written", () => {
    // The table names every wing; a module outside every row, or an import outside its row's allowance, is named.
    expect(ALLOWANCES.map((row) => row.holds.join(', '))).toContain('mocks/verify/');
    expect(outsideAllowances(graph, ALLOWANCES)).toEqual([]);
  });

  it('imports each room of src/core/ and mocks/service/data/ through its face, but what loads on demand and what that reaches', () => {
    expect(FACED).toEqual(['src/core', 'mocks/service/data']);
    const rooms = roomsWithFaces(graph, FACED);
    // Every sub-folder is a room; data/ is one too, seen from outside it; src/core/ has no face of its own.
    expect(rooms).toEqual(expect.arrayContaining(['mocks/service/data', 'mocks/service/data/pricing/engines', 'src/core/validation']));
    expect(rooms).not.toContain('src/core');
    // What loads on demand is read from the import()s; what those reach includes the two modules the floor plan names as
    // imported by their paths (the parameters' instants, the reuse's selection for the Redis entry).
    const { named, reached } = onDemand(graph, rooms);
    expect([...named]).toEqual(
      expect.arrayContaining(['src/core/reuse/runner.ts', 'src/core/scans/pages.ts', 'src/core/coordination/plan-rate.ts']),
    );
    expect([...reached]).toEqual(expect.arrayContaining(['src/core/validation/instants.ts', 'src/core/reuse/selection.ts']));
    expect(aroundFaces(graph, FACED)).toEqual([]);
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
      'src/domain/d.ts': ['src/schemas/s.ts', 'src/core/a.ts', 'zod'],
    });
    expect(brokenNevers(bad)).toEqual([
      'src/core/a.ts -> mocks/service/x.ts: src/ imports nothing from mocks/',
      'src/core/a.ts -> node:fs: src/ imports no Node built-in outside its Node-only entries (src/node/, src/mcp/node/)',
      'mocks/service/x.ts -> crypto: mocks/service imports no Node built-in',
      'mocks/service/x.ts -> mocks/server/y.ts: mocks/service imports nothing of mocks/ outside itself',
      'mocks/service/x.ts -> mocks/verify/z.ts: mocks/service imports nothing of mocks/ outside itself',
      'mocks/service/x.ts -> src/core/a.ts: the mock meets the SDK only at src/schemas and src/domain (verify: also its public entry)',
      'mocks/server/y.ts -> src/core/a.ts: the mock meets the SDK only at src/schemas and src/domain (verify: also its public entry)',
      'mocks/verify/z.ts -> src/client.ts: the mock meets the SDK only at src/schemas and src/domain (verify: also its public entry)',
      'src/domain/d.ts -> src/core/a.ts: src/domain imports only src/schemas',
      'src/domain/d.ts -> zod: src/domain imports only src/schemas',
    ]);
    // What a folder may import, read from a table: its own row, the names it lists, nothing else; a module no row holds.
    const plan = allowancesOf(
      [
        '| folder | what it holds | may import |',
        '| --- | --- | --- |',
        '| `src/schemas/` | the schemas | `zod` |',
        '| `src/core/`, `src/index.ts` | the SDK | `src/schemas/`, `ky`, `@scope/pkg` |',
        '| `mocks/verify/` | verify | `src/index.ts`, `node:` |',
        '',
        '| folder | what it holds | may import |',
        '| `ignored/` | a second table | `anything` |',
      ].join('\n'),
    );
    expect(plan).toEqual([
      { holds: ['src/schemas/'], mayImport: ['zod'] },
      { holds: ['src/core/', 'src/index.ts'], mayImport: ['src/schemas/', 'ky', '@scope/pkg'] },
      { holds: ['mocks/verify/'], mayImport: ['src/index.ts', 'node:'] },
    ]);
    const allowed = fake({
      'src/schemas/s.ts': ['zod/mini', 'src/core/a.ts'],
      'src/core/a.ts': ['src/index.ts', 'src/schemas/s.ts', 'ky', '@scope/pkg/sub', '@scope/other', 'p-retry', 'node:fs'],
      'src/index.ts': ['src/core/a.ts'],
      'mocks/verify/z.ts': ['src/index.ts', 'fs/promises', 'src/schemas/s.ts'],
      'mocks/service/x.ts': ['zod'],
    });
    expect(outsideAllowances(allowed, plan)).toEqual([
      'src/schemas/s.ts -> src/core/a.ts: src/schemas/ may import zod',
      'src/core/a.ts -> @scope/other: src/core/, src/index.ts may import src/schemas/, ky, @scope/pkg',
      'src/core/a.ts -> p-retry: src/core/, src/index.ts may import src/schemas/, ky, @scope/pkg',
      'src/core/a.ts -> node:: src/core/, src/index.ts may import src/schemas/, ky, @scope/pkg',
      'mocks/verify/z.ts -> src/schemas/s.ts: mocks/verify/ may import src/index.ts, node:',
      'mocks/service/x.ts: no row of the floor plan holds it',
    ]);
    expect(() => allowancesOf('| folder | holds |')).toThrow(/no table/);
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

  it('names each import around a face, a room with no face and a face that exports what loads on demand (the check can fail)', () => {
    expect(
      facedFolders(
        [
          "Inside `src/core/`, bottom up. A folder's `index.ts` is its face: the rooms import it.",
          '',
          'Inside `mocks/service/`, bottom up:',
        ].join('\n'),
      ),
    ).toEqual(['src/core']);
    expect(() => facedFolders('Inside `mocks/service/`, bottom up:')).toThrow(/names a face/);
    const faced = ['src/core', 'mocks/service/data'];
    const graph = fake({
      'src/core/a/index.ts': ['src/core/a/x.ts'],
      'src/core/a/x.ts': ['src/core/b/index.ts', 'src/core/b/y.ts', 'type:src/core/b/types.ts', 'lazy:src/core/a/lazy.ts'],
      // Loaded on demand: it imports the files it needs, and what it reaches (leaf.ts) may be imported by its path.
      'src/core/a/lazy.ts': ['src/core/b/y.ts', 'src/core/b/leaf.ts'],
      'src/core/b/index.ts': ['src/core/b/y.ts', 'type:src/core/b/types.ts'],
      'src/core/b/y.ts': [],
      'src/core/b/types.ts': [],
      'src/core/b/leaf.ts': [],
      'src/core/c/index.ts': ['src/core/c/eager.ts', 'src/core/c/late.ts'],
      'src/core/c/eager.ts': ['lazy:src/core/c/late.ts'],
      'src/core/c/late.ts': [],
      'src/core/d/f.ts': [],
      'src/core/runtime.ts': ['src/core/a/index.ts'],
      'src/client.ts': ['lazy:src/core/a/lazy.ts'],
      'src/odds/w.ts': ['src/core/b/leaf.ts', 'src/core/b/y.ts'],
      'mocks/service/data/index.ts': ['mocks/service/data/shared/index.ts'],
      'mocks/service/data/shared/index.ts': ['mocks/service/data/shared/prng.ts'],
      'mocks/service/data/shared/prng.ts': [],
      'mocks/service/data/rows/index.ts': ['mocks/service/data/shared/prng.ts'],
      'mocks/service/routes/r.ts': ['mocks/service/data/index.ts'],
      'mocks/fixtures/f.ts': ['mocks/service/data/shared/index.ts'],
    });
    expect(aroundFaces(graph, faced)).toEqual([
      'src/core/d/: a room with no face (index.ts)',
      "src/core/a/x.ts -> src/core/b/y.ts ('src/core/b/y.ts'): import it through its room's face, src/core/b/index.ts",
      "src/core/a/x.ts -> src/core/b/types.ts ('src/core/b/types.ts'): import it through its room's face, src/core/b/index.ts",
      "src/odds/w.ts -> src/core/b/y.ts ('src/core/b/y.ts'): import it through its room's face, src/core/b/index.ts",
      "mocks/service/data/rows/index.ts -> mocks/service/data/shared/prng.ts ('mocks/service/data/shared/prng.ts'): import it through its room's face, mocks/service/data/shared/index.ts",
      "mocks/fixtures/f.ts -> mocks/service/data/shared/index.ts ('mocks/service/data/shared/index.ts'): import it through its room's face, mocks/service/data/index.ts",
      'src/core/c/index.ts -> src/core/c/late.ts: it loads on demand, so no face exports it',
    ]);
  });
});
