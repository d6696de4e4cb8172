import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SLOW_CLIENT_BOUNDS, startMockServer, type MockServer, type MockServerOptions } from '../../mocks/server/node';

/**
 * The standalone server bounds slow clients (issue 23, item 5; docs/performance.md, "Slow clients"),
 * over real sockets: a client that never finishes its headers or its body is answered `408` in the
 * envelope and let go within the stated bound, even one that keeps sending; an answer that is slow
 * on the server's side is never cut; an idle keep-alive connection is closed. The 1,000-connection
 * measurement is bench/mock-slow-clients.ts.
 */
const servers: MockServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(options: MockServerOptions = {}): Promise<MockServer> {
  const server = await startMockServer({ port: 0, ...options });
  servers.push(server);
  return server;
}

/** What a raw connection saw, in ms since it was accepted. */
interface Seen {
  text: string;
  answeredAt: Promise<number>;
  /** When the server let go of it: the first write after that fails, or the server closes. */
  closedAt: Promise<number>;
}

/**
 * A raw client: it sends `head`, then `drip` every `dripMs` (never, without it). A hostile one does not
 * end its side when the server ends its own, and once answered writes every 20 ms to learn when the
 * server lets go; a polite one closes when the server does.
 */
function client(
  server: MockServer,
  head: string,
  { dripMs, drip = 'a', hostile = true }: { dripMs?: number; drip?: string; hostile?: boolean } = {},
): Seen {
  const socket = connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: hostile, noDelay: true });
  sockets.push(socket);
  let opened = Number.NaN;
  const seen: Partial<Seen> & { text: string } = { text: '' };
  socket.write(head);
  socket.on('connect', () => {
    opened = performance.now();
  });
  const dripping = dripMs === undefined ? undefined : setInterval(() => socket.writable && socket.write(drip), dripMs);
  let probe: NodeJS.Timeout | undefined;
  seen.answeredAt = new Promise((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      seen.text += chunk.toString('latin1');
      resolve(performance.now() - opened);
      if (hostile) probe ??= setInterval(() => socket.writable && socket.write(drip), 20);
    });
  });
  seen.closedAt = new Promise((resolve) => {
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(dripping);
      clearInterval(probe);
      resolve(performance.now() - opened);
    });
  });
  return seen as Seen;
}

const statusLine = (text: string) => text.split('\r\n')[0];
const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { error: { code: string; request_id: string } };
/** Timers of a busy machine fire late: the bounds are checked with this much slack (the bench measures them exactly). */
const SLACK_MS = 2_000;

describe('slow clients', () => {
  it('answers 50 slow-header connections 408 and lets go of them within the default bounds, however long they keep sending', async () => {
    const server = await start();
    const { headersTimeoutMs, checkIntervalMs, lingerMs } = SLOW_CLIENT_BOUNDS;
    const head = `GET /v1/catalog/sports HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Slow: `;
    const seen = Array.from({ length: 50 }, () => client(server, head, { dripMs: 250 }));
    for (const { answeredAt, closedAt } of seen) {
      const answered = await answeredAt;
      expect(answered).toBeGreaterThanOrEqual(headersTimeoutMs - 50);
      expect(answered).toBeLessThanOrEqual(headersTimeoutMs + checkIntervalMs + SLACK_MS);
      expect(await closedAt).toBeLessThanOrEqual(headersTimeoutMs + checkIntervalMs + lingerMs + SLACK_MS);
    }
    for (const { text } of seen) {
      expect(statusLine(text)).toBe('HTTP/1.1 408 Request Timeout');
      expect(bodyOf(text).error).toEqual({
        code: 'invalid_parameters',
        message: 'the request did not arrive in time',
        request_id: expect.stringMatching(/^req_[0-9a-f]{32}$/),
      });
    }
    // The server goes on answering.
    const ok = await fetch(`${server.url}/v1/catalog/sports`, { headers: { Authorization: `Bearer ${server.mock.apiKey}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('Keep-Alive')).toBe(`timeout=${SLOW_CLIENT_BOUNDS.keepAliveTimeoutMs / 1000}`);
  }, 30_000);

  it('answers a body that never ends 408 after the request timeout, and a silent connection after the headers timeout', async () => {
    const server = await start({ clientTimeouts: { headersMs: 300, requestMs: 600 } });
    const body = client(
      server,
      'POST /__admin/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      { dripMs: 100, drip: ' ' },
    );
    const silent = client(server, '');
    expect(await body.answeredAt).toBeGreaterThanOrEqual(600 - 50);
    expect(await silent.answeredAt).toBeGreaterThanOrEqual(300 - 50);
    await Promise.all([body.closedAt, silent.closedAt]);
    expect([statusLine(body.text), statusLine(silent.text)]).toEqual(['HTTP/1.1 408 Request Timeout', 'HTTP/1.1 408 Request Timeout']);
  });

  it('gives a request answered early (401 before its body) no second answer when the rest of its body is too slow: the connection closes', async () => {
    const server = await start({ clientTimeouts: { headersMs: 300, requestMs: 600 } });
    const early = client(
      server,
      'POST /v1/account/keys HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      { dripMs: 100, drip: ' ' },
    );
    await early.closedAt;
    expect(early.text.match(/^HTTP\/1\.1 \d+ .*$/gm)).toEqual(['HTTP/1.1 401 Unauthorized']);
  });

  it('never cuts an answer that is slow on the server side', async () => {
    const server = await start({ clientTimeouts: { headersMs: 300, requestMs: 600 } });
    server.mock.faults.inject({ route: 'catalog.sports', latencyMs: 1_500 });
    const answer = await fetch(`${server.url}/v1/catalog/sports`, { headers: { Authorization: `Bearer ${server.mock.apiKey}` } });
    expect(answer.status).toBe(200);
  });

  it('closes an idle keep-alive connection', async () => {
    const server = await start({ clientTimeouts: { keepAliveMs: 300 } });
    const idle = client(server, 'GET /__admin/clock HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', { hostile: false });
    await idle.answeredAt;
    expect(statusLine(idle.text)).toBe('HTTP/1.1 200 OK');
    expect(await idle.closedAt).toBeGreaterThanOrEqual(300);
  });

  it('refuses timeouts that are not positive whole milliseconds, or a head allowed longer than its request', async () => {
    await expect(startMockServer({ port: 0, clientTimeouts: { headersMs: 0 } })).rejects.toThrow(
      new RangeError('clientTimeouts.headersMs must be a positive integer of ms, at most 2147483647, got 0'),
    );
    await expect(startMockServer({ port: 0, clientTimeouts: { keepAliveMs: 1.5 } })).rejects.toThrow(
      new RangeError('clientTimeouts.keepAliveMs must be a positive integer of ms, at most 2147483647, got 1.5'),
    );
    await expect(startMockServer({ port: 0, clientTimeouts: { headersMs: 2_000, requestMs: 1_000 } })).rejects.toThrow(
      new RangeError('clientTimeouts.headersMs cannot be longer than clientTimeouts.requestMs'),
    );
  });
});
