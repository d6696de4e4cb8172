/**
 * Instants (milliseconds since the epoch, UTC) as text, in the three forms the service, the SDK and the mock write
 * them (docs/service.md, "Parameter formats"). A leaf that imports nothing: the SDK's on-demand modules reach it.
 */

/**
 * To the millisecond, always with its three digits: the records of accounts, keys and the control plane, a scan's
 * cursor times.
 *
 * @example
 * isoMillis(Date.UTC(2026, 10, 21, 15)); // '2026-11-21T15:00:00.000Z'
 */
export const isoMillis = (ms: number): string => new Date(ms).toISOString();

/**
 * Rounded down to the whole second, without a fraction: how the service writes the instants of its data rows, and
 * what `since` takes.
 *
 * @example
 * isoSeconds(Date.parse('2026-11-21T15:00:59.999Z')); // '2026-11-21T15:00:59Z'
 */
export const isoSeconds = (ms: number): string => `${new Date(ms).toISOString().slice(0, -5)}Z`; // every ISO string ends `.sssZ`

/**
 * Exact, with `.000` trimmed: whole seconds as the service writes them, milliseconds only when there are any.
 *
 * @example
 * isoTrimmed(Date.UTC(2026, 10, 21, 15)); // '2026-11-21T15:00:00Z'
 * isoTrimmed(Date.parse('2026-11-21T15:00:00.250Z')); // '2026-11-21T15:00:00.250Z'
 */
export const isoTrimmed = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
