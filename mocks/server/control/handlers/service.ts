import { contextOf } from '../../../service/internal';
import type { MockService } from '../../../service/mock-service';
import { operationList } from '../operations';
import { ledgerView, planView } from '../views';
import type { Handlers } from './types';

const clockView = (mock: MockService) => ({ now: mock.clock.date().toISOString(), frozen: mock.clock.frozen });

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
  'clock.get': (mock) => clockView(mock),
  'clock.set': (mock, { body }) => {
    // With frozen: true, the clock stops where it is moved to (freeze takes the instant as set does).
    if (body.frozen === true) mock.clock.freeze(body.now);
    else if (body.now !== undefined) mock.clock.set(body.now);
    if (body.advance_ms !== undefined) mock.clock.advance(body.advance_ms);
    if (body.frozen === false) mock.clock.resume();
    return clockView(mock);
  },
  'state.get': (mock) => mock.snapshot(),
  'state.put': async (mock, { body }) => {
    await mock.restore(body);
    return { restored: true as const, ...clockView(mock), omitted: mock.snapshot().omitted };
  },
  'plans.list': (mock) => Object.values(contextOf(mock).options.plans).map(planView),
  ledger: (mock) => mock.ledger().map(ledgerView),
  outbox: (mock) => mock.outbox(),
  'challenges.issue': async (mock, { body }) => ({ challenge_token: await mock.issueChallenge({ ...body }) }),
  'guidance.add': async (mock, { body }) => ({ guidance: await mock.addGuidance({ ...body }) }),
} satisfies Partial<Handlers>;
