/** How the console writes numbers and times: grouped numbers, UTC times from RFC 3339 text. */

/** A number with thousands grouped (`1,000,000`). */
export const fmt = (n: number): string => n.toLocaleString('en');

/** The time of day of an RFC 3339 instant (`15:00:00`). */
export const time = (iso: string): string => iso.slice(11, 19);

/** Day and minute of an RFC 3339 instant (`2026-11-21 15:00Z`). */
export const day = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)}Z`;
