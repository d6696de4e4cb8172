import type { MockService } from '../../mocks';
import { SportsOdds, type ClientOptions, type RequestInfo, type RetryInfo } from '../../src';

export { NOW, useMockServer } from '../helpers/mock-server';

/** What a test client saw: requests sent and retries taken. */
export interface Observed {
  requests: RequestInfo[];
  retries: RetryInfo[];
}

/**
 * An SDK client on a mock service, on the mock's (frozen) clock: the SDK's waits advance that
 * clock, so Retry-After, pacing and cursor age run in virtual time, without real waits.
 *
 * @example
 * const { odds, seen } = sdkFor(mock, { maxRetries: 0 });
 */
export function sdkFor(mock: MockService, options: ClientOptions = {}): { odds: SportsOdds; seen: Observed } {
  const seen: Observed = { requests: [], retries: [] };
  const odds = new SportsOdds({
    apiKey: mock.apiKey,
    baseUrl: mock.baseUrl,
    now: () => mock.clock.now(),
    sleep: async (ms) => mock.clock.advance(ms),
    random: () => 0.5,
    logLevel: 'off',
    hooks: {
      beforeRequest: [(info) => void seen.requests.push(info)],
      beforeRetry: [(info) => void seen.retries.push(info)],
    },
    ...options,
  });
  return { odds, seen };
}

/** Charges the mock recorded for an account. */
export const chargesOf = (mock: MockService, email = mock.demoEmail) =>
  mock.ledger().find((entry) => entry.email === email) ?? { charges: [], charged: 0 };

/** The first sport of the catalog with a capability. */
export async function sportWith(odds: SportsOdds, flag: 'has_props' | 'has_outrights' | 'has_live' | 'has_history') {
  const sport = (await odds.catalog.sports()).find((s) => s[flag] === true);
  if (sport?.sport_id == null) throw new Error(`no sport with ${flag}`);
  return sport.sport_id;
}

/** A finished event of a sport, from the day before yesterday (closing lines and results exist). */
export async function finishedEvent(odds: SportsOdds, sportId: number, now: number) {
  const day = new Date(now - 2 * 86_400_000).toISOString().slice(0, 10);
  const events = await odds.events.list({ sport_id: sportId, starts_from: `${day}T00:00:00Z`, starts_to: day, limit: 50 });
  const event = events.find((e) => e.closing_available === true || e.closing_available === 1);
  if (event?.event_id == null) throw new Error('no finished event');
  return event.event_id;
}

/** Every page of a scan, in order. */
export async function allPages<P>(pages: AsyncIterable<P>): Promise<P[]> {
  const out: P[] = [];
  for await (const page of pages) out.push(page);
  return out;
}
