import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { createMockService, type MockService, type MockServiceOptions } from '../../mocks';

/** A fixed instant for deterministic tests: a Saturday afternoon, UTC. */
export const NOW = '2026-11-21T15:00:00Z';

/**
 * One MSW server per test file; each test gets a fresh mock service through the returned factory.
 *
 * @example
 * const newMock = useMockServer();
 * it('answers', async () => { const mock = newMock(); ... });
 */
export function useMockServer(): (options?: MockServiceOptions) => MockService {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());
  return (options = {}) => {
    const mock = createMockService({ now: NOW, ...options });
    mock.clock.freeze(options.now ?? NOW);
    server.resetHandlers(...mock.handlers);
    return mock;
  };
}

/** A parsed answer of the mock. */
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls the mock with raw fetch and the given key (the demo key unless `key` is null). */
export async function call<T = unknown>(
  mock: MockService,
  path: string,
  init: RequestInit & { key?: string | null } = {},
): Promise<Answer<T>> {
  const { key = mock.apiKey, headers, ...rest } = init;
  const h = new Headers(headers);
  if (key !== null) h.set('Authorization', `Bearer ${key}`);
  const response = await fetch(`${mock.baseUrl}${path}`, { ...rest, headers: h });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The credit headers of docs/service.md's "Response headers" that every metered answer carries, aliases included. */
export const CREDIT_HEADERS = [
  'X-Credits-Cost',
  'X-Credits-Limit',
  'X-Credits-Remaining',
  'X-Credits-Period-Limit',
  'X-Credits-Period-Remaining',
  'X-Credits-Period-Reset',
  'X-Credits-Daily-Limit',
  'X-Credits-Daily-Remaining',
  'X-Credits-Daily-Reset',
] as const;

/** The error envelope's code of an answer. */
export const codeOf = (answer: Answer): string | undefined => (answer.body as { error?: { code?: string } }).error?.code;
