import type { PollOptions, PollBatch, PollDeps } from './types';
import { AbortError } from '../errors';

export type { PollOptions, PollBatch, PollDeps };

/**
 * Incremental discovery with a moving `since` (docs/service.md, "Events", "Incremental discovery"): rows once per new version, or
 * `batches()` per poll. Each `since` is the previous poll's start on the service's clock less `overlapMs`, so client clock skew is harmless.
 *
 * @example
 * for await (const event of odds.events.poll({ sport_id: 29 }, { signal })) console.log(event.event_id);
 * for await (const batch of odds.events.poll({ sport_id: 29 }, { signal }).batches()) console.log(batch.poll, batch.data.length, batch.meta.credits.cost);
 */
export class Poll<T> implements AsyncIterable<T> {
  constructor(
    private readonly deps: PollDeps<T>,
    private readonly options: PollOptions = {},
  ) {}

  /** One batch per poll. Each call starts a loop of its own. */
  async *batches(): AsyncGenerator<PollBatch<T>, void, undefined> {
    const { pollBatches } = await import('./pages');
    yield* pollBatches(this.deps, this.options, AbortError);
  }

  /** Each new or changed row once, across polls. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const batch of this.batches()) yield* batch.data;
  }
}
