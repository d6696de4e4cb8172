import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startMockServer, type MockServer, type MockServerOptions } from '../../mocks/server/node';
import { NOW } from './mock-server';

/**
 * Standalone mock servers (and anything else closable) for the tests of a file, closed after each test.
 *
 * @example
 * const { start, onClose } = useStandaloneMocks();
 * it('answers', async () => { const server = await start(); ... });
 */
export function useStandaloneMocks(): {
  start(options?: MockServerOptions): Promise<MockServer>;
  onClose(close: () => Promise<void>): void;
} {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  return {
    async start(options = {}) {
      const server = await startMockServer({ port: 0, now: NOW, ...options });
      closers.push(() => server.close());
      return server;
    },
    onClose: (close) => void closers.push(close),
  };
}

/**
 * One standalone mock server for the tests of a file: started before them, back to its seeded state
 * with its clock frozen at `NOW` before each, closed after them. Returns the running server.
 *
 * @example
 * const server = useSharedStandaloneMock();
 * it('answers', async () => { await fetch(`${server().url}/__admin`); });
 */
export function useSharedStandaloneMock(): () => MockServer {
  let server: MockServer | undefined;
  const running = () => {
    if (!server) throw new Error('the shared mock server has not started');
    return server;
  };
  beforeAll(async () => {
    server = await startMockServer({ port: 0, now: NOW });
  });
  beforeEach(async () => {
    await running().mock.reset();
    running().mock.clock.freeze(NOW);
  });
  afterAll(async () => {
    await server?.close();
  });
  return running;
}

/**
 * POSTs a JSON body to an operation of a standalone mock's control plane and returns its JSON answer.
 *
 * @example
 * await postAdmin(server.url, '/checkouts/paid', { email: 'a@example.com' });
 */
export async function postAdmin<T>(baseUrl: string, path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${baseUrl}/__admin${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}
