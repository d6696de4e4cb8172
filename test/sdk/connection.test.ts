import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConnectionError, SportsOdds } from '../../src';
import { rejection, TEST_KEY } from './fake-fetch';

// No MSW here: the request must reach a real closed port.
describe('ConnectionError keeps its cause', () => {
  it('carries the system error (ECONNREFUSED) without repeating the URL', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const odds = new SportsOdds({ apiKey: TEST_KEY, baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0, logLevel: 'off' });
    const error = await rejection<ConnectionError>(odds.catalog.sports());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.cause).toBeInstanceOf(Error);
    const system = (error.cause as Error).cause as { code?: string } | undefined;
    expect(system?.code).toBe('ECONNREFUSED');
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message.split(`127.0.0.1:${port}/v1/catalog/sports`)).toHaveLength(2);
    expect(error.message).not.toContain(TEST_KEY);
  });
});
