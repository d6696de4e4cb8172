import { http, type HttpHandler } from 'msw/http';
import * as z from 'zod/mini';
import { ACCOUNT_STATUSES, ERROR_CODES, routeList, type KnownErrorCode } from '../src/schemas';
import { dispatchTesting } from './admin-testing';
import type { MockService } from './index';
import { readBoundedBody } from './pipeline/body';
import { describeIssues, shapeKeys } from './pipeline/input';
import { newRequestId } from './pipeline/request-id';
import { asServiceError, baseHeaders, errorResponse, jsonResponse } from './pipeline/respond';
import { invalidParameters, notFound, ServiceError } from './service-error';

/**
 * The control plane of the standalone server (`/__admin`, never under `/v1`): JSON in and out, the
 * same operations as the in-process handles of `createMockService`, failures in the same envelope.
 */

const Status = z.enum(ACCOUNT_STATUSES);
const ClockBody = z.union([z.strictObject({ now: z.iso.datetime({ offset: true }) }), z.strictObject({ advance_ms: z.int() })]);
const AccountBody = z.strictObject({ email: z.email(), plan: z.optional(z.string()), status: z.optional(Status), recovery_email_verified: z.optional(z.boolean()) });
const AccountPatch = z.strictObject({ status: z.optional(Status), email: z.optional(z.email()), plan: z.optional(z.string()) });
const ChallengeBody = z.strictObject({ action: z.string().check(z.minLength(1)), hostname: z.optional(z.string().check(z.minLength(1))) });
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

type Reply = { status: number; body: unknown };

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

/** A decoded path segment; malformed percent-encoding is the caller's mistake. */
function segmentOf(path: string, i: number): string {
  try {
    return decodeURIComponent(path.split('/')[i] ?? '');
  } catch {
    throw invalidParameters('the path is not valid percent-encoding');
  }
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

async function dispatch(mock: MockService, request: Request, path: string): Promise<Reply> {
  const route = `${request.method} ${path.replace(/^\/accounts\/[^/]+$/, '/accounts/{email}').replace(/^\/checkouts\/[^/]+\/complete$/, '/checkouts/{id}/complete')}`;
  const segment = (i: number) => segmentOf(path, i);
  switch (route) {
    case 'POST /reset':
      await mock.reset();
      return { status: 200, body: { reset: true } };
    case 'GET /clock':
      return { status: 200, body: { now: mock.clock.date().toISOString() } };
    case 'POST /clock': {
      const body = await readJson(request, ClockBody);
      await caught(() => ('now' in body ? mock.clock.set(body.now) : mock.clock.advance(body.advance_ms)));
      return { status: 200, body: { now: mock.clock.date().toISOString() } };
    }
    case 'GET /outbox':
      return { status: 200, body: await mock.outbox() };
    case 'POST /accounts': {
      const body = await readJson(request, AccountBody);
      const created = await caught(() =>
        mock.createAccount({ email: body.email, plan: body.plan, status: body.status, recoveryEmailVerified: body.recovery_email_verified }),
      );
      return { status: 201, body: { email: created.email, api_key: created.apiKey } };
    }
    case 'PATCH /accounts/{email}': {
      const body = await readJson(request, AccountPatch);
      await caught(() => mock.updateAccount(segment(2), { ...body }));
      return { status: 200, body: { email: body.email ?? segment(2) } };
    }
    case 'POST /challenges': {
      const body = await readJson(request, ChallengeBody);
      return { status: 201, body: { challenge_token: await mock.issueChallenge({ ...body }) } };
    }
    case 'POST /checkouts': {
      const body = await readJson(request, CheckoutBody);
      return { status: 201, body: await caught(() => mock.startCheckout(body)) };
    }
    case 'POST /checkouts/{id}/complete':
      await caught(() => mock.completeCheckout(segment(2)));
      return { status: 200, body: { session_id: segment(2), status: 'complete' } };
    case 'POST /faults': {
      const body = await readJson(request, FaultBody);
      const { latency_ms, retry_after, code, ...rest } = body;
      mock.faults.inject({ ...rest, latencyMs: latency_ms, retryAfter: retry_after, code: code as KnownErrorCode | undefined });
      return { status: 201, body: { armed: body } };
    }
    case 'GET /ledger':
      return { status: 200, body: mock.ledger() };
    case 'POST /guidance': {
      const body = await readJson(request, GuidanceBody);
      return { status: 201, body: { guidance: await caught(() => mock.addGuidance({ ...body })) } };
    }
    default: {
      const testing = await dispatchTesting(mock, request, path, readJson);
      if (testing) return testing;
      throw notFound(`no ${request.method} operation at this admin path`);
    }
  }
}

/**
 * MSW handlers of the control plane under `${baseUrl}/__admin`.
 *
 * @example
 * const server = setupServer(...mock.handlers, ...createAdminHandlers(mock));
 * await fetch(`${mock.baseUrl}/__admin/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"advance_ms":60000}' });
 */
export function createAdminHandlers(mock: MockService): HttpHandler[] {
  const origin = new URL(mock.baseUrl).origin;
  return [
    http.all(`${origin}/__admin/*`, async ({ request }) => {
      const requestId = newRequestId();
      const headers = baseHeaders(requestId, origin, mock.clock.now());
      // Control answers carry keys, tokens and recovery links.
      headers.set('Cache-Control', 'no-store');
      try {
        const path = new URL(request.url).pathname.slice('/__admin'.length);
        const reply = await dispatch(mock, request, path);
        return jsonResponse(reply.status, reply.body, headers);
      } catch (error) {
        return errorResponse(asServiceError(error), headers, requestId);
      }
    }),
  ];
}
