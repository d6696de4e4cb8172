/**
 * The commands of the model-based test of the mock (mock-model.test.ts): each acts on one real mock
 * and on the model, then checks that the answer and the ledger are what the model predicts.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { type FaultSpec, type FaultTarget, fixtures, type MockService } from '../../mocks';
import { newGate } from '../helpers/gate';
import {
  admit,
  ENVELOPE,
  FAULT_KINDS,
  FAULT_ROUTES,
  predict,
  reserve,
  resetModel,
  roll,
  settle,
  TARGETS,
  type Expected,
  type FaultKind,
  type FaultRoute,
  type Model,
  type Target,
} from './mock-model';

/** The mock under test, and the paths of its calls. */
export interface Real {
  mock: MockService;
  paths: Record<Target, string>;
}

type Command = fc.AsyncCommand<Model, Real>;

/** The event the commands add (and the snapshot tests too). */
export const SPEC = {
  event_id: 101,
  sport_id: 29,
  runner_home: 'Harbor City',
  runner_away: 'Northfield',
  minute: -120,
  markets: [{ market: 'moneyline' as const, prices: [{ at: -600, odds: [2.1, 3.4, 3.6] }] }],
};

async function send(real: Real, path: string): Promise<Response> {
  return real.mock.fetch(`${real.mock.baseUrl}${path}`, { headers: { Authorization: `Bearer ${real.mock.apiKey}` } });
}

/** An answer in the model's terms. */
async function observed(response: Response): Promise<Omit<Expected, 'recorded'>> {
  if (response.type === 'error')
    return {
      status: 'dropped',
      code: null,
      cost: null,
      rows: null,
      truncated: null,
      cache: null,
      retryAfter: null,
      periodRemaining: null,
      dailyRemaining: null,
      periodReset: null,
      dailyReset: null,
    };
  const body = (await response.json()) as { error?: { code: string } } | unknown[];
  const h = response.headers;
  if (Array.isArray(body)) expect(String(body.length)).toBe(h.get('X-Result-Rows'));
  return {
    status: response.status,
    code: Array.isArray(body) ? null : (body.error?.code ?? null),
    cost: h.get('X-Credits-Cost'),
    rows: h.get('X-Result-Rows'),
    truncated: h.get('X-Result-Truncated'),
    cache: h.get('X-Cache'),
    retryAfter: h.get('Retry-After'),
    periodRemaining: h.get('X-Credits-Period-Remaining'),
    dailyRemaining: h.get('X-Credits-Daily-Remaining'),
    periodReset: h.get('X-Credits-Period-Reset'),
    dailyReset: h.get('X-Credits-Daily-Reset'),
  };
}

/** The ledger and the armed faults after a step, against the model. */
export function checkState(model: Model, real: Real): void {
  roll(model);
  const entry = real.mock.ledger().find((e) => e.email === real.mock.demoEmail)!;
  expect({
    charged: entry.charged,
    charges: entry.charges.length,
    reserved: entry.reserved,
    period: entry.period.used,
    daily: entry.daily.used,
  }).toEqual({
    charged: model.charged,
    charges: model.charges.length,
    reserved: 0,
    period: model.period.used,
    daily: model.daily.used,
  });
  const armed = real.mock.faults.list().map((f) => `${f.route}:${f.remaining}`);
  expect(armed.sort()).toEqual(FAULT_ROUTES.flatMap((route) => model.faults[route].map((f) => `${route}:${f.left}`)).sort());
}

/** One data call: its status, code, charge and headers, what the activity log records, then the ledger. */
class DataCall implements Command {
  constructor(readonly target: Target) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const before = real.mock.requests().length;
    const expected = predict(model, this.target);
    const { recorded, ...answer } = expected;
    expect(await observed(await send(real, real.paths[this.target]))).toEqual(answer);
    const requests = real.mock.requests();
    if (recorded === null) expect(requests.length).toBe(before);
    else
      expect(requests.at(-1)).toMatchObject({
        status: recorded.status,
        error_code: recorded.code,
        cost: recorded.cost,
        metered: recorded.metered,
      });
    checkState(model, real);
  }
  toString = () => `call(${this.target})`;
}

const FAULT_SPECS: Record<FaultKind, (target: FaultTarget) => FaultSpec> = {
  '500': (target) => ({ ...target, status: 500 }),
  '429': (target) => ({ ...target, status: 429 }),
  '502': (target) => ({ ...target, status: 502 }),
  '503': (target) => ({ ...target, status: 503 }),
  '503+retry': (target) => ({ ...target, status: 503, retryAfter: 7 }),
  drop: (target) => ({ ...target, drop: 'connection' }),
  after_commit: (target) => ({ ...target, drop: 'after_commit' }),
  latency: (target) => ({ ...target, latencyMs: 1 }),
};

/** Arms a fault for the next `count` requests of a route. */
class ArmFault implements Command {
  constructor(
    readonly route: FaultRoute,
    readonly kind: FaultKind,
    readonly count: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    real.mock.faults.inject(FAULT_SPECS[this.kind]({ route: this.route, count: this.count }));
    model.faults[this.route].push({ kind: this.kind, left: this.count });
    checkState(model, real);
  }
  toString = () => `fault(${this.route}, ${this.kind}, x${this.count})`;
}

/** Overrides a route's answer with `rows` rows, for the next `times` requests (or event 42's only). */
class Use implements Command {
  constructor(
    readonly route: 'catalog.sports' | 'events.odds',
    readonly rows: number,
    readonly times: number,
    readonly only42: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const { mock } = real;
    if (this.route === 'catalog.sports') {
      mock.use('catalog.sports', () => Array.from({ length: this.rows }, (_, i) => fixtures.sport({ sport_id: i + 1 })), {
        times: this.times,
      });
    } else {
      const answer = ({ params }: { params: { event_id: number } }) =>
        Array.from({ length: this.rows }, (_, i) => fixtures.oddsSnapshot({ event_id: params.event_id, line_id: i + 1 }));
      mock.use('events.odds', answer, { times: this.times, ...(this.only42 ? { params: { event_id: 42 } } : {}) });
    }
    model.overrides[this.route].unshift({ rows: this.rows, left: this.times, only42: this.route === 'events.odds' && this.only42 });
    checkState(model, real);
  }
  toString = () => `use(${this.route}${this.only42 ? ' 42' : ''}, ${this.rows} rows, x${this.times})`;
}

/** Adds (or replaces) event 101, or removes it. */
class AddedEvent implements Command {
  constructor(readonly add: boolean) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    if (this.add) real.mock.data.addEvent(SPEC);
    else expect(real.mock.data.removeEvent(101)).toBe(model.added);
    model.added = this.add;
    checkState(model, real);
  }
  toString = () => (this.add ? 'addEvent(101)' : 'removeEvent(101)');
}

/** Moves the clock forward. */
class Advance implements Command {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    real.mock.clock.advance(this.ms);
    model.now += this.ms;
    expect(real.mock.clock.now()).toBe(model.now);
    checkState(model, real);
  }
  toString = () => `advance(${this.ms})`;
}

/** Tries to move the clock back: refused, and it stays where it was (the mock has used it). */
class SetBack implements Command {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    expect(() => real.mock.clock.set(model.now - this.ms)).toThrow(RangeError);
    expect(() => real.mock.clock.advance(-this.ms)).toThrow(RangeError);
    expect(real.mock.clock.now()).toBe(model.now);
    checkState(model, real);
  }
  toString = () => `setBack(${this.ms})`;
}

/** `mock.reset()` without `await`, then, if `back`, the clock frozen at the mock's start again. */
class Reset implements Command {
  constructor(readonly back: boolean) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    void real.mock.reset();
    resetModel(model);
    if (this.back) {
      real.mock.clock.freeze(model.start);
      model.now = model.start;
    }
    expect(real.mock.data.added()).toEqual([]);
    checkState(model, real);
  }
  toString = () => (this.back ? 'reset(back to start)' : 'reset()');
}

/**
 * `k` concurrent calls of `events.odds` for event 42 (no such event: `404`, one credit), held by a
 * gate until every one is decided, so their reservations are all in flight together: the rate window
 * and the windows' remaining credits (in-flight reservations included) decide each.
 */
class Burst implements Command {
  constructor(readonly k: number) {}
  check = (model: Readonly<Model>) => model.faults['events.odds'].length === 0 && model.overrides['events.odds'].length === 0;
  async run(model: Model, real: Real): Promise<void> {
    const { mock } = real;
    const outcomes: string[] = [];
    let held = 0;
    for (let i = 0; i < this.k; i++) {
      if (!admit(model)) outcomes.push('429 rate_limited');
      else if (reserve(model)) outcomes.push('429 quota_exceeded');
      else held += 1;
    }
    for (let i = 0; i < held; i++) {
      settle(model, 1);
      outcomes.push('404 not_found');
    }
    const gate = newGate();
    const armed = mock.faults.inject({ route: 'events.odds', count: this.k, hold: gate.opened });
    let decided = 0;
    const pending = Array.from({ length: this.k }, () => send(real, real.paths.odds42).finally(() => void (decided += 1)));
    // Every request is either answered or waiting at the gate (it took the hold fault), whatever the model says.
    const waiting = () => this.k - (mock.faults.list().find((f) => f.id === armed.id)?.remaining ?? 0);
    while (decided + waiting() < this.k) await new Promise((resolve) => setImmediate(resolve));
    const entry = mock.ledger().find((e) => e.email === mock.demoEmail)!;
    expect({ decided, reserved: entry.reserved }).toEqual({ decided: this.k - held, reserved: held * ENVELOPE });
    gate.open();
    const answers = await Promise.all(pending);
    const seen = await Promise.all(answers.map(async (a) => `${a.status} ${((await a.json()) as { error: { code: string } }).error.code}`));
    expect(seen.sort()).toEqual(outcomes.sort());
    mock.faults.remove(armed.id);
    checkState(model, real);
  }
  toString = () => `burst(${this.k})`;
}

/** The commands, weighted toward data calls and what changes their answers. */
export const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...TARGETS).map((target): Command => new DataCall(target)) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom(...FAULT_ROUTES), fc.constantFrom(...FAULT_KINDS), fc.integer({ min: 1, max: 3 }))
      .map(([route, kind, count]): Command => new ArmFault(route, kind, count)),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom('catalog.sports' as const, 'events.odds' as const),
        fc.constantFrom(0, 1, 20, 21, 120, 400, 501),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
      )
      .map(([route, rows, times, only42]): Command => new Use(route, rows, times, only42)),
  },
  { weight: 1, arbitrary: fc.boolean().map((add): Command => new AddedEvent(add)) },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(0, 999, 1_000, 60_000, 59 * 60_000, 3_600_000, 86_400_000, 31 * 86_400_000)
      .map((ms): Command => new Advance(ms)),
  },
  { weight: 1, arbitrary: fc.constantFrom(1, 1_000).map((ms): Command => new SetBack(ms)) },
  { weight: 1, arbitrary: fc.boolean().map((back): Command => new Reset(back)) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 7 }).map((k): Command => new Burst(k)) },
);
