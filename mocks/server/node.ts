/**
 * `sports-odds-data/mocks/node`: the mock service as a real HTTP server (`node:http`): `/v1` goes straight
 * into the pipeline (no Fetch objects built), the control plane and pages through msw's `getResponse`.
 * @packageDocumentation
 */
import { hash } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getResponse } from 'msw';
import { createAdminHandlers } from './admin';
import { controlRefusal } from './control-guard';
import { AnswerHeaders, type HeaderReader, type ServiceAnswer, type ServiceRequest } from '../service/http-messages';
import { answerHeadersOf } from '../service/fetch-adapter';
import { createMockService, type MockService } from '../service/mock-service';
import { checkServiceOptions, DEFAULT_DEMO_EMAIL, SERVED_OPTIONS, type MockServiceOptions } from '../service/options';
import { checkInteger, checkNames, checkOneOf, checkText, refuse } from '../service/input-checks';
import { contextOf } from '../service/internal';
import { pageHandlers } from './pages';
import { serveRequest } from '../service/request-path';
import { declaredLength, tooLarge } from '../service/request-body';
import { checkUrlLength } from '../service/pipeline/lookup';
import { newRequestId } from '../service/pipeline/request-id';
import { baseHeaders, errorAnswer } from '../service/pipeline/respond';
import { ServiceRefusal } from '../service/service-refusal';
import { BoundedLog, type Bounds, textBytes } from '../service/state/bounded';
import { useSha256 } from '../service/state/crypto';
import type { StateDocument } from '../service/snapshot/document';
import { readStateFile, type StateFile, StateFileError, stateFileOf } from './state-file';
import { HEADER, SDK_VERSION_HEADER, type KnownErrorCode } from '../../src/schemas';
import { MAX_TIMER_MS, optionNames } from '../../src/schemas/refusal-words';

/** Options of the standalone server. Each may be left out or `undefined` for its default. */
export interface MockServerOptions extends Omit<MockServiceOptions, 'baseUrl'> {
  /** The port, 0 to 65535. Default 4010; 0 picks a free port. */
  port?: number | undefined;
  /** Default `127.0.0.1`. */
  host?: string | undefined;
  /** Added latency of every `/v1` response, in whole ms, at most 60,000. Default 0. */
  latencyMs?: number | undefined;
  /**
   * Serve `/__admin`: `'loopback'` (default) only to loopback clients and `Host`, never a cross-origin or
   * non-JSON state change (as `/__challenge`); `true` to anyone (`--admin-remote`); `false` never.
   */
  admin?: boolean | 'loopback' | undefined;
  /** Origins allowed by CORS on the `/v1` routes: a list, or `'*'`. Default: none but the public origin. */
  corsOrigins?: string[] | '*' | undefined;
  /** How long the server waits on a slow client; each default is in `SLOW_CLIENT_BOUNDS`. */
  clientTimeouts?: ClientTimeouts | undefined;
  /**
   * A state file (docs/mock-server.md, "Keeping the state"): loaded at start when it exists (what it holds wins: a `seed` or
   * demo plan that differs is refused, `now` is not used), written atomically, mode 0600: every change a request makes to
   * accounts, keys, tokens, checkouts, the clock, faults, overrides or added events before it is answered; metering,
   * request health and the activity log at most a second later; everything when the server closes. A file it refuses
   * (truncated, corrupt, another version or seed) throws a `StateFileError` and is never written.
   */
  stateFile?: string | undefined;
  /** Start with the clock frozen (`--freeze`): at `now`, or where a loaded state file's clock stood. Default false. */
  freeze?: boolean | undefined;
}

/** The most latency the server adds to an answer, in ms. */
const MAX_LATENCY_MS = 60_000;

/** The names of `MockServerOptions`: the service's (but its base URL, the server's own) and the server's. */
const SERVER_OPTIONS = optionNames<MockServerOptions>()([
  ...SERVED_OPTIONS,
  'port',
  'host',
  'latencyMs',
  'admin',
  'corsOrigins',
  'clientTimeouts',
  'stateFile',
  'freeze',
]);

/** How long the server waits on a client, in ms of real time (docs/performance.md, "Slow clients"). */
export interface ClientTimeouts {
  /** From the first byte of a request to the end of its headers. */
  headersMs?: number | undefined;
  /** From the first byte of a request to the end of its body (never the answer's own time). */
  requestMs?: number | undefined;
  /** An idle keep-alive connection between two requests. */
  keepAliveMs?: number | undefined;
}

/**
 * Bounds on slow clients (docs/performance.md, "Slow clients"): on loopback or a LAN a head past 5 s or a
 * request past 15 s is a broken or hostile client, answered `408` and released at most `lingerMs` later.
 * Idle keep-alive: 5 s (Node's default, announced in `Keep-Alive: timeout=5`).
 */
export const SLOW_CLIENT_BOUNDS = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  /** How often Node checks its connections against the two request timeouts. */
  checkIntervalMs: 1_000,
  /** How long a closing connection keeps reading and dropping input, so the client gets the answer, not a reset. */
  lingerMs: 2_000,
} as const;

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
  /** The state file, and whether the server started from one it found there. */
  readonly stateFile: { path: string; loaded: boolean } | undefined;
  /** The most recent requests (1,000 and 2 MiB within an hour of mock time), oldest first: method and URL, to prove what travelled in URLs. */
  readonly requests: LoggedRequest[];
  /** Stops accepting connections, lets running requests finish, then closes idle keep-alive sockets. */
  close(): Promise<void>;
}

const CORS_HEADERS = `Authorization, Content-Type, Idempotency-Key, ${SDK_VERSION_HEADER}`;
/** What a page may read of an answer: `Date` (the service's clock) and every header of docs/service.md's "Response headers". */
const EXPOSED = ['Date', ...Object.values(HEADER)].join(', ');

const isLoopback = (address: string | undefined) =>
  address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/** Methods the adapter turns into a `Request`; any other (TRACE, CONNECT, PROPFIND...) has no operation. */
const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A body that arrives after an early answer is read and dropped up to this size; past it the connection closes. */
const DRAIN_LIMIT = 1024 * 1024;
/**
 * The request log: the 1,000 most recent requests of the last hour of mock time, and 2 MiB of them as
 * `loggedBytes` counts them (a request line may be 16 KiB, Node's limit of a head; most are under 200 bytes).
 */
export const REQUEST_LOG_BOUNDS: Bounds = { maxAgeMs: 3_600_000, maxCount: 1_000, maxBytes: 2 * 1024 * 1024 };
/** A logged request's bytes: its method and URL as text, and its object. */
const loggedBytes = (r: { method: string; url: string }): number => 64 + textBytes(r.method) + textBytes(r.url);

/** The request a connection last answered: an answer may leave its body still arriving. */
const answeredRequests = new WeakMap<Socket, IncomingMessage>();

/** How to stop feeding a request's body stream, by request. */
const bodyFeeds = new WeakMap<IncomingMessage, () => void>();

/** The request body as a web stream the pipeline pulls; cancelling only stops reading, the socket stays open for the answer. */
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let detach = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onAbort = () => {
          detach();
          controller.error(new Error('the request body was cut off'));
        };
        const onClose = () => {
          if (!req.complete) onAbort();
        };
        req.on('data', onData).on('end', onEnd).on('error', onAbort).on('close', onClose);
        req.pause();
        detach = () => {
          req.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onClose);
        };
        bodyFeeds.set(req, detach);
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** The body as UTF-8, at most `limit` bytes held (`413` as soon as declared or read past it). */
function readNodeBody(req: IncomingMessage, headers: HeaderReader, limit: number): Promise<string> {
  const declared = declaredLength(headers);
  if (declared !== undefined && declared > limit) return Promise.reject(tooLarge(limit));
  if (req.readableEnded) return Promise.resolve('');
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const detach = () => {
      req.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onClose);
      req.pause();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      detach();
      reject(tooLarge(limit));
    };
    const onEnd = () => {
      detach();
      resolve(Buffer.concat(chunks, size).toString('utf8'));
    };
    const onAbort = () => {
      detach();
      reject(new ServiceRefusal(400, 'invalid_parameters', 'the request body could not be read to its end'));
    };
    const onClose = () => {
      if (!req.complete) onAbort();
    };
    req.on('data', onData).on('end', onEnd).on('error', onAbort).on('close', onClose);
    bodyFeeds.set(req, detach);
    req.resume();
  });
}

/** A `node:http` request as the service reads it: no Fetch `Request` built on the `/v1` path, no closure made per request. */
class NodeRequest implements ServiceRequest, HeaderReader {
  readonly method: string;

  constructor(
    private readonly req: IncomingMessage,
    /** The absolute URL. */
    readonly url: string,
  ) {
    this.method = req.method ?? 'GET';
  }

  /** Node's headers (lower-case names) are read in place. */
  get headers(): HeaderReader {
    return this;
  }

  get(name: string): string | null {
    const value = this.req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  readBody(limit: number): Promise<string> {
    return readNodeBody(this.req, this, limit);
  }
}

/** A Fetch `Response` (the control plane, the pages) as an answer. */
async function answerOf(response: Response): Promise<ServiceAnswer> {
  if (response.type === 'error') return { status: 0, headers: new AnswerHeaders(), body: null, dropped: true };
  return {
    status: response.status,
    headers: answerHeadersOf(response.headers),
    body: response.body === null ? null : await response.text(),
  };
}

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
    ...(hasBody ? { body: bodyOf(req), duplex: 'half' } : {}),
  });
}

/** A body left unread: nothing if read to its end, drop a small rest (keep-alive), else close after the answer. */
function leftover(req: IncomingMessage): 'none' | 'drain' | 'close' {
  if (req.readableEnded) return 'none';
  // All arrived and nothing of ours reads it: Node drops the rest itself once the answer is written.
  if (req.complete) return bodyFeeds.has(req) ? 'drain' : 'none';
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared <= DRAIN_LIMIT ? 'drain' : 'close';
}

/** Drops the body's rest; a closing connection lingers, since closing with unread data resets it and loses the answer. */
function dropRest(req: IncomingMessage, close: boolean): void {
  bodyFeeds.get(req)?.();
  req.on('error', () => undefined);
  req.resume();
  if (!close) return;
  const { socket } = req;
  const timer = setTimeout(() => socket.destroy(), SLOW_CLIENT_BOUNDS.lingerMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  // Node closes a `Connection: close` socket as soon as the answer is written; end it instead, and
  // destroy it once the client is done sending (or the linger time is up).
  socket.destroySoon = () => {
    socket.end();
    if (socket.readableEnded) socket.destroy();
    else socket.once('end', () => socket.destroy());
  };
}

/** An answer of the server; a `/v1` answer carries the origin its CORS headers name (`null`: none, only `Vary: Origin`). */
type Reply = ServiceAnswer & { cors?: string | null };

/** The header pairs to write in one array of exact size, CORS added here so the answer (kept as answered by the detail) is never changed. */
function pairsOf(reply: Reply, close: boolean, contentLength: string | undefined): string[] {
  const { headers, cors } = reply;
  // Most answers have no `Vary` of their own: looked up by its lower-cased name, not by lower-casing every name.
  const ownVary = cors !== undefined && headers.has('vary');
  const room =
    (cors === undefined || ownVary ? 0 : 2) +
    (cors === undefined || cors === null ? 0 : 4) +
    2 * headers.cookies.length +
    (close ? 2 : 0) +
    (contentLength === undefined ? 0 : 2);
  const pairs = headers.toPairs(room);
  let at = pairs.length - room;
  if (ownVary) {
    const vary = pairs.findIndex((name, i) => i % 2 === 0 && i < at && name.toLowerCase() === 'vary');
    pairs[vary + 1] = `${pairs[vary + 1] as string}, Origin`;
  } else if (cors !== undefined) {
    pairs[at++] = 'Vary';
    pairs[at++] = 'Origin';
  }
  if (cors !== undefined && cors !== null) {
    pairs[at++] = 'Access-Control-Allow-Origin';
    pairs[at++] = cors;
    pairs[at++] = 'Access-Control-Expose-Headers';
    pairs[at++] = EXPOSED;
  }
  for (const cookie of headers.cookies) {
    pairs[at++] = 'Set-Cookie';
    pairs[at++] = cookie;
  }
  if (close) {
    pairs[at++] = 'Connection';
    pairs[at++] = 'close';
  }
  if (contentLength !== undefined) {
    pairs[at++] = 'Content-Length';
    pairs[at++] = contentLength;
  }
  return pairs;
}

/** Writes an answer in one go with `Content-Length` (else Node would send chunked: more bytes, more writes). */
function send(res: ServerResponse, reply: Reply, close: boolean): void {
  // The connection was refused meanwhile (the client too slow to send its body): nothing to write to.
  if (!res.socket?.writable) return;
  answeredRequests.set(res.socket, res.req);
  // A cached answer's bytes go as they are (Node writes them beside the head); other bodies are encoded here.
  const body = reply.body === null ? null : (reply.utf8 ?? reply.body);
  const length =
    body === null || reply.headers.has('content-length')
      ? undefined
      : String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  res.writeHead(reply.status, pairsOf(reply, close, length));
  // A large body goes after the head in a write of its own: joined to the head, Node would copy it whole first.
  if (typeof body === 'string' && body.length > JOIN_HEAD_UP_TO) res.flushHeaders();
  res.end(body ?? undefined);
}

/** Bodies up to this many characters are sent in one write with the head. */
const JOIN_HEAD_UP_TO = 64 * 1024;

/** The service's error envelope for what the adapter answers itself (a path no handler serves). */
function envelope(status: number, code: ServiceRefusal['code'], message: string, mock: MockService): ServiceAnswer {
  const requestId = newRequestId(contextOf(mock).state.random);
  return errorAnswer(new ServiceRefusal(status, code, message), baseHeaders(requestId, mock.baseUrl, mock.clock.now()), requestId);
}

/** The envelope as raw HTTP/1.1 bytes, for a socket Node's parser gave up on (no `ServerResponse`). */
function rawEnvelope(status: number, code: KnownErrorCode, message: string, mock: MockService): string {
  const answer = envelope(status, code, message, mock);
  const body = answer.body ?? '';
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n`;
  for (const [name, value] of Object.entries(answer.headers.toObject())) head += `${name}: ${value}\r\n`;
  return `${head}content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

/** Node's parser errors, as the envelope: 431 for a request line or headers over its limits, else 400. */
function clientErrorAnswer(error: NodeJS.ErrnoException): [number, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'the request line or headers are too large'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return [408, 'the request did not arrive in time'];
    default:
      return [400, 'the request is not valid HTTP/1.1'];
  }
}

/** Node's server options for the client timeouts (a `RangeError` for a head allowed longer than its request). */
function serverTimeouts(timeouts: ClientTimeouts) {
  checkNames('clientTimeouts', timeouts, ['headersMs', 'requestMs', 'keepAliveMs']);
  const headersTimeout = timeouts.headersMs ?? SLOW_CLIENT_BOUNDS.headersTimeoutMs;
  const requestTimeout = timeouts.requestMs ?? SLOW_CLIENT_BOUNDS.requestTimeoutMs;
  const keepAliveTimeout = timeouts.keepAliveMs ?? SLOW_CLIENT_BOUNDS.keepAliveTimeoutMs;
  for (const [name, ms] of Object.entries({ headersMs: headersTimeout, requestMs: requestTimeout, keepAliveMs: keepAliveTimeout })) {
    checkInteger(`clientTimeouts.${name}`, ms, { min: 1, max: MAX_TIMER_MS, unit: 'ms' });
  }
  if (headersTimeout > requestTimeout) throw new RangeError('clientTimeouts.headersMs cannot be longer than clientTimeouts.requestMs');
  return { headersTimeout, requestTimeout, keepAliveTimeout, connectionsCheckingInterval: SLOW_CLIENT_BOUNDS.checkIntervalMs };
}

/** Ends a connection refused before any request with `bytes`, destroyed once the client stops or `lingerMs` is up. */
function refuseConnection(socket: Socket, bytes: string): void {
  const timer = setTimeout(() => socket.destroy(), SLOW_CLIENT_BOUNDS.lingerMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.on('error', () => undefined);
  socket.resume();
  socket.end(bytes);
}

/** Methods that cannot change the state (the rest are written before they are answered). */
const READ_ONLY: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Writes a change to the state file before it is answered, or notes metering to write within a second. */
function persist(file: StateFile, method: string): void {
  if (!READ_ONLY.has(method)) {
    try {
      file.save();
    } catch (error) {
      throw new ServiceRefusal(503, 'temporarily_unavailable', `the state file could not be written: ${(error as Error).message}`);
    }
  } else file.soon();
}

/** Refuses options that disagree with what a state file holds (the file wins): its seed, its demo account's plan. */
function refuseDisagreement(path: string, saved: StateDocument, given: Omit<MockServiceOptions, 'baseUrl'>): void {
  if (given.seed !== undefined && String(given.seed) !== saved.seed)
    throw new StateFileError(
      `seed ${JSON.stringify(String(given.seed))} disagrees with the state file ${path}, saved with seed ${JSON.stringify(saved.seed)}: start with that seed, or without one`,
    );
  const demoEmail = given.demoAccount?.email ?? DEFAULT_DEMO_EMAIL;
  const demo = saved.accounts.find((a) => a.email.toLowerCase() === demoEmail.toLowerCase());
  const plan = given.demoAccount?.plan;
  if (plan !== undefined && demo !== undefined && demo.plan !== plan)
    throw new StateFileError(
      `plan ${plan} disagrees with the state file ${path}, whose demo account ${demo.email} is on ${demo.plan}: start with that plan, or without one`,
    );
  const apiKey = given.demoAccount?.apiKey;
  if (apiKey !== undefined && !saved.keys.some((k) => k.status === 'active' && k.hash === hash('sha256', apiKey, 'hex')))
    throw new StateFileError(
      `the demo key given is not an active key of the state file ${path}: give the key you started it with, or none`,
    );
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
  // Every option checked before the port is taken: a refused one leaves nothing listening.
  checkServiceOptions(options, 'startMockServer()', SERVER_OPTIONS);
  const {
    port = 4010,
    host = '127.0.0.1',
    latencyMs = 0,
    admin = 'loopback',
    corsOrigins,
    clientTimeouts = {},
    stateFile,
    freeze = false,
    ...given
  } = options;
  checkInteger('port', port, { min: 0, max: 65_535 });
  checkText('host', host);
  checkInteger('latencyMs', latencyMs, { min: 0, max: MAX_LATENCY_MS, unit: 'ms' });
  checkOneOf('admin', admin, [true, false, 'loopback']);
  if (corsOrigins !== undefined && corsOrigins !== '*' && !(Array.isArray(corsOrigins) && corsOrigins.every((o) => typeof o === 'string')))
    refuse('corsOrigins', corsOrigins, "a list of origins, or '*'");
  const timeouts = serverTimeouts(clientTimeouts);
  if (stateFile !== undefined) checkText('stateFile', stateFile);
  if (typeof freeze !== 'boolean') refuse('freeze', freeze, 'true or false');
  // Read and checked before the port is taken: a refused file leaves nothing listening, and is never written.
  const saved = stateFile === undefined ? undefined : readStateFile(stateFile);
  if (saved !== undefined) refuseDisagreement(stateFile as string, saved, given);
  const serviceOptions: Omit<MockServiceOptions, 'baseUrl'> = saved === undefined ? given : { ...given, seed: saved.seed, state: saved };
  // Node's synchronous SHA-256: Web Crypto's digests without a thread-pool round trip per request.
  useSha256((text) => hash('sha256', text, 'hex'));
  const server: Server = createServer(timeouts);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${hostForUrl}:${address.port}`;
  const mock = createMockService({ ...serviceOptions, baseUrl: url });
  const service = contextOf(mock);
  const file = stateFile === undefined ? undefined : stateFileOf(stateFile, mock);
  // Before anything reads the clock: frozen at the start itself (or where the loaded state's clock stands).
  if (freeze) mock.clock.freeze(saved === undefined ? serviceOptions.now : undefined);
  const publicOrigin = serviceOptions.publicOrigin ?? url;
  const pages = pageHandlers(mock);
  const adminHandlers = createAdminHandlers(mock);
  // Times kept as numbers, written out only when the log is read.
  const requests = new BoundedLog<Omit<LoggedRequest, 'at'> & { atMs: number }>(REQUEST_LOG_BOUNDS, (r) => r.atMs, undefined, loggedBytes);
  // `--admin-remote` lifts the browser guards of the control plane and the challenge widget.
  const guarded = admin !== true;
  let closing = false;

  const allowedOrigin = (origin: string | null) => {
    if (origin === null) return undefined;
    if (corsOrigins === '*') return origin;
    return origin === publicOrigin || corsOrigins?.includes(origin) ? origin : undefined;
  };

  const route = async (req: IncomingMessage): Promise<Reply> => {
    const method = req.method ?? 'GET';
    if (!METHODS.has(method)) throw new ServiceRefusal(404, 'not_found', `no ${method.slice(0, 32)} operation at this path`);
    const rawPath = req.url ?? '/';
    const absolute = `${url}${rawPath}`;
    // Before msw's matcher, which throws on long URLs, and before anything buffers the URL further.
    checkUrlLength(absolute);
    const isApi = rawPath === '/v1' || rawPath.startsWith('/v1/') || rawPath.startsWith('/v1?');
    if (isApi) {
      const request = new NodeRequest(req, absolute);
      const origin = allowedOrigin(request.get('origin'));
      if (method === 'OPTIONS') {
        const headers = baseHeaders(newRequestId(service.state.random), url, mock.clock.now());
        if (origin) {
          headers.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
          headers.set('Access-Control-Allow-Headers', CORS_HEADERS);
          headers.set('Access-Control-Max-Age', '600');
        }
        return { status: 204, headers, body: null, cors: origin ?? null };
      }
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const answer: Reply = await serveRequest(request, service);
      if (!answer.dropped) answer.cors = origin ?? null;
      return answer;
    }
    const request = toRequest(req, url);
    const path = new URL(request.url).pathname;
    if (path === '/__admin' || path.startsWith('/__admin/')) {
      const allowed = admin === true || (admin === 'loopback' && isLoopback(req.socket.remoteAddress));
      if (!allowed) return envelope(404, 'not_found', 'no operation at this path', mock);
      const refusal = guarded ? controlRefusal({ method, headers: request.headers, trustedOrigins: [], checkHost: true }) : undefined;
      if (refusal) throw refusal;
      const response = await getResponse(adminHandlers, request);
      return response ? answerOf(response) : envelope(404, 'not_found', 'no operation at this path', mock);
    }
    if (path === '/__challenge' && guarded) {
      const refusal = controlRefusal({ method, headers: request.headers, trustedOrigins: [publicOrigin], checkHost: false });
      if (refusal) throw refusal;
    }
    const response = await getResponse(pages, request);
    return response ? answerOf(response) : envelope(404, 'not_found', 'no operation at this path', mock);
  };

  /** Answers a request: every refusal the adapter decides itself is the service's envelope, never a 5xx. */
  const respond = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      let reply: Reply;
      try {
        reply = await route(req);
      } catch (error) {
        if (!(error instanceof ServiceRefusal)) throw error;
        reply = envelope(error.status, error.code, error.message, mock);
      }
      const now = mock.clock.now();
      requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', status: reply.status, atMs: now }, now);
      // A change of accounts, keys, tokens, checkouts, the clock, faults, overrides or events comes with a method that changes.
      if (file !== undefined) persist(file, req.method ?? 'GET');
      if (reply.dropped) {
        req.socket.destroy();
        return;
      }
      // An early answer leaves the body unread: drop a small rest and keep the connection, or close it.
      const rest = leftover(req);
      if (rest !== 'none') dropRest(req, rest === 'close');
      send(res, reply, closing || rest === 'close');
      if (closing) server.closeIdleConnections();
    } catch {
      if (res.headersSent) return void res.destroy();
      send(res, envelope(500, 'internal_error', 'unexpected failure in the mock server', mock), true);
    }
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => void respond(req, res));

  // Node's parser refused the request: the envelope with a request id instead of Node's bare status line.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // A request already answered whose body is too slow gets no second answer: the connection closes.
    const answered = answeredRequests.get(socket);
    if (error.code === 'ECONNRESET' || !socket.writable || (answered !== undefined && !answered.complete)) return void socket.destroy();
    const [status, message] = clientErrorAnswer(error);
    refuseConnection(socket, rawEnvelope(status, 'invalid_parameters', message, mock));
  });
  // CONNECT never reaches 'request': the same 404 as any method without an operation.
  server.on('connect', (_req: IncomingMessage, socket: Socket) => {
    refuseConnection(socket, rawEnvelope(404, 'not_found', 'no CONNECT operation at this path', mock));
  });

  await mock.ready;
  // The file exists from the start: a crash before the first change still restarts from it.
  file?.save();
  return {
    url,
    port: address.port,
    mock,
    stateFile: stateFile === undefined ? undefined : { path: stateFile, loaded: saved !== undefined },
    get requests() {
      return requests.toArray().map(({ atMs, ...r }) => ({ ...r, at: new Date(atMs).toISOString() }));
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        server.close((error) => {
          if (error) return reject(error);
          // The clock as it stands at the close: it resumes there.
          file?.save();
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

export type { MockService } from '../service/mock-service';
export { StateFileError } from './state-file';
export type { MockServiceOptions } from '../service/options';
