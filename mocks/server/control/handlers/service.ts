import { contextOf } from '../../../service/internal';
import { operationList } from '../operations';
import { ledgerView, planView } from '../views';
import type { Handlers } from './types';

/** The operations on the mock as a whole: the index, reset, the clock, plans, the ledger, mail, challenges, guidance. */
export const serviceHandlers = {
  index: () => ({
    console: '/__admin/',
    operations: operationList.map(({ id, method, path, summary, handles }) => ({
      id,
      method,
      path: `/__admin${path}`,
      summary,
      handles: handles.map((name) => `mock.${name}()`),
    })),
  }),
  reset: async (mock) => {
    await mock.reset();
    return { reset: true };
  },
  'clock.get': (mock) => ({ now: mock.clock.date().toISOString() }),
  'clock.set': (mock, { body }) => {
    if (body.now !== undefined) mock.clock.set(body.now);
    else mock.clock.advance(body.advance_ms ?? 0);
    return { now: mock.clock.date().toISOString() };
  },
  'plans.list': (mock) => Object.values(contextOf(mock).options.plans).map(planView),
  ledger: (mock) => mock.ledger().map(ledgerView),
  outbox: (mock) => mock.outbox(),
  'challenges.issue': async (mock, { body }) => ({ challenge_token: await mock.issueChallenge({ ...body }) }),
  'guidance.add': async (mock, { body }) => ({ guidance: await mock.addGuidance({ ...body }) }),
} satisfies Partial<Handlers>;
