import { http, type HttpHandler } from 'msw/http';
import * as z from 'zod/mini';
import { ACCOUNT_STATUSES, ERROR_CODES, routeList, type KnownErrorCode } from '../src/schemas';
import { qIntRange } from '../src/schemas/query';
import { testingOperations } from './admin-testing';
import { consolePage } from './console/page';
import type { MockService } from './index';
import { pageHeaders } from './pages';
import { readBoundedBody } from './pipeline/body';
import { faultError } from './pipeline/faults';
import { describeIssues, shapeKeys } from './pipeline/input';
import { newRequestId } from './pipeline/request-id';
import { asServiceError, baseHeaders, errorResponse, jsonResponse } from './pipeline/respond';
import { invalidParameters, notFound, ServiceError } from './service-error';
import { randomHex } from './state/crypto';
import type { ArmedFault } from './state/faults';

/**
 * The control plane of the standalone server (`/__admin`, never under `/v1`): JSON in and out, the
 * same operations as the in-process handles of `createMockService`, failures in the same envelope,
 * snake_case keys and RFC 3339 times throughout. `GET /__admin` lists the operations (JSON) or serves
 * the console (a browser asking for HTML).
 */

const Status = z.enum(ACCOUNT_STATUSES);
const ClockBody = z.union([z.strictObject({ now: z.iso.datetime({ offset: true }) }), z.strictObject({ advance_ms: z.int() })]);
const AccountBody = z.strictObject({
  email: z.email(),
  plan: z.optional(z.string()),
  status: z.optional(Status),
  recovery_email_verified: z.optional(z.boolean()),
});
const AccountPatch = z.strictObject({ status: z.optional(Status), email: z.optional(z.email()), plan: z.optional(z.string()) });
const ChallengeBody = z.strictObject({
  action: z.optional(z.string().check(z.minLength(1))),
  hostname: z.optional(z.string().check(z.minLength(1))),
});
const CheckoutBody = z.strictObject({ email: z.email(), plan: z.string() });
const routeIds = routeList.flatMap((r) => [r.id, r.path]);
const FaultBody = z.strictObject({
  route: z.string().check(z.refine((r) => routeIds.includes(r), 'must be a route id or path template of the route table')),
  count: z.optional(z.int().check(z.positive())),
  status: z.optional(z.int().check(z.gte(400), z.lte(599))),
  code: z.optional(z.string().check(z.refine((c) => c in ERROR_CODES, 'must be a known error code'))),
  retry_after: z.optional(z.int().check(z.positive())),
  drop: z.optional(z.enum(['connection', 'after_commit'])),
  latency_ms: z.optional(z.int().check(z.nonnegative(), z.lte(60_000))),
});
const GuidanceBody = z.strictObject({
  email: z.email(),
  title: z.string(),
  body: z.string(),
  endpoint: z.optional(z.string()),
  error_code: z.optional(z.string()),
  expires_at: z.optional(z.iso.datetime({ offset: true })),
});
const RequestsQuery = z.strictObject({ limit: z.optional(qIntRange(1, 1_000)) });

/** What an operation answers: a JSON body, or a whole response (the console page). */
type Reply = { status: number; body: unknown } | Response;

/** What an operation gets: the mock, the request, and the path's `{name}` segments, decoded. */
interface AdminCall {
  mock: MockService;
  request: Request;
  params: Readonly<Record<string, string>>;
}

/**
 * One operation of the control plane: adding an operation is adding one entry to `ADMIN_OPERATIONS`,
 * and `GET /__admin` (JSON) and the console list it.
 */
export interface AdminOperation {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path under `/__admin` (`''` for `/__admin` itself), with `{name}` for a path segment. */
  path: string;
  /** One line for people: what it does, and the in-process handle it mirrors. */
  summary: string;
  run(call: AdminCall): Promise<Reply>;
}

async function readJson<S extends z.ZodMiniType>(request: Request, schema: S): Promise<z.output<S>> {
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '')) {
    throw new ServiceError(415, 'unsupported_media_type', 'send the body as JSON with Content-Type: application/json');
  }
  let json: unknown;
  try {
    json = JSON.parse(await readBoundedBody(request));
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw invalidParameters('the body is not valid JSON');
  }
  const parsed = z.safeParse(schema, json);
  if (!parsed.success) {
    const given = typeof json === 'object' && json !== null ? Object.keys(json) : [];
    const known = shapeKeys(schema);
    throw invalidParameters(describeIssues(parsed.error, 'body', { given, known, vocabulary: new Set(known) }));
  }
  return parsed.data;
}

function readQuery<S extends z.ZodMiniType>(request: Request, schema: S): z.output<S> {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = z.safeDecode(schema, query as z.input<S>);
  if (!parsed.success) {
    const known = shapeKeys(schema);
    throw invalidParameters(describeIssues(parsed.error, 'query', { given: Object.keys(query), known, vocabulary: new Set(known) }));
  }
  return parsed.data;
}

/** RangeErrors of the handles are the caller's mistakes: an unknown email, plan or session. */
async function caught<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RangeError) throw error.message.startsWith('no ') ? notFound(error.message) : invalidParameters(error.message);
    throw error;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
const ok = (body: unknown, status = 200): Reply => ({ status, body });

/** An armed fault in the control plane's words: snake_case, its path template, and the code and `Retry-After` its status answers. */
function faultView(fault: ArmedFault) {
  const { id, route, remaining, status, drop, latencyMs } = fault;
  const endpoint = routeList.find((r) => r.id === route)?.path ?? null;
  const answer = faultError(fault);
  const given = { status, code: answer?.code, retry_after: answer?.options.retryAfter, drop, latency_ms: latencyMs };
  return { id, route, endpoint, remaining, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) };
}

/** Whether the caller (a browser navigating) asks for a page rather than JSON. */
const wantsHtml = (request: Request) => /\btext\/html\b/i.test(request.headers.get('accept') ?? '');

/** The console: a page whose only script is its own (a fresh nonce per answer), talking to this JSON control plane. */
function consoleResponse(): Response {
  const nonce = randomHex(16);
  return new Response(consolePage(nonce), { status: 200, headers: pageHeaders(nonce) });
}

/** The operations of the control plane, in the order `GET /__admin` lists them. */
export const ADMIN_OPERATIONS: readonly AdminOperation[] = [
  {
    method: 'GET',
    path: '',
    summary: 'These operations as JSON; a browser asking for HTML gets the console',
    run: async ({ request }) =>
      wantsHtml(request) ? consoleResponse() : ok({ console: '/__admin/', operations: ADMIN_OPERATIONS.map(listed) }),
  },
  {
    method: 'POST',
    path: '/reset',
    summary: 'Back to the seeded state: accounts, keys, meters, caches and faults; the clock is kept (mock.reset())',
    run: async ({ mock }) => {
      await mock.reset();
      return ok({ reset: true });
    },
  },
  {
    method: 'GET',
    path: '/clock',
    summary: "The mock's clock (mock.clock.now())",
    run: async ({ mock }) => ok({ now: mock.clock.date().toISOString() }),
  },
  {
    method: 'POST',
    path: '/clock',
    summary: 'Set the clock ({"now": RFC 3339}) or move it ({"advance_ms": n}), forward only (mock.clock.set(), .advance())',
    run: async ({ mock, request }) => {
      const body = await readJson(request, ClockBody);
      await caught(() => ('now' in body ? mock.clock.set(body.now) : mock.clock.advance(body.advance_ms)));
      return ok({ now: mock.clock.date().toISOString() });
    },
  },
  {
    method: 'GET',
    path: '/accounts',
    summary: "Accounts with their keys' inventory records, never a key (mock.accounts())",
    run: async ({ mock }) =>
      ok(
        mock.accounts().map((a) => ({
          email: a.email,
          status: a.status,
          plan: a.plan,
          created_at: iso(a.createdAt),
          recovery_email_verified: a.recoveryEmailVerified,
          keys: a.keys,
        })),
      ),
  },
  {
    method: 'POST',
    path: '/accounts',
    summary: 'Create an account and its primary key with both scopes (mock.createAccount())',
    run: async ({ mock, request }) => {
      const body = await readJson(request, AccountBody);
      const created = await caught(() =>
        mock.createAccount({
          email: body.email,
          plan: body.plan,
          status: body.status,
          recoveryEmailVerified: body.recovery_email_verified,
        }),
      );
      return ok({ email: created.email, api_key: created.apiKey }, 201);
    },
  },
  {
    method: 'PATCH',
    path: '/accounts/{email}',
    summary: "Change an account's status, mailbox or plan (mock.updateAccount())",
    run: async ({ mock, request, params }) => {
      const body = await readJson(request, AccountPatch);
      await caught(() => mock.updateAccount(params['email']!, { ...body }));
      return ok({ email: body.email ?? params['email'] });
    },
  },
  {
    method: 'GET',
    path: '/ledger',
    summary: 'Credits per account: every recent charge, credits reserved by running requests, both windows (mock.ledger())',
    run: async ({ mock }) =>
      ok(
        mock.ledger().map((entry) => ({
          email: entry.email,
          charged: entry.charged,
          reserved: entry.reserved,
          period: entry.period,
          daily: entry.daily,
          charges: entry.charges.map((c) => ({ request_id: c.requestId, route: c.routeId, key_id: c.keyId, cost: c.cost, at: iso(c.at) })),
        })),
      ),
  },
  {
    method: 'GET',
    path: '/requests',
    summary: 'The latest answers, oldest first: route, status, code, cost, latency, account; ?limit=n keeps the last n (mock.requests())',
    run: async ({ mock, request }) => {
      const { limit } = readQuery(request, RequestsQuery);
      const entries = mock.requests();
      return ok(limit === undefined ? entries : entries.slice(-limit));
    },
  },
  {
    method: 'GET',
    path: '/outbox',
    summary: 'Mail the service sent: recovery and verification links (mock.outbox())',
    run: async ({ mock }) => ok(await mock.outbox()),
  },
  {
    method: 'POST',
    path: '/challenges',
    summary: 'Issue a single-use bot challenge; action defaults to account_recovery, hostname to the public one (mock.issueChallenge())',
    run: async ({ mock, request }) => {
      const body = await readJson(request, ChallengeBody);
      return ok({ challenge_token: await mock.issueChallenge({ ...body }) }, 201);
    },
  },
  {
    method: 'POST',
    path: '/checkouts',
    summary: 'Start a checkout for a new customer: session id, resume and claim tokens (mock.startCheckout())',
    run: async ({ mock, request }) => {
      const body = await readJson(request, CheckoutBody);
      return ok(await caught(() => mock.startCheckout(body)), 201);
    },
  },
  {
    method: 'POST',
    path: '/checkouts/{id}/complete',
    summary: 'Mark a checkout paid (mock.completeCheckout())',
    run: async ({ mock, params }) => {
      await caught(() => mock.completeCheckout(params['id']!));
      return ok({ session_id: params['id'], status: 'complete' });
    },
  },
  {
    method: 'GET',
    path: '/faults',
    summary: 'Armed faults, in the order they apply, with the requests each still applies to (mock.faults.list())',
    run: async ({ mock }) => ok(mock.faults.list().map(faultView)),
  },
  {
    method: 'POST',
    path: '/faults',
    summary: 'Arm a fault for the next requests of a route: a status, a dropped connection or latency (mock.faults.inject())',
    run: async ({ mock, request }) => {
      const { latency_ms, retry_after, code, ...rest } = await readJson(request, FaultBody);
      const armed = await caught(() =>
        mock.faults.inject({ ...rest, latencyMs: latency_ms, retryAfter: retry_after, code: code as KnownErrorCode | undefined }),
      );
      return ok({ armed: faultView(armed) }, 201);
    },
  },
  {
    method: 'DELETE',
    path: '/faults/{id}',
    summary: 'Disarm one fault (mock.faults.remove())',
    run: async ({ mock, params }) => {
      if (!mock.faults.remove(params['id']!)) throw notFound('no armed fault with this id (it may have been used up)');
      return ok({ disarmed: params['id'] });
    },
  },
  {
    method: 'DELETE',
    path: '/faults',
    summary: 'Disarm every fault (mock.faults.clear())',
    run: async ({ mock }) => {
      const count = mock.faults.list().length;
      mock.faults.clear();
      return ok({ disarmed: count });
    },
  },
  {
    method: 'POST',
    path: '/guidance',
    summary: "Add a support guidance message to an account's request health (mock.addGuidance())",
    run: async ({ mock, request }) => {
      const body = await readJson(request, GuidanceBody);
      return ok({ guidance: await caught(() => mock.addGuidance({ ...body })) }, 201);
    },
  },
  // Events added by hand and route overrides (docs/testing.md).
  ...testingOperations.map(
    (op): AdminOperation => ({
      method: op.method,
      path: op.path,
      summary: op.summary,
      run: ({ mock, request, params }) => op.handle(mock, request, params['id'], readJson),
    }),
  ),
];

function listed(operation: AdminOperation) {
  return { method: operation.method, path: `/__admin${operation.path}`, summary: operation.summary };
}

/** A path's `{name}` segments when it matches the pattern; malformed percent-encoding is the caller's mistake. */
function match(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const segment = got[i]!;
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name === undefined) {
      if (part !== segment) return undefined;
      continue;
    }
    if (segment === '') return undefined;
    try {
      params[name] = decodeURIComponent(segment);
    } catch {
      throw invalidParameters('the path is not valid percent-encoding');
    }
  }
  return params;
}

async function dispatch(mock: MockService, request: Request, path: string): Promise<Reply> {
  for (const operation of ADMIN_OPERATIONS) {
    if (operation.method !== request.method) continue;
    const params = match(operation.path, path);
    if (params) return operation.run({ mock, request, params });
  }
  throw notFound(`no ${request.method.slice(0, 32)} operation at this admin path (GET /__admin lists them)`);
}

/**
 * MSW handlers of the control plane at `${baseUrl}/__admin` and under it.
 *
 * @example
 * const server = setupServer(...mock.handlers, ...createAdminHandlers(mock));
 * await fetch(`${mock.baseUrl}/__admin/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"advance_ms":60000}' });
 */
export function createAdminHandlers(mock: MockService): HttpHandler[] {
  const origin = new URL(mock.baseUrl).origin;
  const isAdmin = (url: URL) => url.origin === origin && (url.pathname === '/__admin' || url.pathname.startsWith('/__admin/'));
  return [
    http.all(
      ({ request }) => isAdmin(new URL(request.url)),
      async ({ request }) => {
        const requestId = newRequestId();
        const headers = baseHeaders(requestId, origin, mock.clock.now());
        // Control answers carry keys, tokens and recovery links.
        headers.set('Cache-Control', 'no-store');
        try {
          // `/__admin` and `/__admin/` are the same operation.
          const path = new URL(request.url).pathname.slice('/__admin'.length).replace(/^\/$/, '');
          const reply = await dispatch(mock, request, path);
          if (reply instanceof Response) return reply;
          return jsonResponse(reply.status, reply.body, headers);
        } catch (error) {
          return errorResponse(asServiceError(error), headers, requestId);
        }
      },
    ),
  ];
}
