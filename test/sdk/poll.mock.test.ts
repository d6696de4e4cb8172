import { describe, expect, it } from 'vitest';
import type { Event } from '../../src';
import { NOW, sdkFor, useMockServer } from './mock-setup';

const newMock = useMockServer();

describe('pre-game polling with a moving since', () => {
  it('yields each changed event once per new version, and stops on abort', async () => {
    const mock = newMock();
    const stop = new AbortController();
    let waits = 0;
    const { odds, seen } = sdkFor(mock, {
      sleep: async (ms) => {
        mock.clock.advance(ms);
        if (++waits === 6) stop.abort();
      },
    });
    const leagues = await odds.catalog.leagues({ sport_id: 29 });
    const leagueId = leagues[0]?.league_id as number;
    seen.requests.length = 0;

    const yielded: Event[] = [];
    const pollOf: number[] = [];
    for await (const event of odds.events.poll({ league_id: leagueId, limit: 500 }, { intervalMs: 3_600_000, signal: stop.signal })) {
      yielded.push(event);
      pollOf.push(seen.requests.length);
    }

    expect(seen.requests).toHaveLength(6);
    const sinces = seen.requests.map((r) => new URL(r.url).searchParams.get('since'));
    expect(sinces[0]).toBeNull();
    // Each later poll reaches back to a minute before the previous poll started.
    for (let i = 1; i < sinces.length; i++) {
      expect(sinces[i]).toBe(new Date(Date.parse(NOW) + (i - 1) * 3_600_000 - 60_000).toISOString().replace('.000Z', 'Z'));
    }
    const pairs = yielded.map((e) => `${e.event_id}@${e.version}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pollOf.filter((n) => n === 1).length).toBeGreaterThan(0);
    // Fixtures are created and their odds open as time passes: later polls find new versions.
    expect(pollOf.filter((n) => n > 1).length).toBeGreaterThan(0);
    const versions = new Map<unknown, number>();
    for (const e of yielded) {
      const before = versions.get(e.event_id);
      if (before !== undefined) expect(e.version as number).toBeGreaterThan(before);
      versions.set(e.event_id, e.version as number);
    }
    expect(yielded.every((e) => e.live_status === 0)).toBe(true);
  });

  it('skips an unchanged event seen again through the overlap', async () => {
    const mock = newMock();
    const stop = new AbortController();
    let waits = 0;
    const rows: number[] = [];
    const { odds, seen } = sdkFor(mock, {
      sleep: async (ms) => {
        mock.clock.advance(ms);
        if (++waits === 2) stop.abort();
      },
      hooks: {
        beforeRequest: [(info) => void seen.requests.push(info)],
        afterResponse: [({ meta }) => void rows.push(meta.resultRows ?? 0)],
      },
    });
    const yielded: Event[] = [];
    // A two-hour overlap: the second poll (10 s later) answers the first poll's rows again.
    const options = { intervalMs: 10_000, overlapMs: 2 * 3_600_000, since: '2026-11-21T13:00:00Z', signal: stop.signal };
    for await (const event of odds.events.poll({ sport_id: 29, limit: 50 }, options)) {
      yielded.push(event);
    }
    expect(seen.requests).toHaveLength(2);
    expect(rows[0]).toBeGreaterThan(0);
    // The second poll answered the same rows again; none was yielded twice.
    expect(rows[1]).toBe(rows[0]);
    expect(yielded).toHaveLength(rows[0] as number);
  });
});
