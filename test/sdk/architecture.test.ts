import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src', import.meta.url));

/** Every module of src/ with the relative modules it imports, type-only imports included. */
function importGraph(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts')) files.push(path);
    }
  };
  walk(src);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    // Static imports and re-exports, type-only ones included, and dynamic `import('...')`.
    const imports = [...text.matchAll(/(?:(?:import|export)[^'";]*?from |import\()'(\.[^']+)'/g)].map((m) => {
      const target = resolve(dirname(file), m[1] as string);
      const candidates = [`${target}.ts`, join(target, 'index.ts')];
      return relative(src, candidates.find((c) => files.includes(c)) ?? target);
    });
    graph.set(relative(src, file), imports);
  }
  return graph;
}

describe('the module structure of src/', () => {
  const graph = importGraph();

  it('has no import cycle, type-only imports included', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
        else if (!state.has(next) && graph.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('keeps the shared types in leaves that import nothing of core but each other', () => {
    const leaves = [
      'core/types.ts',
      'core/answer-types.ts',
      'core/context-types.ts',
      'core/coordination.ts',
      'core/option-types.ts',
      'core/route-types.ts',
      'core/tracing-types.ts',
      'core/cache-types.ts',
    ];
    for (const leaf of leaves) {
      expect(graph.has(leaf), leaf).toBe(true);
      const outside = (graph.get(leaf) ?? []).filter((f) => !f.startsWith('schemas/') && !leaves.includes(f));
      expect(outside, leaf).toEqual([]);
    }
  });
});
