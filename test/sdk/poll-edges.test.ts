import { describe, expect, it } from 'vitest';
import { fixtures } from '../../mocks';
import { APIError, type Event, type EventPoll, type PollBatch } from '../../src';
import { realSleep } from '../../src/core/runtime';
import { rejection } from './fake-fetch';
import { sdkFor, useMockServer } from './mock-setup';

const newMock = useMockServer();

/** The first `count` batches of a poll, then stops it through its signal. */
async function firstBatches(poll: EventPoll, stop: AbortController, count: number): Promise<PollBatch<Event>[]> {
  const out: PollBatch<Event>[] = [];
  for await (const batch of poll.batches()) {
    out.push(batch);
    if (out.length === count) stop.abort();
  }
  return out;
}

/** An event row of the listing with an id and a version of the test's choosing. */
const eventRow = (event_id: number | null, version: number | null): Event => fixtures.event({ event_id, version });

describe('a poll warns when an answer was truncated', () => {
  it('warns for a truncated answer, naming what to change, and not for a complete one', async () => {
    const mock = newMock();
    const warnings: string[] = [];
    const stop = new AbortController();
    const { odds } = sdkFor(mock, {
      logLevel: 'warn',
      logger: { debug: () => {}, info: () => {}, warn: (message: string) => void warnings.push(message), error: () => {} },
    });
    // The first poll lists every event (truncated at one); the next reaches back a minute, and finds none or one.
    const batches = await firstBatches(odds.events.poll({ sport_id: 29, limit: 1 }, { signal: stop.signal, intervalMs: 1000 }), stop, 2);
    expect(batches.map((b) => b.meta.truncated)).toEqual([true, false]);
    expect(warnings).toEqual([
      'sports-odds: a poll answer was truncated: narrow the filters (sport, league, window) or raise limit so no change is missed',
    ]);
  });
});

describe('poll().batches()', () => {
  it('numbers its polls from 1 and tells each batch the since it sent and the rows its answer held', async () => {
    const mock = newMock();
    const stop = new AbortController();
    const { odds } = sdkFor(mock);
    const since = '2026-11-21T14:00:00Z';
    const batches = await firstBatches(
      odds.events.poll({ sport_id: 29, limit: 500 }, { signal: stop.signal, since, intervalMs: 5_000, overlapMs: 3_600_000 }),
      stop,
      3,
    );
    expect(batches.map((b) => b.poll)).toEqual([1, 2, 3]);
    expect(batches.map((b) => b.since)).toEqual([since, '2026-11-21T14:00:00Z', '2026-11-21T14:00:05Z']);
    expect(batches[0]?.rows).toBeGreaterThan(0);
    expect(batches[0]?.data).toHaveLength(batches[0]?.rows as number);
    // The overlap answers the first poll's rows again: counted in `rows`, not yielded again.
    expect(batches[1]?.rows).toBe(batches[0]?.rows);
    expect(batches[1]?.data).toEqual([]);
  });

  it('yields a row again only for a newer version; an older or the same version is not new', async () => {
    const mock = newMock();
    const stop = new AbortController();
    const { odds } = sdkFor(mock);
    const answers = [
      [eventRow(1, 3), eventRow(2, 1)],
      [eventRow(1, 2), eventRow(2, 1), eventRow(3, 1)],
      [eventRow(1, 4), eventRow(2, null)],
      [eventRow(1, 4), eventRow(2, null)],
    ];
    mock.use('events.list', () => answers.shift() ?? [], { times: answers.length });
    const batches = await firstBatches(odds.events.poll({ sport_id: 29 }, { signal: stop.signal }), stop, 4);
    const seen = batches.map((b) => b.data.map((e) => `${e.event_id}@${e.version}`));
    expect(seen).toEqual([['1@3', '2@1'], ['3@1'], ['1@4', '2@null'], []]);
  });

  it('yields a row without an id in every poll: it cannot be told apart from a new one', async () => {
    const mock = newMock();
    const stop = new AbortController();
    const { odds } = sdkFor(mock);
    const { event_id: _absent, ...withoutId } = eventRow(8, 1);
    mock.use('events.list', () => [eventRow(null, 1), withoutId, eventRow(7, 1)], { times: 2 });
    const batches = await firstBatches(odds.events.poll({ sport_id: 29 }, { signal: stop.signal }), stop, 2);
    expect(batches.map((b) => b.data.map((e) => e.event_id))).toEqual([
      [null, undefined, 7],
      [null, undefined],
    ]);
  });
});

describe('stopping a poll', () => {
  it('ends quietly when the signal aborts during the wait between polls', async () => {
    const mock = newMock();
    const stop = new AbortController();
    // The SDK's own timer sleep: the abort interrupts it long before its hour is up.
    const { odds, seen } = sdkFor(mock, { sleep: realSleep });
    const poll = odds.events.poll({ sport_id: 29, limit: 5 }, { signal: stop.signal, intervalMs: 3_600_000 });
    const batches: PollBatch<Event>[] = [];
    for await (const batch of poll.batches()) {
      batches.push(batch);
      // Aborted from outside while the loop waits for its next poll.
      setImmediate(() => stop.abort());
    }
    expect(batches).toHaveLength(1);
    expect(seen.requests).toHaveLength(1);
  });

  it('ends quietly whatever error a custom sleep rejects with once the signal has aborted', async () => {
    const mock = newMock();
    const stop = new AbortController();
    const { odds } = sdkFor(mock, {
      sleep: async (_ms, signal) => {
        stop.abort(new Error('shutting down'));
        throw signal?.reason;
      },
    });
    const rows: Event[] = [];
    for await (const event of odds.events.poll({ sport_id: 29, limit: 5 }, { signal: stop.signal })) rows.push(event);
    expect(rows).toHaveLength(5);
  });

  it('throws the error of a failed poll when nothing aborted it', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock, { maxRetries: 0 });
    mock.faults.inject({ route: 'events.list', status: 500 });
    const error = await rejection<APIError>(firstBatches(odds.events.poll({ sport_id: 29 }), new AbortController(), 1));
    expect(error).toBeInstanceOf(APIError);
    expect(error.status).toBe(500);
  });

  it('throws an error a sleep rejects with while the signal has not aborted', async () => {
    const mock = newMock();
    const stop = new AbortController();
    const broken = new Error('the clock broke');
    const { odds } = sdkFor(mock, {
      sleep: async () => {
        throw broken;
      },
    });
    const error = await rejection<Error>(firstBatches(odds.events.poll({ sport_id: 29, limit: 5 }, { signal: stop.signal }), stop, 2));
    expect(error).toBe(broken);
  });
});
