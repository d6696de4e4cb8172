/**
 * Sums up a V8 CPU profile (bench/mock-throughput.ts with BENCH_PROFILE): the share of samples by
 * function (self time) and by source file (self time), busiest first, and the idle share.
 *
 *   npx node scripts/run-ts.mjs bench/support/profile-summary.ts <file.cpuprofile> [rows]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [rows]');
const ROWS = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const counts = new Map<number, number>();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);

const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const total = profile.samples.length;
const fileOf = (url: string) => url.replace(/^.*\/(node_modules\/)/, '$1').replace(/^.*\/(src|mocks|bench)\//, '$1/') || '(native)';
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
let idle = 0;
for (const [id, n] of counts) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  if (functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)') {
    if (functionName === '(idle)') idle += n;
    else byFunction.set(functionName, (byFunction.get(functionName) ?? 0) + n);
    continue;
  }
  const where = fileOf(url);
  const name = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + n);
  byFile.set(where, (byFile.get(where) ?? 0) + n);
}
const busy = total - idle;
// Inclusive time: each function counted once per sampled stack.
const inclusive = new Map<string, number>();
for (const [id, n] of counts) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
    if (!url) continue;
    seen.add(`${functionName || '(anonymous)'} ${fileOf(url)}:${lineNumber + 1}`);
  }
  for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + n);
}
const pct = (n: number) => `${((100 * n) / busy).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${total} samples, ${((100 * idle) / total).toFixed(1)}% idle; shares of the busy samples`);
console.log('\nself time by function:');
for (const [name, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, ROWS)) console.log(`  ${pct(n)}  ${name}`);
console.log('\ntotal time (self and callees) by function:');
for (const [name, n] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, ROWS)) console.log(`  ${pct(n)}  ${name}`);
console.log('\nself time by file:');
for (const [name, n] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, ROWS)) console.log(`  ${pct(n)}  ${name}`);
