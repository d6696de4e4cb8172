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
    const imports = [...text.matchAll(/(?:import|export)[^'";]*?from '(\.[^']+)'/g)].map((m) => {
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

  it('keeps the shared option and context types in leaves that import nothing of core but the account-state leaf', () => {
    expect([...new Set((graph.get('core/types.ts') ?? []).filter((f) => f.startsWith('core/')))]).toEqual(['core/coordination.ts']);
    expect((graph.get('core/types.ts') ?? []).every((f) => f.startsWith('schemas/') || f === 'core/coordination.ts')).toBe(true);
    expect((graph.get('core/coordination.ts') ?? []).every((f) => f.startsWith('schemas/'))).toBe(true);
  });
});
