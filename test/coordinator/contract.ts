import { expect, it } from 'vitest';
import { SportsOddsError } from '../../src/core/errors/base';
import { BudgetExceededError } from '../../src/core/errors/local';
import type {
  Admission,
  AdmitRequest,
  BudgetOptions,
  Coordinator,
  CreditSource,
  PendingRotation,
  RotationAnswer,
} from '../../src/core/types/coordination';
import type { CreditHeaders } from '../../src/schemas/headers';

/** What the contract needs of an implementation. */
export interface ContractSubject {
  /** `n` handles on one fresh account: one shared object in memory, `n` clients on separate connections for a store. */
  handles(n: number): Promise<Coordinator[]>;
  /** How long a slot stays held after its settle. */
  windowMs: number;
}

const HOUR = 3_600_000;

/** An admission request with the given parts; no budget, no pacing by default. */
export function request(parts: Partial<AdmitRequest> = {}): AdmitRequest {
  return { envelope: undefined, budget: {}, serviceNow: () => Date.now(), rate: undefined, ...parts };
}

/** A metered answer of `cost` credits with the given window headers. */
export function metered(cost: number, credits: Omit<CreditHeaders, 'cost'> = {}): CreditSource {
  return { cost, credits: { cost, ...credits } };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a promise is still pending after `ms`. */
async function pendingAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await sleep(ms);
  return !settled;
}

/** The most intervals that overlap at one instant. */
function maxOverlap(intervals: [number, number][]): number {
  const edges = intervals.flatMap(([from, to]) => [
    [from, 1],
    [to, -1],
  ]);
  // An interval that ends where another starts does not overlap it.
  edges.sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number));
  let open = 0;
  let most = 0;
  for (const [, delta] of edges) most = Math.max(most, (open += delta as number));
  return most;
}

/** The error `promise` rejects with, checked to be a `type`. */
export async function rejection<E>(promise: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

/** Budgets every coordinator refuses, and the words of the refusal: a limit that would mean "no limit" or fail in the store. */
const BAD_BUDGETS: [string, unknown, RegExp][] = [
  ['maxCredits is NaN', { maxCredits: Number.NaN }, /^budget\.maxCredits must be a non-negative integer of credits, got NaN$/],
  ['maxCredits is an empty string', { maxCredits: '' }, /^budget\.maxCredits must be .*, got ""$/],
  ['maxCredits is a string of letters', { maxCredits: 'abc' }, /^budget\.maxCredits must be .*, got "abc"$/],
  ['maxCredits is Infinity', { maxCredits: Number.POSITIVE_INFINITY }, /^budget\.maxCredits must be .*, got Infinity$/],
  ['maxCredits is negative', { maxCredits: -1 }, /^budget\.maxCredits must be .*, got -1$/],
  ['dailyFloor is a fraction', { dailyFloor: 1.5 }, /^budget\.dailyFloor must be .*, got 1\.5$/],
  ['periodFloor is NaN', { periodFloor: Number.NaN }, /^budget\.periodFloor must be .*, got NaN$/],
  ['limit is misspelt', { maxCredit: 10 }, /^budget/],
];

const budgetError = (promise: Promise<unknown>): Promise<BudgetExceededError> => rejection(promise, BudgetExceededError);

const ANSWER: RotationAnswer = {
  status: 200,
  headers: [
    ['content-type', 'application/json'],
    ['x-request-id', 'req_contract'],
  ],
  text: '{"api_key":"svc_live_NewKeyNewKeyNewKeyNewKeyNewKey1234","key_id":"key_2"}',
};

const PENDING: PendingRotation = {
  version: 1,
  baseUrl: 'https://api.example.com',
  nonce: `rot_${'A'.repeat(43)}`,
  oldKey: 'svc_live_OldKeyOldKeyOldKeyOldKeyOldKey1234',
  startedAt: '2026-11-21T15:00:00.000Z',
};

/**
 * The rules every `Coordinator` keeps, registered as vitest tests: pacing, budget, ledger, the
 * plan's rate and the rotation's coordination, across several handles on one account.
 *
 * @example
 * coordinatorContract({ handles: async (n) => Array(n).fill(new MemoryCoordinator()), windowMs: 1000 });
 */
export function coordinatorContract(subject: ContractSubject): void {
  const { windowMs } = subject;

  it('holds at most `rate` slots at once across handles, each from its admission until a window after its settle', async () => {
    const handles = await subject.handles(3);
    const rate = 2;
    const spans: [number, number][] = [];
    const call = async (c: Coordinator) => {
      const admission = await c.admit(request({ rate }));
      const admitted = Date.now();
      await sleep(30);
      const settling = Date.now();
      await c.settle(admission, undefined, settling);
      spans.push([admitted, settling + windowMs]);
    };
    const started = Date.now();
    await Promise.all([...handles, handles[0] as Coordinator].map(call));
    expect(spans).toHaveLength(4);
    expect(maxOverlap(spans)).toBeLessThanOrEqual(rate);
    // The last two waited for the first two's holds.
    expect(Date.now() - started).toBeGreaterThanOrEqual(windowMs);
  });

  it('serves a waiter of another handle one window after a slot settles, not before', async () => {
    const [a, b] = (await subject.handles(2)) as [Coordinator, Coordinator];
    const first = await a.admit(request({ rate: 1 }));
    const second = b.admit(request({ rate: 1 }));
    expect(await pendingAfter(second, 150)).toBe(true);
    const settledAt = Date.now();
    await a.settle(first, undefined, settledAt);
    const admission = await second;
    const waited = Date.now() - settledAt;
    expect(waited).toBeGreaterThanOrEqual(windowMs - 2);
    expect(waited).toBeLessThan(windowMs + 900);
    await b.settle(admission, undefined, Date.now());
  });

  it('admits an attempt that brings no rate at once, even while every slot is held, and records its answer', async () => {
    const [a, b] = (await subject.handles(2)) as [Coordinator, Coordinator];
    const held = await a.admit(request({ rate: 1 }));
    const unpaced = await b.admit(request());
    const reserved = await b.admit(request({ envelope: 3 }));
    expect(await b.settle(unpaced, metered(2), Date.now())).toBe(true);
    expect(await b.settle(reserved, metered(1), Date.now())).toBe(true);
    await a.settle(held, undefined, Date.now());
    expect(await a.readCredits()).toMatchObject({ spent: 3, meteredCalls: 2, reserved: 0 });
  });

  it('gives back the reservation of a wait that is aborted', async () => {
    const [a, b] = (await subject.handles(2)) as [Coordinator, Coordinator];
    const budget: BudgetOptions = { maxCredits: 10 };
    const first = await a.admit(request({ rate: 1, envelope: 2, budget }));
    const controller = new AbortController();
    const waiting = b.admit(request({ rate: 1, envelope: 3, budget, signal: controller.signal }));
    expect(await pendingAfter(waiting, 100)).toBe(true);
    expect((await a.readCredits()).reserved).toBe(5);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect((await a.readCredits()).reserved).toBe(2);
    // What was given back is available again.
    const again = await b.admit(request({ envelope: 8, budget }));
    expect((await b.readCredits()).reserved).toBe(10);
    await a.settle(first, undefined, Date.now());
    await b.settle(again, undefined, Date.now());
    expect(await a.readCredits()).toMatchObject({ reserved: 0, spent: 0 });
  });

  it('never exceeds maxCredits with concurrent admits from every handle, and refuses having taken nothing', async () => {
    const handles = await subject.handles(3);
    const budget: BudgetOptions = { maxCredits: 10 };
    const attempts = handles.flatMap((c) =>
      Array.from({ length: 8 }, () => c.admit(request({ envelope: 2, budget })).then((a) => [c, a] as const)),
    );
    const results = await Promise.allSettled(attempts);
    const admitted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(admitted).toHaveLength(5);
    expect(refused).toHaveLength(19);
    for (const error of refused) {
      expect(error).toBeInstanceOf(BudgetExceededError);
      expect(error).toMatchObject({ limit: 'maxCredits', envelope: 2, available: 0 });
    }
    const c = handles[0] as Coordinator;
    expect((await c.readCredits()).reserved).toBe(10);
    for (const [handle, admission] of admitted) await handle.settle(admission, metered(2), Date.now());
    expect(await c.readCredits()).toMatchObject({ spent: 10, reserved: 0, meteredCalls: 5 });
    const error = await budgetError((handles[2] as Coordinator).admit(request({ envelope: 1, budget })));
    expect(error).toMatchObject({ limit: 'maxCredits', envelope: 1, available: 0 });
  });

  it.each(BAD_BUDGETS)(
    'refuses a budget whose %s, by name, having taken nothing (the same table for every coordinator)',
    async (_, budget, message) => {
      const [a, b] = (await subject.handles(2)) as [Coordinator, Coordinator];
      const error = await rejection(a.admit(request({ envelope: 1, rate: 1, budget: budget as BudgetOptions })), SportsOddsError);
      expect(error.message).toMatch(message);
      expect(error).not.toBeInstanceOf(BudgetExceededError);
      expect(await b.readCredits()).toMatchObject({ reserved: 0, spent: 0 });
      // The one slot was not taken either.
      await b.settle(await b.admit(request({ rate: 1 })), undefined, Date.now());
    },
  );

  it('holds the floors against the last reported windows minus every reservation, until their reset', async () => {
    const [a, b] = (await subject.handles(2)) as [Coordinator, Coordinator];
    const now = Date.now();
    const seed = await a.admit(request({ envelope: 1 }));
    await a.settle(
      seed,
      metered(1, { dailyRemaining: 20, dailyReset: new Date(now + HOUR), periodRemaining: 100, periodReset: new Date(now + 24 * HOUR) }),
      now,
    );
    const daily: BudgetOptions = { dailyFloor: 5 };
    expect(await budgetError(b.admit(request({ envelope: 16, budget: daily })))).toMatchObject({
      limit: 'dailyFloor',
      envelope: 16,
      available: 15,
    });
    const held = await b.admit(request({ envelope: 15, budget: daily }));
    // Another handle's reservation counts: nothing is left above the floor.
    expect(await budgetError(a.admit(request({ envelope: 1, budget: daily })))).toMatchObject({ limit: 'dailyFloor', available: 0 });
    // From the window's reset on (the service's clock), its last report is stale.
    const afterReset = await a.admit(request({ envelope: 1, budget: daily, serviceNow: () => now + HOUR }));
    const period: BudgetOptions = { periodFloor: 80 };
    // 100 remaining - 16 reserved - 80 = 4.
    expect(await budgetError(b.admit(request({ envelope: 5, budget: period })))).toMatchObject({
      limit: 'periodFloor',
      envelope: 5,
      available: 4,
    });
    const fits = await b.admit(request({ envelope: 4, budget: period }));
    await a.settle(afterReset, undefined, Date.now());
    await b.settle(held, undefined, Date.now());
    await b.settle(fits, undefined, Date.now());
    expect((await a.readCredits()).reserved).toBe(0);
  });

  it("settles an attempt's accounting once: spent, metered calls, reservations back to 0", async () => {
    const [a, b] = (await subject.handles(2)) as [Coordinator, Coordinator];
    const admission = await a.admit(request({ envelope: 5 }));
    expect((await b.readCredits()).reserved).toBe(5);
    expect(await a.settle(admission, metered(3), Date.now())).toBe(true);
    expect(a.credits()).toMatchObject({ spent: 3, meteredCalls: 1, reserved: 0 });
    expect(await b.readCredits()).toMatchObject({ spent: 3, meteredCalls: 1, reserved: 0 });
    expect(b.credits()).toMatchObject({ spent: 3, meteredCalls: 1, reserved: 0 });
    // A second settle of the same admission changes nothing.
    expect(await a.settle(admission, metered(3), Date.now())).toBe(false);
    // A failed attempt (no answer) and an unmetered answer: the reservation ends, nothing is spent.
    const failed = await b.admit(request({ envelope: 4 }));
    expect(await b.settle(failed, undefined, Date.now())).toBe(false);
    const unmetered = await b.admit(request({ envelope: 4 }));
    expect(await b.settle(unmetered, { cost: undefined, credits: {} }, Date.now())).toBe(false);
    expect(await a.readCredits()).toMatchObject({ spent: 3, meteredCalls: 1, reserved: 0 });
  });

  it('shows every handle the windows as the latest answer of any handle reported them', async () => {
    const [a, b] = (await subject.handles(2)) as [Coordinator, Coordinator];
    const periodReset = new Date(Date.now() + 24 * HOUR);
    const dailyReset = new Date(Date.now() + HOUR);
    const record = async (c: Coordinator, credits: Omit<CreditHeaders, 'cost'>) => {
      const admission: Admission = await c.admit(request({ envelope: 1 }));
      await c.settle(admission, metered(1, credits), Date.now());
    };
    await record(a, { periodLimit: 1000, periodRemaining: 900, periodReset, dailyLimit: 100, dailyRemaining: 90, dailyReset });
    const seen = await b.readCredits();
    expect(seen.period).toEqual({ limit: 1000, remaining: 900, reset: periodReset });
    expect(seen.daily).toEqual({ limit: 100, remaining: 90, reset: dailyReset });
    expect(seen.updatedAt).toBeInstanceOf(Date);
    await record(b, { periodRemaining: 880, periodReset, dailyRemaining: 80 });
    const latest = await a.readCredits();
    expect(latest.period).toEqual({ limit: 1000, remaining: 880, reset: periodReset });
    expect(latest.daily).toEqual({ limit: 100, remaining: 80, reset: dailyReset });
    expect(latest).toMatchObject({ spent: 2, meteredCalls: 2 });
  });

  it("shares the plan's rate between handles, known without I/O once any operation of a handle has seen it", async () => {
    const [a, b] = (await subject.handles(2)) as [Coordinator, Coordinator];
    expect(await b.rate.get()).toBeUndefined();
    expect(b.rate.known).toBeUndefined();
    await a.rate.share(20);
    expect(a.rate.known).toBe(20);
    expect(await b.rate.get()).toBe(20);
    expect(b.rate.known).toBe(20);
    await b.rate.share(5);
    expect(await a.rate.get()).toBe(5);
    // Any operation refreshes it (a shared store reports it with every reply).
    await a.rate.share(7);
    await b.settle(await b.admit(request({ envelope: 1 })), undefined, Date.now());
    expect(b.rate.known).toBe(7);
  });

  it("reads a waiter's rate again: a rate shared while it waits for a slot still in flight lets it in", async () => {
    const [a, b] = (await subject.handles(2)) as [Coordinator, Coordinator];
    // As the SDK's 'account' pacing does: the shared rate once known, the lowest until then.
    const rateOf = (c: Coordinator) => () => c.rate.known ?? 1;
    const inFlight = await a.admit(request({ rate: rateOf(a) }));
    const waiting = b.admit(request({ rate: rateOf(b) }));
    expect(await pendingAfter(waiting, 100)).toBe(true);
    await a.rate.share(2);
    // The first attempt is still in flight: only the rate read again can let the second in.
    const admission = await waiting;
    await b.settle(admission, undefined, Date.now());
    await a.settle(inFlight, undefined, Date.now());
  });

  it('lets one handle hold the rotation lock at a time; a waiter learns it waited', async () => {
    const [a, b, c] = (await subject.handles(3)) as [Coordinator, Coordinator, Coordinator];
    const first = await a.keys.lock();
    expect(first.waited).toBe(false);
    const second = b.keys.lock();
    expect(await pendingAfter(second, 250)).toBe(true);
    await first.release();
    const lock = await second;
    expect(lock.waited).toBe(true);
    // A waiter that gives up leaves the line; the next one gets the lock when it frees.
    const controller = new AbortController();
    const abandoned = c.keys.lock(controller.signal);
    expect(await pendingAfter(abandoned, 100)).toBe(true);
    controller.abort();
    await expect(abandoned).rejects.toMatchObject({ name: 'AbortError' });
    const third = a.keys.lock();
    expect(await pendingAfter(third, 100)).toBe(true);
    await lock.release();
    await lock.release(); // twice is harmless
    await (await third).release();
    const free = await c.keys.lock();
    expect(free.waited).toBe(false);
    await free.release();
  });

  it('publishes a rotation to every handle, counting generations', async () => {
    const [a, b] = (await subject.handles(2)) as [Coordinator, Coordinator];
    await b.readCredits();
    const before = b.keys.generation;
    expect(await b.keys.rotationOf(PENDING.oldKey)).toBeUndefined();
    await a.keys.publish(PENDING.oldKey, ANSWER);
    expect(a.keys.generation).toBe(before + 1);
    expect(await b.keys.rotationOf(PENDING.oldKey)).toEqual(ANSWER);
    // Any operation brings the new generation to the other handle.
    expect(b.keys.generation).toBe(before + 1);
    expect(await b.keys.rotationOf('svc_live_AnotherKeyAnotherKeyAnotherKey12')).toBeUndefined();
    await b.keys.publish('svc_live_NewKeyNewKeyNewKeyNewKeyNewKey1234', { ...ANSWER, text: '{}' });
    await a.readCredits();
    expect(a.keys.generation).toBe(before + 2);
  });

  it('keeps a pending rotation where every handle can resume it', async () => {
    const [a, b] = (await subject.handles(2)) as [Coordinator, Coordinator];
    expect(await a.keys.store.load()).toBeUndefined();
    await a.keys.store.save(PENDING);
    expect(await b.keys.store.load()).toEqual(PENDING);
    await b.keys.store.save({ ...PENDING, startedAt: '2026-11-21T15:01:00.000Z' });
    expect(await a.keys.store.load()).toEqual({ ...PENDING, startedAt: '2026-11-21T15:01:00.000Z' });
    await b.keys.store.clear();
    expect(await a.keys.store.load()).toBeUndefined();
  });
}
