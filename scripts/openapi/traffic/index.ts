import type { MockServerOptions } from '../../../mocks/server/node';
import type { MockService } from '../../../mocks';
import { routeList, type RouteId } from '../../../src/schemas';
import { refusalsOf, type TrafficOptions } from './refusals';
import { TrafficSession, type Exchange } from './session';
import { prelude, successesOf } from './successes';

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

/** The operations of the document: every registered route, in the table's order. */
export const trafficOperations = (): RouteId[] => routeList.filter((r) => r.registered).map((r) => r.id as RouteId);

/**
 * Sends the traffic that covers every operation of the route table with a success and every error
 * status it can answer, to `baseUrl` (the standalone mock started with `TRAFFIC_MOCK_OPTIONS`, or a
 * proxy in front of it), and returns each operation's exchanges, the operations in the table's order.
 *
 * Each operation's traffic runs on a mock of its own: the prelude (the data and accounts every
 * operation uses) runs once, the mock's state is saved, and it is restored before each operation;
 * only that operation's requests are kept. So one operation's requests (its clock steps, its
 * credits, its keys) never reach another's answers, and a route added or removed changes no other
 * operation's exchanges (test/openapi/traffic-isolation.test.ts).
 *
 * @example
 * const server = await startMockServer({ ...TRAFFIC_MOCK_OPTIONS, port: 0 });
 * const exchanges = await runTraffic(server.url, server.mock);
 */
export async function runTraffic(
  baseUrl: string,
  mock: MockService,
  options: TrafficOptions & { operations?: readonly RouteId[] } = {},
): Promise<Exchange[]> {
  mock.clock.freeze(TRAFFIC_MOCK_OPTIONS.now);
  const found = await prelude(new TrafficSession(baseUrl, mock));
  const prepared = mock.snapshot();
  const exchanges: Exchange[] = [];
  for (const id of options.operations ?? trafficOperations()) {
    await mock.restore(prepared);
    const session = new TrafficSession(baseUrl, mock);
    await successesOf(id)(session, found);
    await refusalsOf(session, routeList.find((r) => r.id === id)!, found, options);
    exchanges.push(...session.exchanges.filter((e) => e.routeId === id));
  }
  return exchanges;
}
