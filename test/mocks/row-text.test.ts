import { describe, expect, it } from 'vitest';
import { handlers } from '../../mocks/service/handlers';
import { contextOf } from '../../mocks/service/internal';
import { validateOutput } from '../../mocks/service/pipeline/output';
import { RowText } from '../../mocks/service/pipeline/row-text';
import { ServiceError } from '../../mocks/service/service-error';
import { type Event, routes } from '../../src/schemas';
import { call, useMockServer } from '../helpers/mock-server';

const newMock = useMockServer();
const DAY = 86_400_000;
const odds = routes['events.odds'];

/** Finished events of two days before the test instant, one per sport asked for. */
async function finishedEvents(mock: ReturnType<typeof newMock>, sports: number[]): Promise<Event[]> {
  const day = new Date(mock.clock.now() - 2 * DAY).toISOString().slice(0, 10);
  const found: Event[] = [];
  for (const sport of sports) {
    const events = (await call<Event[]>(mock, `/v1/events?sport_id=${sport}&starts_from=${day}T00:00:00Z&starts_to=${day}&limit=50`)).body;
    const event = events.find((e) => e.live_status === 2);
    if (event) found.push(event);
  }
  if (found.length < 2) throw new Error('too few finished events');
  return found;
}

describe('rows written straight to text (issue 34: a history never held as objects)', () => {
  it('answers a history with the text validateOutput and JSON.stringify make of the same rows, cap and headers alike', async () => {
    const mock = newMock();
    const { data } = contextOf(mock);
    const now = mock.clock.now();
    // Soccer (a running score, red cards), tennis (sets), basketball: histories of every shape the engines make.
    for (const event of await finishedEvents(mock, [29, 33, 4])) {
      const f = data.eventAt(event.event_id as number, now)!;
      for (const query of [{ full_history: true }, { full_history: true, main_lines_only: true }, { since: event.starts! }]) {
        const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, v === true ? '1' : String(v)]));
        const answer = await mock.fetch(`${mock.baseUrl}/v1/events/${event.event_id}/odds?${search}`, {
          headers: { Authorization: `Bearer ${mock.apiKey}` },
        });
        const { rows, truncated } = data.odds(f, now, {
          fullHistory: query.full_history === true,
          mainOnly: 'main_lines_only' in query,
          rowCap: odds.metering.rowCap(query),
          ...('since' in query ? { since: Date.parse(query.since) } : {}),
        });
        expect(rows.length).toBeGreaterThan(0);
        expect(answer.status).toBe(200);
        expect(await answer.text()).toBe(JSON.stringify(validateOutput(odds, 200, rows)));
        expect(answer.headers.get('X-Result-Rows')).toBe(String(rows.length));
        expect(answer.headers.get('X-Result-Truncated')).toBe(String(truncated));
      }
    }
  });

  it('is how the odds route answers: its handler gives the rows written, never an array of them', async () => {
    const mock = newMock();
    const [event] = await finishedEvents(mock, [29, 33]);
    const query = { full_history: true as const };
    const result = await handlers['events.odds']({
      params: { event_id: event!.event_id as number },
      query,
      clock: mock.clock,
      rowCap: odds.metering.rowCap(query),
      cursorSecret: undefined as never,
      data: contextOf(mock).data,
      liveScanLimit: 5000,
      rowText: () => new RowText(odds),
    });
    expect(result.body).toBeInstanceOf(RowText);
    expect(result.rows).toBe((result.body as RowText).count);
  });

  it("strips the source-only fields of each row, as the whole answer's validation does", () => {
    const out = new RowText(odds);
    const row = { ...exampleRow(), source_feed_id: 101 };
    out.add(row);
    out.add(exampleRow());
    expect(out.count).toBe(2);
    expect(out.text()).toBe(JSON.stringify([exampleRow(), exampleRow()]));
    expect(out.text()).not.toContain('source_feed_id');
  });

  it("refuses a row that fails its schema as the mock's own 500, naming the row and the field", () => {
    const out = new RowText(odds);
    out.add(exampleRow());
    let thrown: unknown;
    try {
      out.add({ ...exampleRow(), odds1: 'high' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ServiceError);
    expect((thrown as ServiceError).status).toBe(500);
    expect((thrown as ServiceError).code).toBe('internal_error');
    expect((thrown as ServiceError).message).toContain('at 1.odds1');
  });

  it('is only made for a route that answers plain rows', () => {
    expect(() => new RowText(routes['account.get'])).toThrow(/does not answer plain rows/);
  });
});

/** One valid row of the odds route, as sent. */
function exampleRow() {
  return {
    event_id: 1_000_001,
    line_id: 100_000_100_001,
    alt_line_id: null,
    market: 'moneyline',
    period: 0,
    line: null,
    odds1: 1.91,
    odds0: null,
    odds2: 1.95,
    todds1: 1.95,
    todds0: null,
    todds2: 2.0,
    max_win: 10_000,
    cutoff: '2026-11-19T15:00:00.000Z',
    status: 1,
    timestamp: '2026-11-19T14:00:00.000Z',
    score_home: null,
    score_away: null,
    red_cards_home: null,
    red_cards_away: null,
  };
}
