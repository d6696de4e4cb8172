import { afterEach } from 'vitest';
import { startMockServer, type MockServer, type MockServerOptions } from '../../mocks/node';
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
