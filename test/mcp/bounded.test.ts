import { countTokens, isWithinTokenLimit } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { SportsOdds } from '../../src';
import { bound, Continuations } from '../../src/mcp/bounded';
import { connect, LONG_HISTORY, textOf } from './harness';

type Rows = {
  rows: Record<string, unknown>[];
  count: number;
  remaining?: number;
  continuation?: string;
  truncated?: boolean;
  next?: { arguments: Record<string, unknown> };
};

describe('bounded results', () => {
  it('cuts an answer over the token cap into pages joined by continuations, each within the cap, the rows in order and complete', async () => {
    const s = await connect({ confirmAboveCredits: 250, maxResultTokens: 5000 });
    s.mock.clock.freeze();
    const live = (await s.call('events_list', { live: true, limit: 5 })).structuredContent as Rows;
    const event = live.rows[0]?.['event_id'] as number;
    const first = await s.call('events_odds', { event_id: event, full_history: true });
    expect(first.isError).toBeFalsy();
    const charged = s.charged();
    const pages = [first];
    let page = first.structuredContent as Rows;
    while (page.continuation !== undefined) {
      const next = await s.call('more_rows', { continuation: page.continuation });
      pages.push(next);
      page = next.structuredContent as Rows;
    }
    expect(pages.length).toBeGreaterThan(1);
    // The continuation pages are free: the answer was paid once.
    expect(s.charged()).toBe(charged);
    for (const p of pages) expect(countTokens(textOf(p))).toBeLessThanOrEqual(5000);
    const first0 = first.structuredContent as Rows;
    const rows = pages.flatMap((p) => (p.structuredContent as Rows).rows);
    expect(rows.length).toBe(first0.count + (first0.remaining ?? 0));
    const odds = new SportsOdds({ apiKey: s.mock.apiKey, baseUrl: s.mock.baseUrl, fetch: s.mock.fetch, logLevel: 'off' });
    expect(rows).toEqual(JSON.parse(JSON.stringify(await odds.events.odds(event, { full_history: true }))));
    // A used continuation gives nothing twice.
    expect(textOf(await s.call('more_rows', { continuation: first0.continuation as string }))).toContain('already used');
    await s.close();
  });

  it('keeps whole answers under the default cap of 20,000 tokens as they are', async () => {
    const s = await connect();
    const result = await s.call('events_list', { limit: 50 });
    const content = result.structuredContent as Rows;
    expect(content.count).toBe(50);
    expect(content.continuation).toBeUndefined();
    expect(countTokens(textOf(result))).toBeLessThanOrEqual(20_000);
    await s.close();
  });

  it('gives the live cursor as the next call of a truncated live listing', async () => {
    const s = await connect();
    const result = (await s.call('events_list', { live: true, limit: 1 })).structuredContent as Rows;
    expect(result.truncated).toBe(true);
    expect(result.next?.arguments).toEqual({ live: true, limit: 1, cursor: expect.any(String) });
    const next = await s.call('events_list', result.next?.arguments);
    expect(next.isError).toBeFalsy();
    await s.close();
  });
});

describe('a history past the service cap', () => {
  it('continues an odds history the service cut with since, as the SDK oddsHistory reads it', async () => {
    const s = await connect({ confirmAboveCredits: 250 });
    s.mock.clock.freeze();
    /** An answer's rows with those of the pages it was cut into, and its own fields (from its last page). */
    const whole = async (args: Record<string, unknown> | undefined): Promise<Rows> => {
      let page = (await s.call('events_odds', args)).structuredContent as Rows;
      const rows = [...page.rows];
      while (page.continuation !== undefined) {
        page = (await s.call('more_rows', { continuation: page.continuation })).structuredContent as Rows;
        rows.push(...page.rows);
      }
      return { ...page, rows };
    };
    const event = s.mock.data.addEvent(LONG_HISTORY);
    const first = await whole({ event_id: event, full_history: true });
    // The service cuts between two snapshot instants (three rows each here): at most 5,000 rows.
    expect(first.rows.length).toBeGreaterThan(4990);
    expect(first.rows.length).toBeLessThanOrEqual(5000);
    expect(first.truncated).toBe(true);
    expect(first.next?.arguments).toEqual({ event_id: event, full_history: true, since: expect.any(String) });
    const second = await whole(first.next?.arguments);
    expect(second.truncated).toBeUndefined();
    const odds = new SportsOdds({ apiKey: s.mock.apiKey, baseUrl: s.mock.baseUrl, fetch: s.mock.fetch, logLevel: 'off' });
    const all: unknown[] = [];
    for await (const row of odds.events.oddsHistory(event)) all.push(row);
    expect([...first.rows, ...second.rows]).toEqual(JSON.parse(JSON.stringify(all)));
    await s.close();
  });
});

describe('a row over the cap', () => {
  it('is refused with what to change, never paged into empty pages', () => {
    const held = new Continuations('s1');
    const rows = [{ note: 'word '.repeat(3000) }, { note: 'short' }];
    expect(() => bound({ rows, count: 2 }, 'events_odds', 1000, isWithinTokenLimit, held)).toThrow(
      'one row is over the cap of 1000 tokens: keep fewer columns (fields) or narrow the query',
    );
    // Rows that fit one by one page as usual.
    const small = Array.from({ length: 400 }, (_, i) => ({ event_id: i, note: 'a few words each' }));
    const first = bound({ rows: small, count: 400 }, 'events_odds', 1000, isWithinTokenLimit, held);
    expect(first['count']).toBeGreaterThan(0);
    expect(first['remaining']).toBe(400 - (first['count'] as number));
  });
});
