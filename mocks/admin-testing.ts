import * as z from 'zod/mini';
import { ERROR_CODES, routeList, type KnownErrorCode } from '../src/schemas';
import { SpecError } from './data';
import type { MockService } from './index';
import { contextOf } from './internal';
import { invalidParameters, notFound, ServiceError } from './service-error';
import { checkAnswer } from './use/answer';
import { armOverride, overrideInfo, registeredRoute } from './use/arm';
import { errorCodesOf } from '../src/schemas/answers';
import { mockError } from './use/error';

/**
 * The control-plane operations of docs/testing.md: events added by hand and overrides of route
 * answers (`/__admin/events`, `/__admin/overrides`), the same as `mock.data.addEvent()` and
 * `mock.use()` in process. An override made here is a static answer or error (JSON carries no
 * function), checked against its route when it is made.
 */

/** What an operation answers. */
interface TestingReply {
  status: number;
  body: unknown;
}

/** The control plane's body reader (admin.ts): JSON only, bounded, refused in the envelope. */
type ReadJson = <S extends z.ZodMiniType>(request: Request, schema: S) => Promise<z.output<S>>;

/** One operation: method, path under `/__admin` (`{id}` for a path segment), summary, handler. */
export interface TestingOperation {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly summary: string;
  handle(mock: MockService, request: Request, id: string | undefined, readJson: ReadJson): Promise<TestingReply>;
}

const routeNames = routeList.flatMap((r) => [r.id, r.path]);
const routeIdOf = (name: string): string => routeList.find((r) => r.id === name || r.path === name)?.id ?? name;

const OverrideBody = z.strictObject({
  route: z.string().check(z.refine((r) => routeNames.includes(r), 'must be a route id or path template of the route table')),
  answer: z.optional(z.unknown()),
  error: z.optional(
    z.strictObject({
      code: z.string().check(z.refine((c) => Object.hasOwn(ERROR_CODES, c), 'must be an error code of the service')),
      message: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
      retry_after: z.optional(z.int().check(z.positive())),
    }),
  ),
  once: z.optional(z.boolean()),
  times: z.optional(z.int().check(z.positive())),
  params: z.optional(z.record(z.string(), z.union([z.number(), z.string()]))),
});

/** A spec or override the caller got wrong is theirs to fix: `400 invalid_parameters` with its message. */
function refused(error: unknown): never {
  if (error instanceof SpecError || error instanceof RangeError) throw invalidParameters(error.message);
  if (error instanceof ServiceError && error.code === 'fixture_invalid')
    throw invalidParameters(error.message.replace(/^mock\.use\('[^']*'\): /, ''));
  throw error;
}

/** Arms a static answer or error, checked against the route now rather than at its first request. */
function armStatic(mock: MockService, body: z.output<typeof OverrideBody>) {
  const service = contextOf(mock);
  const routeId = registeredRoute(service, routeIdOf(body.route));
  const route = service.routes.find((r) => r.id === routeId)!;
  const options = { routeId, once: body.once, times: body.times, params: body.params };
  if ((body.answer === undefined) === (body.error === undefined))
    throw new RangeError('give exactly one of answer (a success body of the route) or error');
  if (body.error !== undefined) {
    const { code, message, retry_after } = body.error;
    const codes = errorCodesOf(route);
    if (!codes.has(code as KnownErrorCode))
      throw new RangeError(`error.code: ${routeId} never answers ${code}; it answers ${[...codes].join(', ')}`);
    const error = mockError(code as KnownErrorCode, message, { retryAfter: retry_after });
    return armOverride(service, {
      ...options,
      kind: 'error',
      detail: body.error,
      resolve: () => {
        throw error;
      },
    });
  }
  const answer = body.answer;
  checkAnswer(route, answer);
  return armOverride(service, { ...options, kind: 'answer', detail: answer, resolve: () => answer });
}

/** The operations, in the order `GET /__admin` lists them. */
export const testingOperations: readonly TestingOperation[] = [
  {
    method: 'POST',
    path: '/events',
    summary: 'Add (or replace, by event_id) an event with chosen teams, kickoff, lifecycle and prices (mock.data.addEvent)',
    async handle(mock, request, _id, readJson) {
      const spec = await readJson(request, z.unknown());
      try {
        return { status: 201, body: { event_id: mock.data.addEvent(spec as never) } };
      } catch (error) {
        return refused(error);
      }
    },
  },
  {
    method: 'GET',
    path: '/events',
    summary: 'The added events (mock.data.added)',
    handle: async (mock) => ({ status: 200, body: mock.data.added() }),
  },
  {
    method: 'DELETE',
    path: '/events/{id}',
    summary: 'Remove an added event (mock.data.removeEvent)',
    async handle(mock, _request, id) {
      const eventId = Number(id);
      if (!mock.data.removeEvent(eventId)) throw notFound(`no added event ${String(id)}`);
      return { status: 200, body: { event_id: eventId, removed: true } };
    },
  },
  {
    method: 'POST',
    path: '/overrides',
    summary: "Answer a route's next requests with a static answer or error, inside the whole pipeline (mock.use)",
    async handle(mock, request, _id, readJson) {
      const body = await readJson(request, OverrideBody);
      try {
        return { status: 201, body: overrideInfo(armStatic(mock, body)) };
      } catch (error) {
        return refused(error);
      }
    },
  },
  {
    method: 'GET',
    path: '/overrides',
    summary: 'The armed overrides, the most recent (the one that answers first) first',
    handle: async (mock) => ({ status: 200, body: contextOf(mock).state.overrides.list().map(overrideInfo) }),
  },
  {
    method: 'DELETE',
    path: '/overrides',
    summary: 'Remove every override',
    handle: async (mock) => ({ status: 200, body: { removed: contextOf(mock).state.overrides.clear() } }),
  },
  {
    method: 'DELETE',
    path: '/overrides/{id}',
    summary: 'Remove one override (the disposer mock.use returns)',
    async handle(mock, _request, id) {
      if (id === undefined || !contextOf(mock).state.overrides.remove(id)) throw notFound(`no armed override ${String(id)}`);
      return { status: 200, body: { id, removed: true } };
    },
  },
];
