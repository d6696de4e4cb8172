import { ServiceRefusal } from '../service-refusal';
import type { StoreBounds } from './store-bounds';

/**
 * A create refused because its store is at its bound (docs/mock-server.md, "What the mock keeps, and for how long"): a store
 * of credentials or records never drops an entry to make room. Answered as the service answers a lack of
 * capacity, `503 temporarily_unavailable`, with `Retry-After` when an entry will expire; in process, the
 * call rejects with this error (`name` `StoreFullError`, `store` the bound's name in `StoreBounds`).
 *
 * @example
 * throw new StoreFullError('accounts', 1_000, 'accounts');
 */
export class StoreFullError extends ServiceRefusal {
  constructor(
    readonly store: keyof StoreBounds,
    readonly bound: number,
    what: string,
    /** When the oldest entry expires and frees room (mock ms), for a store whose entries expire. */
    room?: { freeAt: number; now: number },
  ) {
    const retryAfter = room === undefined ? undefined : Math.max(1, Math.ceil((room.freeAt - room.now) / 1000));
    const when =
      retryAfter === undefined
        ? `reset the mock, or create it with a larger bounds.${store}`
        : `room comes back in ${retryAfter} s, as the oldest expires (or create the mock with a larger bounds.${store})`;
    super(
      503,
      'temporarily_unavailable',
      `the mock holds ${bound.toLocaleString('en-US')} ${what}, the most it keeps (bounds.${store}): ${when}`,
      retryAfter === undefined ? {} : { retryAfter },
    );
    this.name = 'StoreFullError';
  }
}
