/**
 * The words of a refused input, shared by the SDK, the mock and the command lines, one way everywhere: what a value
 * is (`got NaN`), and an unknown name refused with the names there are and the nearest one ("did you mean").
 */
import { redact } from './redact';

/** The longest wait a timer takes (2^31-1 ms, about 24.8 days); a longer one fires at once in Node and browsers. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * What a value is, in the words of an error: a number as written, a string quoted (a secret only as "a string"), else its kind.
 *
 * @example
 * kindOf(Number('20k')); // 'NaN'
 * kindOf('svc_live_abc', true); // 'a string'
 */
export function kindOf(value: unknown, secret = false): string {
  const type = typeof value;
  if (type === 'string') return secret ? 'a string' : JSON.stringify(value);
  if (value == null || type === 'number' || type === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  return type === 'object' ? 'an object' : `a ${type}`;
}

/**
 * The name of `names` nearest to `given` by edits (insertions, deletions, substitutions; case aside), if it
 * is near enough to be a slip: a third of the longer name's letters, plus one (`retry_after` is one edit from `retryAfter`).
 *
 * @example
 * closestName('maxRetry', ['timeout', 'maxRetries']); // 'maxRetries'
 * closestName('retry_after', ['count', 'retryAfter']); // 'retryAfter'
 * closestName('colour', ['timeout']); // undefined
 */
export function closestName(given: string, names: readonly string[]): string | undefined {
  const a = given.toLowerCase();
  let best: string | undefined;
  let least = Number.POSITIVE_INFINITY;
  for (const name of names) {
    const b = name.toLowerCase();
    // One row of the edit-distance table, rewritten per letter of `a`: row[j] is the distance of a's prefix to b's first j letters.
    const row = [...Array(b.length + 1).keys()];
    for (const letter of a) {
      let diagonal = row[0] as number;
      row[0] = diagonal + 1;
      for (let j = 1; j <= b.length; j++) {
        const above = row[j] as number;
        row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (letter === b[j - 1] ? 0 : 1));
        diagonal = above;
      }
    }
    const edits = row[b.length] as number;
    if (edits < least && edits <= Math.max(a.length, b.length) / 3 + 1) {
      best = name;
      least = edits;
    }
  }
  return best;
}

/**
 * The first own name of `value` that `known` does not hold, or undefined.
 *
 * @example
 * unknownName({ maxRetry: 2 }, ['maxRetries']); // 'maxRetry'
 */
export const unknownName = (value: object, known: readonly string[]): string | undefined =>
  Object.keys(value).find((name) => !known.includes(name));

/**
 * The refusal of an unknown option: `<owner> has no option "<name>" (did you mean <near>?); its options are <known>`.
 * A name that looks like a key or token is masked.
 *
 * @example
 * unknownOptionMessage('new SportsOdds()', 'maxRetry', ['timeout', 'maxRetries']);
 * // 'new SportsOdds() has no option "maxRetry" (did you mean maxRetries?); its options are timeout, maxRetries'
 */
export function unknownOptionMessage(owner: string, name: string, known: readonly string[]): string {
  const near = closestName(name, known);
  return `${owner} has no option ${JSON.stringify(redact(name))}${near ? ` (did you mean ${near}?)` : ''}; its options are ${known.join(', ')}`;
}

/**
 * Every name of the options `T`, as a list the checks read: a name the list misses is a compile error
 * naming it (`missing: 'timeout'`), so a new option cannot be refused as unknown.
 *
 * @example
 * const NAMES = optionNames<{ a?: number; b?: string }>()(['a', 'b']);
 */
export const optionNames =
  <T>() =>
  <const N extends readonly (keyof T & string)[]>(
    names: N & ([Exclude<keyof T, N[number]>] extends [never] ? unknown : { missing: Exclude<keyof T, N[number]> }),
  ): N =>
    names;
