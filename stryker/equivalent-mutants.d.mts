/** One reviewed equivalent mutant: the line it is on (trimmed text), and why no test can kill it. */
export interface EquivalentMutant {
  file: string;
  line: string;
  /** The text of a line above it, when `line` alone is not unique in the file. */
  after?: string;
  mutators: string[];
  reason: string;
}
export const entries: EquivalentMutant[];
export function locate(file: string, code: string): Map<number, EquivalentMutant>;
export const strykerPlugins: [{ kind: 'Ignore'; name: string; value: import('@stryker-mutator/api/ignore').Ignorer }];
