/** Small text helpers shared by the examples' terminal output. */
import { isAbsolute, relative } from 'node:path';
import type { CreditSnapshot } from '../../src';

/** A decimal price right-aligned in `width` columns, `-` when the service has none (every field is nullable). */
export const price = (x: number | null | undefined, width = 6, digits = 2): string => (x == null ? '-' : x.toFixed(digits)).padStart(width);

/** `2026-11-21T18:00:00Z` as `2026-11-21 18:00Z`. */
export const when = (iso: string | null | undefined): string => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}Z` : '');

/** `2026-11-21T18:00:00Z` as `18:00Z`. */
export const hhmm = (iso: string | null | undefined): string => (iso ? `${iso.slice(11, 16)}Z` : '');

/** A number with thousands separators. */
export const count = (n: number | null | undefined): string => (n == null ? '?' : n.toLocaleString('en'));

/** `1 credit`, `3 credits`. */
export const credits = (n: number): string => `${count(n)} ${n === 1 ? 'credit' : 'credits'}`;

/** Fits text in `width` columns, cut with an ellipsis. */
export const fitWidth = (text: string, width: number): string =>
  text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);

/** The two windows as the client last heard them: `daily 99,953 of 100,000 left · period ...`. */
export function windows(c: CreditSnapshot): string {
  return `daily ${count(c.daily.remaining)} of ${count(c.daily.limit)} left · plan period ${count(c.period.remaining)} of ${count(c.period.limit)} left`;
}

/**
 * A path as the user would type it from where they ran the command (`npm run` starts in the
 * repository; `INIT_CWD` is where the command was typed): relative below it, else absolute.
 */
export function shownPath(path: string, cwd = process.env['INIT_CWD'] ?? process.cwd()): string {
  const rel = relative(cwd, path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}
