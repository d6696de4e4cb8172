/**
 * Where an example's calls go: a real service when SPORTS_ODDS_BASE_URL and SPORTS_ODDS_API_KEY are
 * both set, else the embedded mock service (no network, no key). In your own code, construct
 * `new SportsOdds()` from `sports-odds-data`: it reads the same two variables.
 */
import { createMockService, type MockService, type MockServiceOptions } from '../../mocks';
import { SportsOdds, type ClientOptions } from '../../src';

/** What an example talks to. */
export interface Target {
  odds: SportsOdds;
  /** The embedded mock service, when no real service is configured. */
  mock: MockService | undefined;
  /** The service's base URL (the mock's is `https://api.sports-odds.test`, answered in process). */
  baseUrl: string;
  /** One line for people: where the calls go. */
  label: string;
}

/** Options of the client an example makes; where it goes is decided here. */
export type ExampleClientOptions = Omit<ClientOptions, 'apiKey' | 'baseUrl' | 'fetch'>;

/** The configured real service, if both variables are set. */
export function realService(): { baseUrl: string; apiKey: string } | undefined {
  const baseUrl = process.env['SPORTS_ODDS_BASE_URL'];
  const apiKey = process.env['SPORTS_ODDS_API_KEY'];
  if (baseUrl && apiKey) return { baseUrl, apiKey };
  if (baseUrl || apiKey) {
    const missing = baseUrl ? 'SPORTS_ODDS_API_KEY' : 'SPORTS_ODDS_BASE_URL';
    console.error(`(${missing} is not set: using the embedded mock service instead of a real one)`);
  }
  return undefined;
}

/**
 * A client for the example: against the real service when configured, else against a fresh
 * embedded mock (its `fetch` answers in process, so nothing is intercepted globally).
 *
 * @example
 * const { odds, label } = connect({ rateLimit: { requestsPerSecond: 'account' } });
 */
export function connect(options: ExampleClientOptions = {}, mockOptions: MockServiceOptions = {}): Target {
  const real = realService();
  if (real) return { odds: new SportsOdds({ ...options, ...real }), mock: undefined, baseUrl: real.baseUrl, label: real.baseUrl };
  const mock = createMockService(mockOptions);
  const odds = new SportsOdds({ ...options, apiKey: mock.apiKey, baseUrl: mock.baseUrl, fetch: mock.fetch });
  return { odds, mock, baseUrl: mock.baseUrl, label: 'the embedded mock service (no network, no key)' };
}
