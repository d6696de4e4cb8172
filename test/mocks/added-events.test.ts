import { describe, expect, it } from 'vitest';
import type { EventSpec, MarketSpec, MockService } from '../../mocks';
import { contextOf } from '../../mocks/service/internal';
import type {
  ClosingLine,
  ClosingLineValue,
  Event,
  OddsSnapshot,
  OpeningLine,
  Result,
  SpecialMarket,
  SpecialOddsSnapshot,
} from '../../src/schemas';
import { type Answer, call, expectChargedFailure, expectMetered, iso, MINUTE, NOW, T0 } from './routes/helpers';
import { useMockServer } from '../helpers/mock-server';

/**
 * Events added by hand (`mock.data.addEvent`): every route serves them as it serves generated
 * ones, and they move with the mock's clock. Every assertion goes through HTTP.
 */
const newMock = useMockServer();

const KICKOFF = T0 + 120 * MINUTE;
/** The instant of a minute of play of the test event. */
const at = (minute: number) => KICKOFF + minute * MINUTE;
const PREMIER_LEAGUE = 1074;

/** A moneyline that opens two days out, moves twice before the kickoff, and once more in play. */
const MONEYLINE: MarketSpec = {
  market: 'moneyline',
  prices: [
    { at: -2880, odds: [2.2, 3.3, 3.4] },
    { at: -600, odds: [2.05, 3.4, 3.7] },
    { at: -30, odds: [1.95, 3.5, 4.0] },
    { at: 5, odds: [1.7, 3.9, 5.0] },
  ],
};
/** A total whose line moves from 2.5 to 3.5. */
const TOTAL: MarketSpec = {
  market: 'totals',
  prices: [
    { at: -2880, line: 2.5, odds: [1.9, 1.9] },
    { at: -600, line: 3.5, odds: [2.3, 1.6] },
  ],
};
/** An alternate total taken off the board before the close. */
const ALTERNATE: MarketSpec = {
  market: 'totals',
  alternate: true,
  prices: [
    { at: -2880, line: 1.5, odds: [1.3, 3.4] },
    { at: -700, removed: true },
  ],
};
/** The first half's moneyline. */
const HALF: MarketSpec = { market: 'moneyline', period: 1, prices: [{ at: -1440, odds: [2.9, 2.0, 3.9] }] };

const spec = (over: Partial<EventSpec> = {}): EventSpec => ({
  sport_id: 29,
  league_id: PREMIER_LEAGUE,
  runner_home: 'Harbor City',
  runner_away: 'Northfield',
  starts: iso(KICKOFF),
  ends: 110,
  markets: [MONEYLINE, TOTAL, ALTERNATE, HALF],
  ...over,
});

const rows = <T>(mock: MockService, path: string): Promise<T[]> => call<T[]>(mock, path).then((a) => expectMetered(a) as T[]);
const lineIdOf = (eventId: number, n: number) => eventId * 100_000 + n;
/** Fair prices are margin-free: their implied probabilities sum to 1. */
const impliedSum = (fair: (number | null | undefined)[]) => fair.reduce<number>((s, x) => s + (x == null ? 0 : 1 / x), 0);

describe('an added event in the events route', () => {
  it('is listed with the generated events, in (starts, event_id) order, and found by its id', async () => {
    const mock = newMock();
    const id = mock.data.addEvent(spec());
    expect(id).toBe(9_000_001);
    const listed = await rows<Event>(mock, `/v1/events?sport_id=29&starts_to=${iso(KICKOFF)}&limit=500`);
    const index = listed.findIndex((e) => e.event_id === id);
    expect(index).toBeGreaterThanOrEqual(0);
    const key = (e: Event) => [Date.parse(e.starts!), e.event_id!] as const;
    for (let i = 1; i < listed.length; i++) {
      const [a, b] = [key(listed[i - 1]!), key(listed[i]!)];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])).toBe(true);
    }
    expect(listed.filter((e) => e.event_id !== id).every((e) => e.event_id! >= 10_000_000)).toBe(true);
    const [one] = await rows<Event>(mock, `/v1/events?event_id=${id}`);
    expect(one).toEqual({
      event_id: id,
      parent_id: null,
      starts: iso(KICKOFF),
      runner_home: 'Harbor City',
      runner_away: 'Northfield',
      live_status: 0,
      opening_available: true,
      closing_available: false,
      resulting_unit: 'Regular',
      version: 2,
    });
    expect(await rows<Event>(mock, `/v1/events?league_id=1075&starts_to=${iso(KICKOFF)}&limit=500`)).not.toContainEqual(
      expect.objectContaining({ event_id: id }),
    );
    expect((await rows<Event>(mock, `/v1/events?league_id=${PREMIER_LEAGUE}&starts_to=${iso(KICKOFF)}`)).map((e) => e.event_id)).toContain(
      id,
    );
  });

  it('is listed from listed_from on, and since sees its record changes', async () => {
    const mock = newMock();
    const id = mock.data.addEvent(
      spec({ listed_from: -60, markets: [{ market: 'moneyline', prices: [{ at: -50, odds: [2, 3.5, 3.6] }] }] }),
    );
    expect(await rows<Event>(mock, `/v1/events?event_id=${id}`)).toEqual([]);
    expectChargedFailure(await call(mock, `/v1/events/${id}/odds`), 404, 'not_found');
    mock.clock.set(at(-60));
    const [listed] = await rows<Event>(mock, `/v1/events?event_id=${id}`);
    expect(listed).toMatchObject({ version: 1, opening_available: false });
    const since = (t: number) =>
      rows<Event>(mock, `/v1/events?sport_id=29&since=${iso(t)}&limit=500`).then((r) => r.map((e) => e.event_id));
    expect(await since(at(-61))).toContain(id);
    expect(await since(at(-60))).not.toContain(id);
    mock.clock.set(at(-50));
    expect(await since(at(-60))).toContain(id);
    expect((await rows<Event>(mock, `/v1/events?event_id=${id}`))[0]).toMatchObject({ version: 2, opening_available: true });
  });

  it('is listed from listed_from on even when that is more than the generated two weeks ahead of its kickoff', async () => {
    const mock = newMock();
    const far = T0 + 20 * 86_400_000;
    const id = mock.data.addEvent(spec({ starts: iso(far), listed_from: -30 * 1440, markets: [] }));
    const upcoming = await rows<Event>(mock, `/v1/events?league_id=${PREMIER_LEAGUE}&limit=500`);
    expect(upcoming.at(-1)).toMatchObject({ event_id: id, starts: iso(far) });
    expect(upcoming.slice(0, -1).every((e) => Date.parse(e.starts!) < far)).toBe(true);
  });

  it('gives ids that no generated event has, and takes a chosen one', async () => {
    const mock = newMock();
    expect([mock.data.addEvent(spec()), mock.data.addEvent(spec()), mock.data.addEvent(spec({ event_id: 42 }))]).toEqual([
      9_000_001, 9_000_002, 42,
    ]);
    const [generated] = await rows<Event>(mock, '/v1/events?limit=1');
    expect(generated!.event_id).toBeGreaterThanOrEqual(10_000_000);
    expect(mock.data.added().map((e) => e.event_id)).toEqual([42, 9_000_001, 9_000_002]);
  });
});

describe('the odds of an added event', () => {
  it('latest: every row of the greatest snapshot of each period, alternates numbered, fair prices margin-free', async () => {
    const mock = newMock();
    const id = mock.data.addEvent(spec());
    const latest = await rows<OddsSnapshot>(mock, `/v1/events/${id}/odds`);
    expect(latest.map((r) => [r.period, r.market, r.line, r.odds1, r.odds0, r.odds2, r.line_id])).toEqual([
      [0, 'moneyline', null, 2.05, 3.4, 3.7, lineIdOf(id, 4)],
      [0, 'totals', 3.5, 2.3, null, 1.6, lineIdOf(id, 4)],
      [1, 'moneyline', null, 2.9, 2.0, 3.9, lineIdOf(id, 2)],
    ]);
    for (const r of latest) {
      expect(impliedSum([r.todds1, r.todds0, r.todds2])).toBeCloseTo(1, 3);
      expect(r).toMatchObject({
        event_id: id,
        alt_line_id: null,
        status: 1,
        cutoff: iso(KICKOFF),
        max_win: 5000,
        score_home: null,
        red_cards_home: null,
      });
    }
  });

  it('history and since: every snapshot recorded by now in line_id order, alternates and line moves included', async () => {
    const mock = newMock();
    const id = mock.data.addEvent(spec());
    const history = await rows<OddsSnapshot>(mock, `/v1/events/${id}/odds?full_history=1`);
    expect(history.map((r) => [r.line_id! - id * 100_000, r.period, r.market, r.line, r.alt_line_id])).toEqual([
      [1, 0, 'moneyline', null, null],
      [1, 0, 'totals', 2.5, null],
      [1, 0, 'totals', 1.5, lineIdOf(id, 1) * 10 + 1],
      [2, 1, 'moneyline', null, null],
      [3, 0, 'moneyline', null, null],
      [3, 0, 'totals', 2.5, null],
      [4, 0, 'moneyline', null, null],
      [4, 0, 'totals', 3.5, null],
    ]);
    expect(history.map((r) => r.timestamp)).toEqual([-2880, -2880, -2880, -1440, -700, -700, -600, -600].map((m) => iso(at(m))));
    const since = await rows<OddsSnapshot>(mock, `/v1/events/${id}/odds?since=${iso(at(-1440))}`);
    expect(since).toEqual(history.slice(4));
    const main = await rows<OddsSnapshot>(mock, `/v1/events/${id}/odds?full_history=1&main_lines_only=1`);
    expect(main).toEqual(history.filter((r) => r.alt_line_id === null));
  });

  it('a long history is cut at the row cap between two snapshots, and since continues exactly there', async () => {
    const mock = newMock();
    const prices = Array.from({ length: 1800 }, (_, k) => ({ at: -3000 + k, odds: [1.9 + (k % 7) / 100, 1.95] }));
    const id = mock.data.addEvent(
      spec({
        markets: [
          { market: 'spread', prices: prices.map((p) => ({ ...p, line: -0.5 })) },
          { market: 'totals', prices: prices.map((p) => ({ ...p, line: 2.5 })) },
          { market: 'home_totals', prices: prices.map((p) => ({ ...p, line: 1.5 })) },
        ],
      }),
    );
    const first = await call<OddsSnapshot[]>(mock, `/v1/events/${id}/odds?full_history=1`);
    const page = expectMetered(first, { truncated: true, cost: 250 }) as OddsSnapshot[];
    expect(page).toHaveLength(4998);
    const last = page[page.length - 1]!.timestamp!;
    const rest = expectMetered(await call(mock, `/v1/events/${id}/odds?since=${last}`), { truncated: false }) as OddsSnapshot[];
    expect(page.length + rest.length).toBe(5400);
    expect(new Set([...page, ...rest].map((r) => r.line_id)).size).toBe(1800);
  });
});

describe('the opening and closing lines and CLV of an added event', () => {
  it('opening: the earliest snapshot of each line; a moved line opens where it first appears, a line first quoted in play opens in play', async () => {
    const mock = newMock();
    const inPlay: MarketSpec = { market: 'spread', prices: [{ at: 3, line: -0.5, odds: [1.8, 2.0] }] };
    const id = mock.data.addEvent(spec({ markets: [MONEYLINE, TOTAL, ALTERNATE, HALF, inPlay] }));
    const opening = await rows<OpeningLine>(mock, `/v1/events/${id}/lines/opening`);
    expect(opening.map((r) => [r.period, r.market, r.line, r.odds1, r.line_id! - id * 100_000])).toEqual([
      [0, 'moneyline', null, 2.2, 1],
      [0, 'totals', 1.5, 1.3, 1],
      [0, 'totals', 2.5, 1.9, 1],
      [0, 'totals', 3.5, 2.3, 4],
      [1, 'moneyline', null, 2.9, 2],
    ]);
    expect(opening.every((r) => !('score_home' in r) && !('result_status' in r))).toBe(true);
    mock.clock.set(at(10));
    const later = await rows<OpeningLine>(mock, `/v1/events/${id}/lines/opening`);
    expect(later.map((r) => [r.market, r.line, r.timestamp])).toContainEqual(['spread', -0.5, iso(at(3))]);
    const closing = await rows<ClosingLine>(mock, `/v1/events/${id}/lines/closing`);
    expect(closing.some((r) => r.market === 'spread')).toBe(false);
  });

  it('closing: the board of each period at its last pre-kickoff snapshot; a line taken off before the close has none, and CLV on it is 404', async () => {
    const mock = newMock();
    const id = mock.data.addEvent(spec());
    expect(await rows<ClosingLine>(mock, `/v1/events/${id}/lines/closing`)).toEqual([]);
    mock.clock.set(at(10));
    const closing = await rows<ClosingLine>(mock, `/v1/events/${id}/lines/closing`);
    expect(
      closing.map((r) => [r.period, r.market, r.line, r.odds1, r.odds2, r.line_id! - id * 100_000, r.timestamp, r.result_status]),
    ).toEqual([
      [0, 'moneyline', null, 1.95, 4.0, 5, iso(at(-30)), 0],
      [0, 'totals', 3.5, 2.3, 1.6, 5, iso(at(-30)), 0],
      [1, 'moneyline', null, 2.9, 3.9, 2, iso(at(-1440)), 0],
    ]);
    const [event] = await rows<Event>(mock, `/v1/events?event_id=${id}`);
    expect(event).toMatchObject({ closing_available: true, live_status: 1 });

    const clv = await call<ClosingLineValue>(mock, `/v1/analytics/clv?event_id=${id}&market=moneyline&side=home&odds=2.1&stake=10`);
    expectMetered(clv, { cost: 1 });
    const ml = closing[0]!;
    expect(clv.body.closing_odds).toBe(1.95);
    expect(clv.body.true_closing_odds).toBe(ml.todds1);
    expect(clv.body.clv).toBe(2.1 / ml.todds1! - 1);
    expect(clv.body.expected_win).toBe(10 * (2.1 / ml.todds1! - 1));
    const draw = await call<ClosingLineValue>(mock, `/v1/analytics/clv?event_id=${id}&market=moneyline&side=draw&odds=3.6&period=1`);
    expect(draw.body.closing_odds).toBe(2.0);
    expectChargedFailure(await call(mock, `/v1/analytics/clv?event_id=${id}&market=totals&side=over&line=1.5&odds=1.4`), 404, 'not_found');
    expectChargedFailure(await call(mock, `/v1/analytics/clv?event_id=${id}&market=totals&side=over&line=2.5&odds=1.9`), 404, 'not_found');
    expect(
      (await call<ClosingLineValue>(mock, `/v1/analytics/clv?event_id=${id}&market=totals&side=under&line=3.5&odds=1.7`)).body.closing_odds,
    ).toBe(1.6);
  });
});

describe('an added event on the mock clock', () => {
  const live = (mock: MockService) => rows<Event>(mock, '/v1/events?live=1&sport_id=29&limit=500').then((r) => r.map((e) => e.event_id));

  it('is pre-match, then offered in play (not while suspended or before its first in-play price), then ended and settled', async () => {
    const mock = newMock();
    const id = mock.data.addEvent(spec({ suspensions: [{ from: 20, to: 25 }], scores: [{ at: 12, score_home: 1, score_away: 0 }] }));
    const status = async () => (await rows<Event>(mock, `/v1/events?event_id=${id}`))[0]!.live_status;
    expect(await status()).toBe(0);
    expect(await live(mock)).not.toContain(id);
    mock.clock.set(at(3));
    expect(await status()).toBe(1);
    expect(await live(mock)).not.toContain(id);
    mock.clock.set(at(14));
    expect(await live(mock)).toContain(id);
    const [inPlay] = (await rows<OddsSnapshot>(mock, `/v1/events/${id}/odds`)).filter((r) => r.period === 0);
    expect(inPlay).toMatchObject({ odds1: 1.7, timestamp: iso(at(14)), cutoff: iso(at(17)), score_home: 1, score_away: 0, status: 1 });
    mock.clock.set(at(22));
    expect(await live(mock)).not.toContain(id);
    expect((await rows<OddsSnapshot>(mock, `/v1/events/${id}/odds`)).find((r) => r.period === 0)?.status).toBe(2);
    mock.clock.set(at(26));
    expect(await live(mock)).toContain(id);
    mock.clock.set(at(111));
    expect(await status()).toBe(2);
    expect(await live(mock)).not.toContain(id);
  });

  it('is found by live=1 pages that follow their cursors, exactly once each', async () => {
    const mock = newMock();
    mock.clock.set(at(30));
    const ids = [1, 2, 3].map((k) =>
      mock.data.addEvent(spec({ starts: iso(at(-k * 10)), markets: [{ market: 'moneyline', prices: [{ at: 1, odds: [2, 3.3, 3.5] }] }] })),
    );
    const seen: number[] = [];
    let cursor: string | null = '';
    for (let page = 0; cursor !== null && page < 500; page++) {
      const answer: Answer<Event[]> = await call<Event[]>(
        mock,
        `/v1/events?live=1&sport_id=29&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(answer.status).toBe(200);
      seen.push(...answer.body.map((e) => e.event_id!));
      cursor = answer.headers.get('X-Next-Cursor');
    }
    expect(cursor).toBeNull();
    for (const id of ids) expect(seen.filter((x) => x === id)).toHaveLength(1);
  });

  it('results: pending with the running score in play, settled after the end, re-settled by a correction', async () => {
    const mock = newMock();
    const id = mock.data.addEvent(
      spec({
        scores: [
          { at: 12, score_home: 1, score_away: 0 },
          { at: 70, score_home: 1, score_away: 1 },
          { at: 30, period: 1, score_home: 1, score_away: 0 },
        ],
        correction: { at: 300, result: [{ period: 0, score_home: 2, score_away: 1 }] },
      }),
    );
    const results = () => rows<Result>(mock, `/v1/events/${id}/results`);
    expect(await results()).toEqual([]);
    mock.clock.set(at(40));
    expect((await results()).map((r) => [r.period, r.score_home, r.score_away, r.status, r.settlement_id, r.timestamp])).toEqual([
      [0, 1, 0, 0, null, iso(at(12))],
      [1, 1, 0, 0, null, iso(at(30))],
    ]);
    mock.clock.set(at(124));
    expect((await results()).every((r) => r.status === 0)).toBe(true);
    mock.clock.set(at(125));
    expect((await results()).map((r) => [r.period, r.score_home, r.score_away, r.status, r.settlement_id, r.timestamp])).toEqual([
      [0, 1, 1, 1, 1, iso(at(125))],
      [1, 1, 0, 1, 1, iso(at(125))],
    ]);
    const closing = await rows<ClosingLine>(mock, `/v1/events/${id}/lines/closing`);
    expect(closing.filter((r) => r.period === 0).map((r) => [r.result_status, r.score_home, r.score_away])).toEqual([
      [1, 1, 1],
      [1, 1, 1],
    ]);
    mock.clock.set(at(300));
    expect((await results()).map((r) => [r.period, r.score_home, r.score_away, r.status, r.settlement_id])).toEqual([
      [0, 2, 1, 2, 'st_2'],
      [1, 1, 0, 1, 1],
    ]);
    const [event] = await rows<Event>(mock, `/v1/events?event_id=${id}`);
    expect(event!.version).toBe(6);
  });

  it('a cancelled event settles with no scores and the reason; settles: null stays pending', async () => {
    const mock = newMock();
    const cancelled = mock.data.addEvent(
      spec({ cancelled: 'Match abandoned due to weather', result: [{ period: 0, score_home: 3, score_away: 0 }] }),
    );
    const pending = mock.data.addEvent(spec({ settles: null }));
    mock.clock.set(at(1000));
    expect(await rows<Result>(mock, `/v1/events/${cancelled}/results`)).toEqual([
      {
        period: 0,
        score_home: null,
        score_away: null,
        sets_home: null,
        sets_away: null,
        settlement_id: 1,
        status: 3,
        cancellation_reason: 'Match abandoned due to weather',
        timestamp: iso(at(125)),
      },
    ]);
    expect((await rows<Result>(mock, `/v1/events/${pending}/results`)).map((r) => r.status)).toEqual([0]);
  });
});

describe('the props of an added event', () => {
  it('lists them with special ids no generated special has, and serves their prices latest and in full', async () => {
    const mock = newMock();
    const id = mock.data.addEvent(
      spec({
        props: [
          {
            name: 'First goalscorer',
            units: 'Goals',
            contestants: [
              {
                name: 'A. Striker',
                prices: [
                  { at: -1440, odds: 4.5 },
                  { at: -300, odds: 4.0 },
                ],
              },
              { name: 'B. Winger', prices: [{ at: -1440, odds: 6.0 }] },
              { name: 'No goalscorer', prices: [{ at: -1440, odds: 9.0 }] },
            ],
          },
        ],
      }),
    );
    const props = await call<SpecialMarket[]>(mock, `/v1/events/${id}/props`);
    expect(props.headers.get('X-Cache')).toBe('MISS');
    const listed = expectMetered(props) as SpecialMarket[];
    const specialId = id * 1_000 + 10;
    expect(
      listed.map((r) => [
        r.special_id,
        r.contestant_name,
        r.event_id,
        r.special_name,
        r.units,
        r.opening_available,
        r.closing_available,
        r.cutoff,
      ]),
    ).toEqual([
      [specialId, 'A. Striker', id, 'First goalscorer', 'Goals', true, false, iso(KICKOFF)],
      [specialId, 'B. Winger', id, 'First goalscorer', 'Goals', true, false, iso(KICKOFF)],
      [specialId, 'No goalscorer', id, 'First goalscorer', 'Goals', true, false, iso(KICKOFF)],
    ]);
    expect((await call(mock, `/v1/events/${id}/props`)).headers.get('X-Cache')).toBe('HIT');
    const history = await rows<SpecialOddsSnapshot>(mock, `/v1/props/${specialId}/odds?full_history=1`);
    expect(history.map((r) => [r.contestant_line_id! - specialId * 100, r.line_id! - specialId * 100_000, r.odds, r.timestamp])).toEqual([
      [1, 1, 4.5, iso(at(-1440))],
      [2, 2, 6.0, iso(at(-1440))],
      [3, 3, 9.0, iso(at(-1440))],
      [1, 4, 4.0, iso(at(-300))],
    ]);
    expect(impliedSum(history.slice(0, 3).map((r) => r.todds))).toBeCloseTo(1, 3);
    const latest = await rows<SpecialOddsSnapshot>(mock, `/v1/props/${specialId}/odds`);
    expect(latest.map((r) => r.odds)).toEqual([4.0, 6.0, 9.0]);
    expectChargedFailure(await call(mock, `/v1/props/${specialId + 10}/odds`), 404, 'not_found');
  });
});

describe('answers kept for an added event', () => {
  it('a replaced event is served at once: no kept answer (stable or cached) of the earlier one is served', async () => {
    const mock = newMock();
    const first = spec({
      props: [
        {
          name: 'Total goals',
          bet_type: 'over_under',
          contestants: [
            { name: 'Over', prices: [{ at: -600, odds: 1.9, handicap: 2.5 }] },
            { name: 'Under', prices: [{ at: -600, odds: 1.9, handicap: 2.5 }] },
          ],
        },
      ],
    });
    const id = mock.data.addEvent(first);
    mock.clock.set(at(1000));
    const before = await rows<OddsSnapshot>(mock, `/v1/events/${id}/odds?full_history=1`);
    expect(await rows(mock, `/v1/events/${id}/odds?full_history=1`)).toEqual(before);
    expect(contextOf(mock).state.stable.size).toBe(1);
    const props = (await call<SpecialMarket[]>(mock, `/v1/events/${id}/props`)).body;
    expect(props.map((r) => r.contestant_name)).toEqual(['Over', 'Under']);

    expect(
      mock.data.addEvent({
        ...first,
        event_id: id,
        markets: [{ market: 'moneyline', prices: [{ at: -60, odds: [1.5, 4.2, 6.5] }] }],
        props: [{ name: 'Total goals', contestants: [{ name: 'Over 3.5', prices: [{ at: -600, odds: 2.6 }] }] }],
      }),
    ).toBe(id);
    const after = await rows<OddsSnapshot>(mock, `/v1/events/${id}/odds?full_history=1`);
    expect(after.map((r) => r.odds1)).toEqual([1.5]);
    const again = await call<SpecialMarket[]>(mock, `/v1/events/${id}/props`);
    expect(again.headers.get('X-Cache')).toBe('MISS');
    expect(again.body.map((r) => r.contestant_name)).toEqual(['Over 3.5']);
  });

  it('reset removes every added event', async () => {
    const mock = newMock();
    const id = mock.data.addEvent(spec());
    await mock.reset();
    expect(mock.data.added()).toEqual([]);
    expect(await rows<Event>(mock, `/v1/events?event_id=${id}`)).toEqual([]);
    expect(mock.data.addEvent(spec())).toBe(id);
  });

  it('removeEvent removes one: its routes answer 404 as for any unknown event', async () => {
    const mock = newMock();
    const id = mock.data.addEvent(spec());
    expect(mock.data.removeEvent(id)).toBe(true);
    expect(mock.data.removeEvent(id)).toBe(false);
    expectChargedFailure(await call(mock, `/v1/events/${id}/lines/opening`), 404, 'not_found');
  });
});

describe('invalid event specs', () => {
  const cases: [string, unknown, RegExp][] = [
    ['an unknown field', { ...spec(), home: 'x' }, /unknown field\(s\): home/],
    ['a wrong type', { ...spec(), sport_id: '29' }, /at sport_id: expected number/],
    ['an unknown sport', spec({ sport_id: 999 }), /at sport_id: the catalog has no sport 999/],
    ['a league of another sport', spec({ league_id: 1092 }), /at league_id: league 1092 is not a league of sport 29/],
    ['no kickoff', spec({ starts: undefined }), /at starts: give the kickoff as starts .* or as minute/],
    ['two kickoffs', spec({ minute: 10 }), /exactly one of them/],
    [
      'a period the sport lacks',
      spec({ markets: [{ market: 'moneyline', period: 7, prices: [{ at: -10, odds: [2, 3, 4] }] }] }),
      /at markets\[0\]\.period: Soccer has no period 7/,
    ],
    [
      'steps out of order',
      spec({
        markets: [
          {
            market: 'moneyline',
            prices: [
              { at: -10, odds: [2, 3, 4] },
              { at: -20, odds: [2, 3, 4] },
            ],
          },
        ],
      }),
      /at markets\[0\]\.prices\[1\]\.at: .*strictly increasing/,
    ],
    [
      'a price at 1',
      spec({ markets: [{ market: 'moneyline', prices: [{ at: -10, odds: [1, 3, 4] }] }] }),
      /at markets\[0\]\.prices\[0\]\.odds\[0\]: must be more than 1/,
    ],
    [
      'a first step without prices',
      spec({ markets: [{ market: 'moneyline', prices: [{ at: -10, status: 'suspended' }] }] }),
      /at markets\[0\]\.prices\[0\]\.odds: the line's first step needs its prices/,
    ],
    [
      'a total without its line',
      spec({ markets: [{ market: 'totals', prices: [{ at: -10, odds: [1.9, 1.9] }] }] }),
      /at markets\[0\]\.prices\[0\]\.line: .* needs its line/,
    ],
    [
      'a moneyline with a line',
      spec({ markets: [{ market: 'moneyline', prices: [{ at: -10, line: 1, odds: [2, 3, 4] }] }] }),
      /the moneyline has no line/,
    ],
    [
      'two primary lines',
      spec({ markets: [MONEYLINE, { ...MONEYLINE }] }),
      /at markets\[1\]\.alternate: markets\[0\] is already the primary moneyline/,
    ],
    [
      'the same line twice at once',
      spec({ markets: [TOTAL, { market: 'totals', alternate: true, prices: [{ at: -2880, line: 2.5, odds: [1.8, 2] }] }] }),
      /markets\[0\] quotes the same line \(totals 2\.5/,
    ],
    [
      'a price after the end',
      spec({ markets: [{ market: 'moneyline', prices: [{ at: 200, odds: [2, 3, 4] }] }] }),
      /at markets\[0\]\.prices\[0\]\.at: at or after the end of play/,
    ],
    ['an end before the kickoff', spec({ ends: -5 }), /at ends: play ends after the kickoff/],
    [
      'a correction with no settlement',
      spec({ settles: null, correction: { at: 500, result: [{ period: 0, score_home: 1, score_away: 0 }] } }),
      /at correction\.at: a correction comes after the first settlement/,
    ],
    [
      'a score before the kickoff',
      spec({ scores: [{ at: -5, score_home: 1, score_away: 0 }] }),
      /at scores\[0\]\.at: a running score is entered in play/,
    ],
    [
      'an over/under prop of three',
      spec({
        props: [
          {
            name: 'x',
            bet_type: 'over_under',
            contestants: [
              { name: 'a', prices: [{ at: -5, odds: 2 }] },
              { name: 'b', prices: [{ at: -5, odds: 2 }] },
              { name: 'c', prices: [{ at: -5, odds: 2 }] },
            ],
          },
        ],
      }),
      /at props\[0\]\.contestants: an over_under prop has exactly two/,
    ],
    ['an id in the generated range', spec({ event_id: 10_000_000 }), /at event_id: must be at most 9999999/],
  ];
  it.each(cases)('refuses %s at add time, naming the path, and adds nothing', (_name, bad, message) => {
    const mock = newMock();
    expect(() => mock.data.addEvent(bad as EventSpec)).toThrow(message);
    expect(() => mock.data.addEvent(bad as EventSpec)).toThrow(RangeError);
    expect(mock.data.added()).toEqual([]);
  });

  it('refuses a replacement without touching the event it would replace', async () => {
    const mock = newMock();
    const id = mock.data.addEvent(spec());
    expect(() => mock.data.addEvent(spec({ event_id: id, sport_id: 999 }))).toThrow(/no sport 999/);
    expect((await rows<OddsSnapshot>(mock, `/v1/events/${id}/odds`)).length).toBe(3);
  });
});

describe('an added event with minute, the minute of play now', () => {
  it('minute 30: kicked off 30 minutes before the mock clock', async () => {
    const mock = newMock();
    const id = mock.data.addEvent({
      sport_id: 33,
      runner_home: 'A. Player',
      runner_away: 'B. Player',
      minute: 30,
      markets: [
        {
          market: 'moneyline',
          prices: [
            { at: -60, odds: [1.6, 2.4] },
            { at: 1, odds: [1.5, 2.6] },
          ],
        },
      ],
    });
    const [event] = await rows<Event>(mock, `/v1/events?event_id=${id}`);
    expect(event).toMatchObject({ starts: iso(T0 - 30 * MINUTE), live_status: 1, resulting_unit: 'Games' });
    expect((await rows<OddsSnapshot>(mock, `/v1/events/${id}/odds`))[0]).toMatchObject({
      odds1: 1.5,
      odds0: null,
      odds2: 2.6,
      timestamp: NOW,
    });
  });
});
