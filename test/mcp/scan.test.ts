import { describe, expect, it } from 'vitest';
import { SportsOdds } from '../../src';
import { connect, textOf } from './harness';

type Page = {
  rows: { event_id: number }[];
  count: number;
  complete: boolean;
  credits: number;
  continuation?: string;
  next?: { tool: string; arguments: Record<string, unknown> };
};

describe('events_scan: a kickoff window with no truncation, continued from its checkpoint', () => {
  it('lists every event of a window over calls of max_pages pages, as the SDK scan does, charged as it goes', async () => {
    const s = await connect();
    s.mock.clock.freeze();
    const window = { starts_from: '2026-11-19T00:00:00Z', starts_to: '2026-11-19' };
    const listed = (await s.call('events_list', { ...window, limit: 500 })).structuredContent as Page;
    expect(listed.next).toEqual({ tool: 'events_scan', arguments: window });
    const rows: number[] = [];
    /** The rows of a result, and those of the pages it was cut into (more_rows, free). */
    const collect = async (first: Page): Promise<Page> => {
      let cut = first;
      rows.push(...cut.rows.map((r) => r.event_id));
      while (cut.continuation !== undefined) {
        cut = (await s.call('more_rows', { continuation: cut.continuation })).structuredContent as Page;
        rows.push(...cut.rows.map((r) => r.event_id));
      }
      return { ...first, ...(cut.next === undefined ? {} : { next: cut.next }) };
    };
    let page = await collect((await s.call('events_scan', { ...window, max_pages: 1 })).structuredContent as Page);
    let calls = 1;
    while (page.next !== undefined) {
      expect(page.complete).toBe(false);
      expect(page.next.tool).toBe('events_scan');
      const result = await s.call('events_scan', { ...page.next.arguments, max_pages: 2 });
      expect(result.isError, textOf(result)).toBeFalsy();
      page = await collect(result.structuredContent as Page);
      calls += 1;
    }
    expect(page.complete).toBe(true);
    expect(calls).toBeGreaterThan(1);
    const odds = new SportsOdds({ apiKey: s.mock.apiKey, baseUrl: s.mock.baseUrl, fetch: s.mock.fetch, logLevel: 'off' });
    const all: number[] = [];
    for await (const event of odds.events.scan(window)) all.push(event.event_id as number);
    expect(rows).toEqual(all);
    await s.close();
  });

  it('refuses a scan checkpoint given to more_rows, and one used twice', async () => {
    const s = await connect();
    const page = (await s.call('events_scan', { starts_from: '2026-11-19T00:00:00Z', starts_to: '2026-11-19', max_pages: 1 }))
      .structuredContent as Page;
    const continuation = page.next?.arguments['continuation'] as string;
    expect(textOf(await s.call('more_rows', { continuation }))).toContain('it continues events_scan; give it to events_scan');
    expect((await s.call('events_scan', { continuation })).isError).toBeFalsy();
    expect(textOf(await s.call('events_scan', { continuation }))).toContain('unknown or already used');
    await s.close();
  });
});
