import { notFound } from '../../../service/service-refusal';
import { faultView } from '../views';
import type { Handlers } from './types';

/** The operations on injected faults (`mock.faults`). */
export const faultHandlers = {
  'faults.list': (mock) => mock.faults.list().map(faultView),
  // The body arrives decoded by the fault codec: what `mock.faults.inject()` takes.
  'faults.inject': (mock, { body }) => ({ armed: faultView(mock.faults.inject(body)) }),
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
