import type { KnownErrorCode } from '../../../../src/schemas';
import { notFound } from '../../../service/service-refusal';
import { faultView } from '../views';
import type { Handlers } from './types';

/** The operations on injected faults (`mock.faults`). */
export const faultHandlers = {
  'faults.list': (mock) => mock.faults.list().map(faultView),
  'faults.inject': (mock, { body }) => {
    const { latency_ms, retry_after, code, ...rest } = body;
    // The body's schema admits only codes of the service.
    const armed = mock.faults.inject({ ...rest, latencyMs: latency_ms, retryAfter: retry_after, code: code as KnownErrorCode | undefined });
    return { armed: faultView(armed) };
  },
  'faults.remove': (mock, { params }) => {
    if (!mock.faults.remove(params.id)) throw notFound('no armed fault with this id (it may have been used up)');
    return { disarmed: params.id };
  },
  'faults.clear': (mock) => {
    const count = mock.faults.list().length;
    mock.faults.clear();
    return { disarmed: count };
  },
} satisfies Partial<Handlers>;
