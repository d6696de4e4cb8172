import { describe, expect, it } from 'vitest';
import { fixtures, type MockService } from '../../mocks';
import { BudgetExceededError, IncompleteScanError, type OddsSnapshot } from '../../src';
import { rejection } from './fake-fetch';
import { allPages, sdkFor, useMockServer } from './mock-setup';

const newMock = useMockServer();

/** Rows one history answer holds at most (`full_history`), and what a request of it reserves. */
const ROW_CAP = 5000;
const ENVELOPE = 250;
const EVENT_ID = 4242;

/** `count` snapshot rows of the test's event, all stamped `timestamp`. */
function rowsAt(timestamp: string | null, count: number): OddsSnapshot[] {
  const row = fixtures.oddsSnapshot({ event_id: EVENT_ID, timestamp });
  return Array.from({ length: count }, () => ({ ...row }));
}

/**
 * Answers the test event's history from `rows` as the service does: the rows after `since`
 * (exclusive), cut at the row cap by the mock. Records every `since` it was asked.
 */
function serveHistory(mock: MockService, rows: readonly OddsSnapshot[]): (string | undefined)[] {
  const asked: (string | undefined)[] = [];
  mock.use(
    'events.odds',
    ({ query }) => {
      asked.push(query.since);
      if (query.since === undefined) return [...rows];
      const after = Date.parse(query.since);
      return rows.filter((r) => Date.parse(r.timestamp ?? '') > after);
    },
    { params: { event_id: EVENT_ID } },
  );
  return asked;
}

/** A history of three instants, longer than one answer: its first answer costs a whole envelope. */
const LONG = [...rowsAt('2026-11-10T11:00:00Z', 10), ...rowsAt('2026-11-10T12:00:00Z', ROW_CAP), ...rowsAt('2026-11-10T13:00:00Z', 5)];

describe("an odds history's own credit allowance", () => {
  it('sends a request whose envelope exactly fits the allowance, and refuses the next one that could pass it', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    serveHistory(mock, LONG);
    const history = odds.events.oddsHistory(EVENT_ID, {}, { maxCredits: ENVELOPE });
    const pages = history.pages();
    const first = await pages.next();
    expect(first.value?.meta.truncated).toBe(true);
    expect(history.state.credits).toBe(ENVELOPE);
    const error = await rejection<BudgetExceededError>(pages.next());
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error).toMatchObject({ limit: 'scanMaxCredits', envelope: ENVELOPE, available: 0 });
    expect(seen.requests).toHaveLength(1);
  });

  it('says how much of the allowance is left when it refuses', async () => {
    const mock = newMock();
    const { odds, seen } = sdkFor(mock);
    serveHistory(mock, LONG);
    const history = odds.events.oddsHistory(EVENT_ID, {}, { maxCredits: ENVELOPE + 50 });
    const error = await rejection<BudgetExceededError>(allPages(history.pages()));
    expect(error).toMatchObject({ limit: 'scanMaxCredits', envelope: ENVELOPE, available: 50 });
    expect(error.message).toMatch(/may cost up to 250 credits but only 50 are available/);
    expect(history.state).toMatchObject({ pages: 1, credits: ENVELOPE, done: false });
    expect(seen.requests).toHaveLength(1);
  });
});

describe('an odds history that cannot be continued', () => {
  it('ends incomplete, without another request, when the last row of a truncated answer has no timestamp', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const rows = [...rowsAt('2026-11-10T12:00:00Z', ROW_CAP - 1), ...rowsAt(null, 2)];
    const asked = serveHistory(mock, rows);
    const pages = await allPages(odds.events.oddsHistory(EVENT_ID).pages());
    expect(asked).toEqual([undefined]);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ done: true, incomplete: true, state: { done: true, incomplete: true, pages: 1, rows: ROW_CAP } });

    const yielded: OddsSnapshot[] = [];
    const error = await rejection<IncompleteScanError>(
      (async () => {
        for await (const row of odds.events.oddsHistory(EVENT_ID)) yielded.push(row);
      })(),
    );
    expect(error).toBeInstanceOf(IncompleteScanError);
    expect(error.filters).toEqual({ event_id: EVENT_ID, since: undefined });
    expect(error.message).toBe(
      'the odds history is incomplete: one snapshot instant holds more rows than an answer, or a row has no timestamp to continue from',
    );
    // Every row answered is yielded before the error.
    expect(yielded).toHaveLength(ROW_CAP);
  });

  it('ends incomplete instead of asking again when a truncated answer does not move past its since', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const at = '2026-11-10T12:00:00Z';
    // The service answers rows at `since` itself: the continuation would ask the same thing forever.
    let calls = 0;
    mock.use(
      'events.odds',
      () => {
        if (++calls > 3) throw mock.error('not_found', 'asked again');
        return rowsAt(at, ROW_CAP + 1);
      },
      { params: { event_id: EVENT_ID } },
    );
    const history = odds.events.oddsHistory(EVENT_ID, { since: at });
    const pages = await allPages(history.pages());
    expect(calls).toBe(1);
    expect(pages.at(-1)).toMatchObject({ done: true, incomplete: true });
    expect(history.state.since).toBe(at);
  });

  it('goes on past an answer cut inside one snapshot instant, and ends incomplete after the last page', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const crowded = '2026-11-10T12:00:00Z';
    const rows = [...rowsAt(crowded, ROW_CAP + 3), ...rowsAt('2026-11-10T12:05:00Z', 4)];
    const asked = serveHistory(mock, rows);
    const pages = await allPages(odds.events.oddsHistory(EVENT_ID).pages());
    expect(asked).toEqual([undefined, crowded]);
    expect(pages.map((p) => [p.data.length, p.done, p.incomplete])).toEqual([
      [ROW_CAP, false, false],
      [4, true, true],
    ]);
    expect(pages.at(-1)?.state).toMatchObject({ since: crowded, rows: ROW_CAP + 4, pages: 2, incomplete: true });
  });

  it('ends complete when a truncated answer spans several instants, continuing from its last', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const rows = [...rowsAt('2026-11-10T11:00:00Z', 10), ...rowsAt('2026-11-10T12:00:00Z', ROW_CAP), ...rowsAt('2026-11-10T13:00:00Z', 2)];
    const asked = serveHistory(mock, rows);
    const pages = await allPages(odds.events.oddsHistory(EVENT_ID).pages());
    expect(asked).toEqual([undefined, '2026-11-10T12:00:00Z']);
    expect(pages.at(-1)).toMatchObject({ done: true, incomplete: false });
  });
});

describe("an odds history's since", () => {
  it('sends a timestamp the service wrote in UTC as written, fractions of a second included', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    for (const last of ['2026-11-10T12:00:00Z', '2026-11-10T12:00:00.5Z', '2026-11-10T12:00:00.123456Z']) {
      const asked = serveHistory(mock, [...rowsAt('2026-11-10T11:00:00Z', ROW_CAP - 1), ...rowsAt(last, 2)]);
      await allPages(odds.events.oddsHistory(EVENT_ID).pages());
      expect(asked).toEqual([undefined, last]);
      await mock.reset();
    }
  });

  it('sends a timestamp written with an offset as the same instant in UTC', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    const asked = serveHistory(mock, [...rowsAt('2026-11-10T11:00:00Z', ROW_CAP - 1), ...rowsAt('2026-11-10T13:30:00+01:00', 2)]);
    const history = odds.events.oddsHistory(EVENT_ID);
    await allPages(history.pages());
    expect(asked).toEqual([undefined, '2026-11-10T12:30:00.000Z']);
    expect(history.state).toMatchObject({ done: true, incomplete: false });
  });

  it('ends incomplete on a last timestamp that is no time', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    for (const last of ['x2026-11-10T12:00:00Z', '2026-11-10T12:00:00Zx', 'soon']) {
      const asked = serveHistory(mock, [...rowsAt('2026-11-10T11:00:00Z', ROW_CAP - 1), ...rowsAt(last, 2)]);
      const pages = await allPages(odds.events.oddsHistory(EVENT_ID).pages());
      expect(asked).toEqual([undefined]);
      expect(pages.at(-1)).toMatchObject({ done: true, incomplete: true });
      await mock.reset();
    }
  });
});
