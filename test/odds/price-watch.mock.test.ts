import { describe, expect, it } from 'vitest';
import { BudgetExceededError, SportsOddsError, type OddsSnapshot } from '../../src';
import {
  lineKeyOf,
  resumePriceWatch,
  WatchBudgetExceededError,
  watchPrices,
  type PriceChange,
  type PriceWatch,
  type PriceWatchState,
} from '../../src/odds';
import { chargesOf, NOW, sdkFor, useMockServer } from '../sdk/mock-setup';

/** `watchPrices` of `sports-odds-data/odds` against the mock's own timelines (docs/sdk.md, "Watching prices"). */

const newMock = useMockServer();
const MINUTE = 60_000;
const at = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const END = at(Date.parse(NOW) + 30 * MINUTE);

/** Events in play at NOW. */
async function inPlay(mock: ReturnType<typeof newMock>, n: number): Promise<number[]> {
  const { odds } = sdkFor(mock);
  const live = await odds.events.list({ live: true, limit: 20 });
  const ids = live.map((e) => e.event_id as number);
  expect(ids.length).toBeGreaterThanOrEqual(n);
  return ids.slice(0, n);
}

/** What a watcher sees of a quote: its line, prices and status. */
type Seen = { line: unknown; odds1: unknown; odds0: unknown; odds2: unknown; status: unknown } | 'gone';
const seenOf = (q: { line?: unknown; odds1?: unknown; odds0?: unknown; odds2?: unknown; status?: unknown } | null | undefined): Seen =>
  q == null
    ? 'gone'
    : { line: q.line ?? null, odds1: q.odds1 ?? null, odds0: q.odds0 ?? null, odds2: q.odds2 ?? null, status: q.status ?? null };
const same = (a: Seen | undefined, b: Seen) => JSON.stringify(a) === JSON.stringify(b);
/** Off the board (status 3) or absent: not offered, whatever its prices. */
const offered = (s: Seen | undefined) => s !== undefined && s !== 'gone' && s.status !== 3;

/** The kind of change between two quotes, as docs/sdk.md words it. */
function kindOf(before: Seen, after: Seen): PriceChange['kind'] {
  if (!offered(after)) return 'line_removed';
  if (!offered(before)) return 'line_opened';
  const [was, now] = [(before as { status: unknown }).status, (after as { status: unknown }).status];
  if (was !== 2 && now === 2) return 'line_suspended';
  return was === 2 && now !== 2 ? 'line_reopened' : 'price_moved';
}

async function collect(watch: PriceWatch, stopAfter?: { n: number; stop: AbortController }) {
  const changes: { change: PriceChange; poll: number }[] = [];
  for await (const change of watch) {
    changes.push({ change, poll: watch.meta.polls });
    if (stopAfter !== undefined && changes.length === stopAfter.n) stopAfter.stop.abort();
  }
  return changes;
}

describe('watchPrices (sports-odds-data/odds)', () => {
  it('reading incremental history, yields every change of every watched line once and in order', async () => {
    const mock = newMock();
    const events = await inPlay(mock, 2);
    const polls: number[] = [];
    const { odds } = sdkFor(mock, { hooks: { beforeRequest: [() => void polls.push(mock.clock.now())] } });
    const watch = watchPrices(odds, events, { since: '2026-11-01T00:00:00Z', intervalMs: MINUTE, until: END });
    expect(watch.mode).toBe('incremental');
    expect(watch.meta.reason).toMatch(/^incremental: /);
    const changes = (await collect(watch)).map((c) => c.change);
    expect(watch.meta.polls).toBe(30);
    const last = Math.max(...polls);

    // The oracle: each event's full history read directly, to the last poll's second.
    const expected = new Map<string, Seen[]>();
    for (const event of events) {
      const rows: OddsSnapshot[] = [];
      for await (const row of odds.events.oddsHistory(event, { main_lines_only: true })) rows.push(row);
      for (const row of rows.filter((r) => Date.parse(r.timestamp ?? '') < last)) {
        const key = lineKeyOf(row);
        const list = expected.get(key) ?? [];
        const seen = seenOf(row);
        const previous = list.at(-1);
        // A repeated quote, or one that stays off the board, is no change.
        if (!same(previous, seen) && (offered(previous) || offered(seen))) list.push(seen);
        expected.set(key, list);
      }
    }
    const got = new Map<string, Seen[]>();
    for (const change of changes.filter((c) => c.kind !== 'event_state_changed' && Date.parse(c.at ?? '') < last)) {
      if (change.kind === 'event_state_changed') continue;
      got.set(change.key, [...(got.get(change.key) ?? []), seenOf(change.after)]);
    }
    expect(got.size).toBeGreaterThan(4);
    expect([...got.keys()].sort()).toEqual([...expected.keys()].filter((k) => (expected.get(k) ?? []).length > 0).sort());
    for (const [key, list] of expected) expect(got.get(key) ?? [], key).toEqual(list);
    // Moves during the window were seen, not only the history before it.
    expect(changes.some((c) => c.kind === 'price_moved' && Date.parse(c.at ?? '') > Date.parse(NOW))).toBe(true);
    // Each price_moved's before is the line's previous after.
    const lastAfter = new Map<string, Seen>();
    for (const c of changes) {
      if (c.kind === 'event_state_changed') continue;
      if (c.kind !== 'line_opened') expect(seenOf(c.before)).toEqual(lastAfter.get(c.key));
      expect(c.kind).toBe(kindOf(lastAfter.get(c.key) ?? 'gone', seenOf(c.after)));
      lastAfter.set(c.key, seenOf(c.after));
    }
  });

  it('reading latest boards, yields every difference between two consecutive boards and invents none', async () => {
    const mock = newMock();
    const events = await inPlay(mock, 2);
    const reads: { event: number; at: number }[] = [];
    const { odds } = sdkFor(mock, {
      hooks: { beforeRequest: [(info) => void reads.push({ event: Number(/events\/(\d+)\//.exec(info.url)?.[1]), at: mock.clock.now() })] },
    });
    const watch = watchPrices(odds, events, { mode: 'latest', intervalMs: MINUTE, until: END });
    expect(watch.mode).toBe('latest');
    const changes = await collect(watch);
    expect(reads).toHaveLength(events.length * 30);

    // The boards the watch read, read again at the same instants from a mock of the same seed.
    const again = newMock();
    const { odds: reader } = sdkFor(again);
    const boards = new Map<number, Map<string, OddsSnapshot>[]>();
    for (const read of reads) {
      again.clock.freeze(read.at);
      const rows = await reader.events.odds(read.event, { main_lines_only: true });
      boards.set(read.event, [...(boards.get(read.event) ?? []), new Map(rows.map((r) => [lineKeyOf(r), r]))]);
    }
    let differences = 0;
    for (const event of events) {
      const list = boards.get(event) ?? [];
      for (const [i, board] of list.entries()) {
        const previous = list[i - 1] ?? new Map<string, OddsSnapshot>();
        const ofPoll = changes.filter((c) => c.poll === i + 1 && c.change.event_id === event && c.change.kind !== 'event_state_changed');
        for (const key of new Set([...previous.keys(), ...board.keys()])) {
          const before = seenOf(previous.get(key));
          const after = seenOf(board.get(key));
          const found = ofPoll.filter((c) => c.change.key === key);
          if (same(before, after) || !(offered(before) || offered(after))) {
            expect(found, `${key} poll ${i + 1}`).toEqual([]);
            continue;
          }
          differences += 1;
          expect(found, `${key} poll ${i + 1}`).toHaveLength(1);
          const change = found[0]?.change as Exclude<PriceChange, { kind: 'event_state_changed' }>;
          expect(seenOf(change.after)).toEqual(after);
          expect(change.kind).toBe(kindOf(before, after));
          if (change.kind !== 'line_opened') expect(seenOf(change.before)).toEqual(before);
        }
        // Nothing else was yielded for that poll.
        expect(ofPoll.every((c) => board.has(c.change.key) || previous.has(c.change.key))).toBe(true);
      }
    }
    expect(differences).toBeGreaterThan(events.length * 10);
  });

  it('abort and resume lose and repeat nothing', async () => {
    const whole = await (async () => {
      const mock = newMock();
      const events = await inPlay(mock, 2);
      const { odds } = sdkFor(mock);
      const watch = watchPrices(odds, events, { intervalMs: MINUTE, until: END });
      return { changes: (await collect(watch)).map((c) => c.change), requests: watch.meta.requests };
    })();
    expect(whole.changes.length).toBeGreaterThan(40);

    const mock = newMock();
    const events = await inPlay(mock, 2);
    const stop = new AbortController();
    const { odds } = sdkFor(mock);
    const watch = watchPrices(odds, events, { intervalMs: MINUTE, until: END, signal: stop.signal });
    // Stopped in the middle of a poll's changes: the rest stay pending in the state.
    const first = (await collect(watch, { n: 5, stop })).map((c) => c.change);
    expect(first).toHaveLength(5);
    const saved = JSON.parse(JSON.stringify(watch)) as PriceWatchState;
    expect(saved.pending.length).toBeGreaterThan(0);
    const resumed = resumePriceWatch(odds, saved, { intervalMs: MINUTE });
    const second = (await collect(resumed)).map((c) => c.change);
    expect([...first, ...second]).toEqual(whole.changes);
    // Resumed at its next poll's time: no request more than the watch that ran through.
    expect(resumed.meta.requests).toBe(whole.requests);
  });

  it('under a budget of 100 credits, chooses the latest boards, never refuses and never passes the budget', async () => {
    const mock = newMock();
    const events = await inPlay(mock, 4);
    const { odds, seen } = sdkFor(mock, { budget: { maxCredits: 100 } });
    const before = chargesOf(mock).charged;
    const watch = watchPrices(odds, events, { intervalMs: MINUTE });
    expect(watch.mode).toBe('latest');
    expect(watch.meta.reason).toBe('latest: the history envelope of 250 credits does not fit the 100 credits left (maxCredits)');
    const yielded: PriceChange[] = [];
    let ended: unknown;
    try {
      for await (const change of watch) yielded.push(change);
    } catch (error) {
      ended = error;
    }
    // It ended itself before a request the budget guard would refuse: every request sent was answered.
    expect(ended).toBeInstanceOf(WatchBudgetExceededError);
    expect(ended).toBeInstanceOf(BudgetExceededError);
    const error = ended as WatchBudgetExceededError;
    expect(error.limit).toBe('maxCredits');
    expect(error.envelope).toBe(25);
    expect(error.available).toBeLessThan(25);
    expect(error.state.pending).toEqual([]);
    expect(error.state.requests).toBe(seen.requests.length);
    const charged = chargesOf(mock).charged - before;
    expect(charged).toBeLessThanOrEqual(100);
    expect(charged).toBe(odds.credits.spent);
    expect(error.state.credits).toBe(charged);
    // The service refused none of them either.
    expect(
      mock
        .requests()
        .filter((r) => r.route === 'events.odds')
        .map((r) => r.status),
    ).toEqual(seen.requests.filter((r) => r.routeId === 'events.odds').map(() => 200));
    expect(yielded.length).toBeGreaterThan(0);
    // The state resumes it once credits are given: with none, it ends at once, having sent nothing.
    const sent = seen.requests.length;
    await expect(resumePriceWatch(odds, error.state)[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(WatchBudgetExceededError);
    expect(seen.requests.length).toBe(sent);
  });

  it('with its own maxCredits, ends before passing them', async () => {
    const mock = newMock();
    const events = await inPlay(mock, 1);
    const { odds } = sdkFor(mock);
    const watch = watchPrices(odds, events, { intervalMs: MINUTE, maxCredits: 30 });
    expect(watch.mode).toBe('latest');
    await expect(collect(watch)).rejects.toMatchObject({ name: 'BudgetExceededError', limit: 'scanMaxCredits' });
    expect(watch.meta.credits).toBeLessThanOrEqual(30);
    expect(watch.meta.credits).toBeGreaterThan(0);
  });

  it('with until and credits for fewer polls than the interval allows, spaces its polls so the credits last till then', async () => {
    const mock = newMock();
    const events = await inPlay(mock, 1);
    const { odds } = sdkFor(mock);
    const until = at(Date.parse(NOW) + 60 * MINUTE);
    const watch = watchPrices(odds, events, { intervalMs: 10_000, maxCredits: 40, until });
    expect(watch.mode).toBe('latest');
    // It ends at until, quietly: never out of credits.
    await collect(watch);
    expect(mock.clock.now()).toBeGreaterThanOrEqual(Date.parse(until));
    expect(watch.meta.credits).toBeLessThanOrEqual(40);
    // 40 credits with 25 of them free for the last poll: about 16 polls in the hour, not 360.
    expect(watch.meta.polls).toBeGreaterThanOrEqual(10);
    expect(watch.meta.polls).toBeLessThanOrEqual(16);
    expect(watch.meta.intervalMs).toBeGreaterThan(10_000);
  });

  it('refuses bad options and events the one way, before anything is sent', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    const refused = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        expect(error).toBeInstanceOf(SportsOddsError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refused(() => watchPrices(odds, [42], { intervalMS: 5 } as never))).toMatch(
      /has no option "intervalMS" \(did you mean intervalMs\?\)/,
    );
    expect(refused(() => watchPrices(odds, [42], { intervalMs: Number.NaN }))).toMatch(/^intervalMs must be .*got NaN/);
    expect(refused(() => watchPrices(odds, [42], { intervalMs: -1 }))).toMatch(/^intervalMs must be .*got -1/);
    expect(refused(() => watchPrices(odds, [42], { maxCredits: 1.5 }))).toMatch(/^maxCredits must be .*got 1\.5/);
    expect(refused(() => watchPrices(odds, [42], { maxCredits: Number.POSITIVE_INFINITY }))).toMatch(/^maxCredits must be .*got Infinity/);
    expect(refused(() => watchPrices(odds, [42], { mode: 'fast' as never }))).toMatch(
      /^mode must be 'auto', 'incremental' or 'latest', got/,
    );
    expect(refused(() => watchPrices(odds, [42], { until: 'tomorrow' }))).toMatch(/^until must be an RFC 3339 instant/);
    expect(refused(() => watchPrices(odds, [42], { mainLinesOnly: 'yes' as never }))).toMatch(/^mainLinesOnly must be true or false/);
    expect(refused(() => watchPrices(odds, []))).toMatch(/^events must be a non-empty array/);
    expect(refused(() => watchPrices(odds, [42, -3]))).toMatch(/^events\[1\] must be .*got -3/);
    expect(refused(() => watchPrices(odds, [{ event_id: null }]))).toMatch(/^events\[0\] must be .*got null/);
    expect(refused(() => watchPrices(odds, [42], { mode: 'latest', since: NOW }))).toMatch(/since needs the incremental mode/);
    expect(refused(() => resumePriceWatch(odds, { mode: 'x' } as never))).toMatch(/^state must be the state of a price watch/);
    // The watch sets its reads' reuse itself: a call's maxAge is refused by name, not taken and overridden.
    expect(refused(() => watchPrices(odds, [42], { maxAge: 1_000 } as never))).toMatch(/has no option "maxAge"/);
    expect(refused(() => watchPrices(odds, [42], { cache: false } as never))).toMatch(/has no option "cache"/);
    expect(refused(() => watchPrices(odds, [42], { coalesce: false } as never))).toMatch(/has no option "coalesce"/);
    expect(seen.requests).toHaveLength(0);
  });
});
