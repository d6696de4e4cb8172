import type { MockServerOptions } from '../../../mocks/server/node';
import type { MockService } from '../../../mocks';
import { refusals, type TrafficOptions } from './refusals';
import { TrafficSession, type Exchange } from './session';
import { successes } from './successes';

export type { Exchange, WireAnswer, WireRequest } from './session';
export type { TrafficOptions } from './refusals';

/**
 * The mock the traffic runs against: a fixed "now", the demo account on the pro plan with a fixed
 * key. Its clock is frozen by `runTraffic`, so every run records the same answers.
 */
export const TRAFFIC_MOCK_OPTIONS = {
  now: '2026-11-21T12:00:00Z',
  demoAccount: { plan: 'pro', apiKey: 'svc_live_ExampleKeyOfTheDemoAccount000000' },
} as const satisfies MockServerOptions;

/**
 * Sends the traffic that covers every operation of the route table with a success and every error
 * status it can answer, to `baseUrl` (the standalone mock started with `TRAFFIC_MOCK_OPTIONS`, or a
 * proxy in front of it), and returns the exchanges in the order they happened.
 *
 * @example
 * const server = await startMockServer({ ...TRAFFIC_MOCK_OPTIONS, port: 0 });
 * const exchanges = await runTraffic(server.url, server.mock);
 */
export async function runTraffic(baseUrl: string, mock: MockService, options: TrafficOptions = {}): Promise<Exchange[]> {
  mock.clock.freeze(TRAFFIC_MOCK_OPTIONS.now);
  const session = new TrafficSession(baseUrl, mock);
  await refusals(session, await successes(session), options);
  return session.exchanges;
}
