import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph } from '../../scripts/floors';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the module structure of src/', () => {
  const graph = importGraph(root, ['src']);

  it('has no import cycle, type-only imports included', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('keeps the shared types in leaves that import nothing of core but each other', () => {
    const leaves = [
      'src/core/types/index.ts',
      'src/core/types/answer.ts',
      'src/core/types/call.ts',
      'src/core/types/context.ts',
      'src/core/types/coordination.ts',
      'src/core/types/options.ts',
      'src/core/types/tracing.ts',
      'src/core/types/cache.ts',
      'src/core/types/shared-answers.ts',
    ];
    for (const leaf of leaves) {
      expect(graph.has(leaf), leaf).toBe(true);
      const outside = (graph.get(leaf) ?? [])
        .map((i) => i.target)
        .filter((f) => f !== undefined && !f.startsWith('src/schemas/') && !leaves.includes(f));
      expect(outside, leaf).toEqual([]);
    }
  });
});
