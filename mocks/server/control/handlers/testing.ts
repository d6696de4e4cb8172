import type * as z from 'zod/mini';
import type { KnownErrorCode } from '../../../../src/schemas';
import { errorCodesOf } from '../../../../src/schemas/route-errors';
import type { MockService } from '../../../service/mock-service';
import { contextOf } from '../../../service/internal';
import { notFound } from '../../../service/service-refusal';
import { checkAnswer } from '../../../service/use/answer';
import { armOverride, overrideInfo, registeredRoute } from '../../../service/use/arm';
import { staticResolver } from '../../../service/use/static';
import type { OverrideBody } from '../inputs';
import type { Handlers } from './types';

/**
 * The operations of docs/testing.md (`mock.data.addEvent()`, `mock.use()`); an override here is a static
 * answer or error (JSON carries no function), checked against its route when made.
 */

const routeIdOf = (mock: MockService, name: string): string =>
  contextOf(mock).routes.find((r) => r.id === name || r.path === name)?.id ?? name;

/** Arms a static answer or error, checked against the route now rather than at its first request. */
function armStatic(mock: MockService, body: z.output<typeof OverrideBody>) {
  const service = contextOf(mock);
  const routeId = registeredRoute(service, routeIdOf(mock, body.route));
  const route = service.routes.find((r) => r.id === routeId)!;
  const options = { routeId, once: body.once, times: body.times, params: body.params };
  if ((body.answer === undefined) === (body.error === undefined))
    throw new RangeError('give exactly one of answer (a success body of the route) or error');
  if (body.error !== undefined) {
    const { code, message, retry_after } = body.error;
    const codes = errorCodesOf(route);
    if (!codes.has(code as KnownErrorCode))
      throw new RangeError(`error.code: ${routeId} never answers ${code}; it answers ${[...codes].join(', ')}`);
    // Made now, so that a refused message or retry is refused before anything is armed.
    return armOverride(service, {
      ...options,
      kind: 'error',
      detail: body.error,
      resolve: staticResolver('error', { code, message, retry_after }),
    });
  }
  checkAnswer(route, body.answer);
  return armOverride(service, { ...options, kind: 'answer', detail: body.answer, resolve: staticResolver('answer', body.answer) });
}

export const testingHandlers = {
  'events.add': (mock, { body }) => ({ event_id: mock.data.addEvent(body) }),
  'events.list': (mock) => mock.data.added(),
  'events.remove': (mock, { params }) => {
    const eventId = Number(params.id);
    if (!mock.data.removeEvent(eventId)) throw notFound(`no added event ${params.id}`);
    return { event_id: eventId, removed: true as const };
  },
  'overrides.add': (mock, { body }) => overrideInfo(armStatic(mock, body)),
  'overrides.list': (mock) => contextOf(mock).state.overrides.list().map(overrideInfo),
  'overrides.clear': (mock) => ({ removed: contextOf(mock).state.overrides.clear() }),
  'overrides.remove': (mock, { params }) => {
    if (!contextOf(mock).state.overrides.remove(params.id)) throw notFound(`no armed override ${params.id}`);
    return { id: params.id, removed: true as const };
  },
} satisfies Partial<Handlers>;
