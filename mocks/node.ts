/**
 * `sports-odds-data/mocks/node`: the mock service as a real HTTP server, for clients in other
 * languages and for browsers. A small `node:http` adapter over msw's `getResponse`.
 * @packageDocumentation
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { getResponse } from 'msw';
import { createAdminHandlers } from './admin';
import { createMockService, type MockService, type MockServiceOptions } from './index';
import { pageHandlers } from './pages';
import { newRequestId } from './pipeline/request-id';
import { baseHeaders, errorResponse } from './pipeline/respond';
import { ServiceError } from './service-error';
import { SDK_VERSION_HEADER, type KnownErrorCode } from '../src/schemas';

/** Options of the standalone server. */
export interface MockServerOptions extends Omit<MockServiceOptions, 'baseUrl'> {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default `127.0.0.1`. */
  host?: string;
  /** Added latency of every `/v1` response, in ms. */
  latencyMs?: number;
  /** Serve `/__admin`: `'loopback'` (default) only to loopback clients, `true` to anyone, `false` never. */
  admin?: boolean | 'loopback';
  /** Origins allowed by CORS on the `/v1` routes: a list, or `'*'`. Default: none but the public origin. */
  corsOrigins?: string[] | '*';
}

/** One request as the server saw it: method and path with query, never headers or bodies. */
export interface LoggedRequest {
  method: string;
  url: string;
  status: number;
  at: string;
}

/** A running server. */
export interface MockServer {
  /** `http://host:port`. */
  url: string;
  port: number;
  /** The mock service behind it, with every in-process handle. */
  mock: MockService;
  /** Every request: method and URL (path and query), for proving what travelled in URLs. */
  requests: LoggedRequest[];
  /** Stops accepting connections, lets running requests finish, then closes idle keep-alive sockets. */
  close(): Promise<void>;
}

const CORS_HEADERS = `Authorization, Content-Type, Idempotency-Key, ${SDK_VERSION_HEADER}`;
const EXPOSED = [
  'Date', 'X-Request-Id', 'X-Service-Origin', 'Retry-After', 'WWW-Authenticate', 'X-Credits-Cost', 'X-Credits-Limit', 'X-Credits-Remaining',
  'X-Credits-Period-Limit', 'X-Credits-Period-Remaining', 'X-Credits-Period-Reset', 'X-Credits-Daily-Limit', 'X-Credits-Daily-Remaining',
  'X-Credits-Daily-Reset', 'X-Result-Rows', 'X-Result-Truncated', 'X-Next-Cursor', 'X-Cache',
].join(', ');

const isLoopback = (address: string | undefined) =>
  address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

function toRequest(req: IncomingMessage, base: string): Request {
  const method = req.method ?? 'GET';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', base), {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  const close = res.getHeader('connection');
  if (close !== undefined) headers['connection'] = String(close);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (response.body) {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
  }
  res.end();
}

/** The service's error envelope for what the adapter answers itself (a path no handler serves). */
function envelope(status: number, code: KnownErrorCode, message: string, origin: string, now: number): Response {
  const requestId = newRequestId();
  return errorResponse(new ServiceError(status, code, message), baseHeaders(requestId, origin, now), requestId);
}

/**
 * Starts the mock service as an HTTP server.
 *
 * @example
 * const server = await startMockServer({ port: 0 });
 * const res = await fetch(`${server.url}/v1/catalog/sports`, { headers: { Authorization: `Bearer ${server.mock.apiKey}` } });
 * await server.close();
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const { port = 4010, host = '127.0.0.1', latencyMs = 0, admin = 'loopback', corsOrigins, ...serviceOptions } = options;
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${hostForUrl}:${address.port}`;
  const mock = createMockService({ ...serviceOptions, baseUrl: url });
  const publicOrigin = serviceOptions.publicOrigin ?? url;
  const handlers = [...mock.handlers, ...pageHandlers(mock)];
  const adminHandlers = createAdminHandlers(mock);
  const requests: LoggedRequest[] = [];
  let closing = false;

  const allowedOrigin = (origin: string | null) => {
    if (origin === null) return undefined;
    if (corsOrigins === '*') return origin;
    return origin === publicOrigin || corsOrigins?.includes(origin) ? origin : undefined;
  };

  const answer = async (req: IncomingMessage): Promise<Response> => {
    const request = toRequest(req, url);
    const path = new URL(request.url).pathname;
    if (path === '/__admin' || path.startsWith('/__admin/')) {
      const allowed = admin === true || (admin === 'loopback' && isLoopback(req.socket.remoteAddress));
      if (!allowed) return envelope(404, 'not_found', 'no operation at this path', url, mock.clock.now());
      return (await getResponse(adminHandlers, request)) ?? envelope(404, 'not_found', 'no operation at this path', url, mock.clock.now());
    }
    const isApi = path.startsWith('/v1/') || path === '/v1';
    const origin = isApi ? allowedOrigin(request.headers.get('origin')) : undefined;
    if (isApi && request.method === 'OPTIONS') {
      const headers = baseHeaders(newRequestId(), url, mock.clock.now());
      headers.set('Vary', 'Origin');
      if (origin) {
        headers.set('Access-Control-Allow-Origin', origin);
        headers.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
        headers.set('Access-Control-Allow-Headers', CORS_HEADERS);
        headers.set('Access-Control-Max-Age', '600');
      }
      return new Response(null, { status: 204, headers });
    }
    if (isApi && latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const response = (await getResponse(handlers, request)) ?? envelope(404, 'not_found', 'no operation at this path', url, mock.clock.now());
    if (!origin || response.type === 'error') return response;
    const headers = new Headers(response.headers);
    headers.set('Access-Control-Allow-Origin', origin);
    headers.set('Access-Control-Expose-Headers', EXPOSED);
    headers.append('Vary', 'Origin');
    return new Response(response.body, { status: response.status, headers });
  };

  server.on('request', (req, res) => {
    void answer(req)
      .then(async (response) => {
        requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', status: response.status, at: mock.clock.date().toISOString() });
        if (response.type === 'error') {
          req.socket.destroy();
          return;
        }
        if (closing) res.setHeader('Connection', 'close');
        await send(res, response);
        if (closing) server.closeIdleConnections();
      })
      .catch(async () => {
        if (res.headersSent) return void res.destroy();
        await send(res, envelope(500, 'internal_error', 'unexpected failure in the mock server', url, mock.clock.now()));
      });
  });

  await mock.ready;
  return {
    url,
    port: address.port,
    mock,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}

export type { MockService, MockServiceOptions } from './index';
