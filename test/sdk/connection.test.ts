import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConnectionError, SportsOdds } from '../../src';
import { useStandaloneMocks } from '../helpers/standalone';
import { rejection, TEST_KEY } from './fake-fetch';

const { start } = useStandaloneMocks();

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

describe('https:// to a server that speaks plain HTTP', () => {
  it("names the likely mistake (use http://) for a standalone mock, and keeps OpenSSL's words in the cause", async () => {
    const server = await start();
    const tls = server.url.replace(/^http:/, 'https:');
    const odds = new SportsOdds({ apiKey: server.mock.apiKey, baseUrl: tls, maxRetries: 0, logLevel: 'off' });
    const error = await rejection<ConnectionError>(odds.catalog.sports());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe(`GET ${tls}/v1/catalog/sports: the server speaks plain HTTP, not TLS: use http://`);
    expect(error.message).not.toMatch(/SSL routines|openssl/i);
    const tlsError = (error.cause as Error).cause as { code?: string; message: string } | undefined;
    expect(tlsError?.code).toBe('ERR_SSL_WRONG_VERSION_NUMBER');
    expect(tlsError?.message).toMatch(/wrong version number/);
    // The mock saw no request it could answer: nothing charged.
    expect(server.mock.ledger().reduce((sum, account) => sum + account.charged, 0)).toBe(0);
  });
});
