/**
 * The "did you mean" of a refused name, shared by every entry point that checks names (the bins' flags, the
 * mock's options): the closest of `names` to `given`, at most two edits away (Levenshtein distance).
 *
 * @example
 * closestName('acounts', ['accounts', 'keys']); // 'accounts'
 * closestName('zzz', ['accounts', 'keys']); // undefined
 */
export function closestName(given: string, names: readonly string[]): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const name of names) {
    const d = distance(given, name);
    if (best === undefined || d < best.d) best = { name, d };
  }
  return best !== undefined && best.d <= 2 ? best.name : undefined;
}

/** Edits (insert, delete, replace one character) that turn `a` into `b`. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min((row[j] as number) + 1, (next[j - 1] as number) + 1, (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length] as number;
}
