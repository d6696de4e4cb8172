import { request as httpRequest, Agent, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer, type MockServerOptions } from '../../mocks/server/node';
import { NOW } from '../helpers/mock-server';

/** The standalone server under the reproductions of issue 10: every refusal is a 4xx envelope, nothing leaks. */

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(options: MockServerOptions = {}) {
  const server = await startMockServer({ port: 0, now: NOW, ...options });
  servers.push(server);
  return server;
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request through node:http (which, unlike fetch, sends any method and any Host). */
function send(
  server: MockServer,
  path: string,
  init: { method?: string; headers?: Record<string, string | number>; body?: string | Buffer; agent?: Agent } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.url}${path}`,
      { method: init.method ?? 'GET', headers: init.headers ?? {}, agent: init.agent ?? false },
      (res) => {
        let body = '';
        res
          .setEncoding('utf8')
          .on('data', (c) => (body += c))
          .on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Raw bytes on a socket: what Node's own parser refuses never becomes a request. */
function raw(server: MockServer, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    let answer = '';
    socket
      .setEncoding('utf8')
      .on('data', (c) => (answer += c))
      .on('end', () => resolve(answer))
      .on('error', reject);
    socket.write(text);
  });
}

/** A 4xx answer in the service's envelope, whose request id is the X-Request-Id header. */
function expectEnvelope(reply: Reply, status: number, code: string) {
  expect(reply.status).toBe(status);
  const { error } = JSON.parse(reply.body) as { error: { code: string; request_id: string } };
  expect(error.code).toBe(code);
  expect(reply.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
  expect(error.request_id).toBe(reply.headers['x-request-id']);
}

const parseRaw = (text: string): Reply => {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: IncomingHttpHeaders = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
};

const auth = (server: MockServer) => ({ Authorization: `Bearer ${server.mock.apiKey}` });

describe('bad input is a 4xx envelope, never a 5xx (item 4)', () => {
  it('answers paths and URLs over 8,192 characters with 414, on /v1, pages and the control plane', async () => {
    const server = await start();
    for (const path of [
      `/v1/catalog/${'a'.repeat(9000)}`,
      `/v1/catalog/sports?x=${'b'.repeat(12_000)}`,
      `/${'c'.repeat(9000)}`,
      `/__admin/${'d'.repeat(9000)}`,
    ]) {
      expectEnvelope(await send(server, path, { headers: auth(server) }), 414, 'invalid_parameters');
    }
  });

  it.each(['TRACE', 'PROPFIND', 'MKCOL', 'PURGE'])('answers %s with the 404 envelope', async (method) => {
    const server = await start();
    expectEnvelope(await send(server, '/v1/catalog/sports', { method, headers: auth(server) }), 404, 'not_found');
  });

  it('answers CONNECT with the 404 envelope', async () => {
    const server = await start();
    const reply = parseRaw(await raw(server, `CONNECT 127.0.0.1:${server.port} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`));
    expectEnvelope(reply, 404, 'not_found');
  });

  it("answers headers and request lines over Node's limits with the 431 envelope, malformed HTTP with 400", async () => {
    const server = await start();
    const big = parseRaw(await raw(server, `GET /v1/catalog/sports HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expectEnvelope(big, 431, 'invalid_parameters');
    const longLine = parseRaw(await raw(server, `GET /v1/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expectEnvelope(longLine, 431, 'invalid_parameters');
    const garbage = parseRaw(await raw(server, 'NOT HTTP AT ALL\r\n\r\n'));
    expectEnvelope(garbage, 400, 'invalid_parameters');
    const badHeader = parseRaw(await raw(server, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n'));
    expectEnvelope(badHeader, 400, 'invalid_parameters');
  });
});

describe('early answers keep the connection usable (item 5)', () => {
  it.each([
    ['a 404', '/v1/nope', false],
    ['a 401', '/v1/account/keys', false],
    ['a 415', '/v1/account/keys', true],
  ])('drains a 200 kB to 1 MB body after %s and serves the next request on the same socket', async (_label, path, withKey) => {
    const server = await start();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    agent.on('free', (socket) => sockets.add(socket));
    for (const size of [200_000, 1_000_000]) {
      const early = await send(server, path, {
        method: 'POST',
        agent,
        headers: { ...(withKey ? auth(server) : {}), 'Content-Type': 'text/plain' },
        body: Buffer.alloc(size, 'x'),
      });
      expect(early.status).toBeGreaterThanOrEqual(400);
      expect(early.status).toBeLessThan(500);
      expect(early.headers.connection).not.toBe('close');
      const next = await send(server, '/v1/catalog/sports', { agent, headers: auth(server) });
      expect(next.status).toBe(200);
    }
    expect(sockets.size).toBe(1);
    agent.destroy();
  });

  it("closes after an early answer to a body over 1 MB, and the client's next request opens a fresh connection", async () => {
    const server = await start();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const early = await send(server, '/v1/nope', { method: 'POST', agent, body: Buffer.alloc(3_000_000, 'x') });
    expect(early.status).toBe(404);
    expect(early.headers.connection).toBe('close');
    expect((await send(server, '/v1/catalog/sports', { agent, headers: auth(server) })).status).toBe(200);
    agent.destroy();
  });
});

describe('bodies are refused before they are buffered (item 6)', () => {
  /** Declares `declared` bytes, sends only `sent`, and resolves with the answer that arrives meanwhile. */
  const partial = (server: MockServer, path: string, headers: Record<string, string>, declared: number, sent: number) =>
    new Promise<Reply>((resolve, reject) => {
      const req = httpRequest(
        `${server.url}${path}`,
        { method: 'POST', agent: false, headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': declared } },
        (res) => {
          let body = '';
          res
            .setEncoding('utf8')
            .on('data', (c) => (body += c))
            .on('end', () => {
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
              req.destroy();
            });
        },
      );
      req.on('error', reject);
      req.write(Buffer.alloc(sent, ' '));
    });

  it('answers a 200 MB POST without a key with 401 while almost none of it was sent', async () => {
    const server = await start();
    const reply = await partial(server, '/v1/account/keys', {}, 200 * 1024 * 1024, 64 * 1024);
    expectEnvelope(reply, 401, 'invalid_api_key');
    expect(reply.headers.connection).toBe('close');
  });

  it('answers a declared 200 MB body with a valid key with 413 before it is sent', async () => {
    const server = await start();
    const reply = await partial(server, '/v1/account/keys', auth(server), 200 * 1024 * 1024, 1024);
    expectEnvelope(reply, 413, 'payload_too_large');
  });

  it('answers a chunked body that grows past 64 KiB with 413, and the control plane keeps the same bound', async () => {
    const server = await start();
    const chunked = await send(server, '/v1/account/keys', {
      method: 'POST',
      headers: { ...auth(server), 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      body: Buffer.alloc(100_000, ' '),
    });
    expectEnvelope(chunked, 413, 'payload_too_large');
    const admin = await send(server, '/__admin/accounts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.alloc(100_000, ' '),
    });
    expectEnvelope(admin, 413, 'payload_too_large');
  });
});

describe('the request log is bounded (item 7)', () => {
  it('keeps the 1,000 most recent requests', async () => {
    const server = await start();
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    await Promise.all(Array.from({ length: 1_050 }, (_, i) => send(server, `/v1/nope?n=${i}`, { agent })));
    agent.destroy();
    const log = server.requests;
    expect(log.length).toBe(1_000);
    expect(new Set(log.map((r) => r.url)).size).toBe(1_000);
  });
});

describe('the control plane refuses what a browser page could send (item 8)', () => {
  const host = (server: MockServer) => `127.0.0.1:${server.port}`;

  it('refuses a foreign Origin (CSRF) and a non-JSON content type on state-changing requests', async () => {
    const server = await start();
    const evil = await send(server, '/__admin/reset', {
      method: 'POST',
      headers: { Origin: 'http://evil.example', 'Content-Type': 'text/plain' },
    });
    expectEnvelope(evil, 403, 'origin_rejected');
    const evilJson = await send(server, '/__admin/clock', {
      method: 'POST',
      headers: { Origin: 'http://evil.example', 'Content-Type': 'application/json' },
      body: '{"advance_ms":1}',
    });
    expectEnvelope(evilJson, 403, 'origin_rejected');
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expectEnvelope(
        await send(server, '/__admin/reset', { method: 'POST', headers: { 'Content-Type': type } }),
        415,
        'unsupported_media_type',
      );
    }
    const ok = await send(server, '/__admin/reset', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://${host(server)}` },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('refuses a non-loopback Host (DNS rebinding), even for reads', async () => {
    const server = await start();
    for (const name of ['rebind.attacker.example', 'rebind.attacker.example:80', '10.0.0.1', '127.0.0.1.attacker.example']) {
      expectEnvelope(await send(server, '/__admin/outbox', { headers: { Host: name } }), 403, 'origin_rejected');
    }
    for (const name of [host(server), `localhost:${server.port}`, 'localhost', `[::1]:${server.port}`]) {
      expect((await send(server, '/__admin/outbox', { headers: { Host: name } })).status, name).toBe(200);
    }
  });

  it('applies the cross-origin rule to /__challenge, and lets the recovery page use it', async () => {
    const server = await start();
    expectEnvelope(
      await send(server, '/__challenge', {
        method: 'POST',
        headers: { Origin: 'http://evil.example', 'Content-Type': 'application/json' },
        body: '{}',
      }),
      403,
      'origin_rejected',
    );
    expectEnvelope(
      await send(server, '/__challenge', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' }),
      415,
      'unsupported_media_type',
    );
    const own = await send(server, '/__challenge', {
      method: 'POST',
      headers: { Origin: server.url, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body)).toMatchObject({ challenge_token: expect.stringMatching(/^chl_/) });
    expect(own.headers['cache-control']).toBe('no-store');
  });

  it('lifts the guard with --admin-remote (admin: true)', async () => {
    const server = await start({ admin: true });
    expect((await send(server, '/__admin/outbox', { headers: { Host: 'mock.internal.example' } })).status).toBe(200);
    expect(
      (
        await send(server, '/__admin/reset', {
          method: 'POST',
          headers: { Origin: 'http://tools.internal.example', 'Content-Type': 'text/plain' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('control-plane input is never a 500 (item 9)', () => {
  const json = { 'Content-Type': 'application/json' };

  it('refuses an existing email, a rename onto one, malformed percent-encoding and a clock out of range with 400', async () => {
    const server = await start();
    const email = server.mock.demoEmail;
    expect(
      (await send(server, '/__admin/accounts', { method: 'POST', headers: json, body: JSON.stringify({ email: 'other@example.com' }) }))
        .status,
    ).toBe(201);
    expectEnvelope(
      await send(server, '/__admin/accounts', { method: 'POST', headers: json, body: JSON.stringify({ email }) }),
      400,
      'invalid_parameters',
    );
    expectEnvelope(
      await send(server, '/__admin/accounts/other@example.com', { method: 'PATCH', headers: json, body: JSON.stringify({ email }) }),
      400,
      'invalid_parameters',
    );
    expectEnvelope(
      await send(server, '/__admin/accounts/%E0%A4%A', { method: 'PATCH', headers: json, body: '{"status":"active"}' }),
      400,
      'invalid_parameters',
    );
    for (const body of [{ advance_ms: 9_000_000_000_000_000 }, { advance_ms: -9_000_000_000_000_000 }, { now: '0001-01-01T00:00:00Z' }]) {
      expectEnvelope(
        await send(server, '/__admin/clock', { method: 'POST', headers: json, body: JSON.stringify(body) }),
        400,
        'invalid_parameters',
      );
    }
    expectEnvelope(
      await send(server, '/__admin/guidance', { method: 'POST', headers: json, body: JSON.stringify({ email, title: 'x', body: 'y' }) }),
      400,
      'invalid_parameters',
    );
    // Nothing broke: the clock still stands where it was and the accounts answer.
    expect(JSON.parse((await send(server, '/__admin/clock')).body)).toEqual({
      now: expect.stringMatching(/^2026-11-21T/),
      frozen: expect.any(Boolean),
    });
    expect((await send(server, '/v1/account', { headers: auth(server) })).status).toBe(200);
    expect((await send(server, '/v1/catalog/sports', { headers: auth(server) })).status).toBe(200);
  });

  it('never echoes an unknown admin body field', async () => {
    const server = await start();
    const reply = await send(server, '/__admin/accounts', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'a@example.com', [server.mock.apiKey]: 1 }),
    });
    expectEnvelope(reply, 400, 'invalid_parameters');
    expect(reply.body).not.toContain(server.mock.apiKey.slice(9));
  });
});

describe('first-party pages are hardened (item 10)', () => {
  it.each(['/checkout', '/claim', '/recover', '/verify-recovery-email', '/checkout/pay/cs_1'])(
    '%s sends a restrictive CSP with a per-response nonce, no framing, no sniffing, no caching',
    async (path) => {
      const server = await start();
      const first = await send(server, path);
      const second = await send(server, path);
      expect(first.status).toBe(200);
      const csp = String(first.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(first.headers['x-content-type-options']).toBe('nosniff');
      expect(first.headers['x-frame-options']).toBe('DENY');
      expect(first.headers['cache-control']).toBe('no-store');
      const nonce = /'nonce-([0-9a-f]+)'/.exec(csp)?.[1];
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(first.body).toContain(`<script type="module" nonce="${nonce}">`);
      expect(second.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
    },
  );
});
