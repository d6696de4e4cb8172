import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  BudgetExceededError,
  ConnectionError,
  InvalidParametersError,
  NotFoundError,
  ResponseValidationError,
  SportsOdds,
  SportsOddsError,
  TimeoutError,
} from '../../src';
import { CreditLedger } from '../../src/core/coordination/budget';
import { AnswerHead, buildMeta } from '../../src/core/answer/received';
import type { CreditSource, WindowState } from '../../src/core/types';
import { until } from '../helpers/gate';
import { type FakeAnswer, fakeClient, fakeFetch, rejection, TEST_KEY } from './fake-fetch';

const setup = fakeClient;

const ok: FakeAnswer = { body: [], headers: { 'x-credits-cost': '1' } };

/** A fetch that never answers on its own: it settles only when the signal `init` carries aborts. */
function hangingFetch() {
  const signals: AbortSignal[] = [];
  const fetch = (_input: unknown, init?: RequestInit) =>
    new Promise<Response>((_, reject) => {
      const signal = init?.signal;
      if (!signal) return;
      signals.push(signal);
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  return { fetch, signals };
}

describe('the first attempt, before any retry machinery', () => {
  it('retries its failure under the same policy: the Retry-After wait, then attempt 2', async () => {
    const { odds, fake, time, retries } = setup([{ status: 503, headers: { 'retry-after': '3' } }, ok]);
    const { meta } = await odds.catalog.sports().withMeta();
    expect(fake.seen).toHaveLength(2);
    expect(time.sleeps).toEqual([3000]);
    expect(retries.map((r) => [r.attempt, r.delayMs])).toEqual([[1, 3000]]);
    expect(meta.attempts).toBe(2);
  });

  it('keeps retrying past the first retry until maxRetries, with the backoff of each attempt', async () => {
    const { odds, fake, time, retries } = setup([{ status: 500 }, { drop: true }, { status: 502 }, ok], { maxRetries: 3 });
    await odds.catalog.sports();
    expect(fake.seen).toHaveLength(4);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3]);
    expect(time.sleeps).toEqual([250, 500, 1000]);
  });

  it('throws what cannot be retried as it came, with no wait', async () => {
    const { odds, fake, time, retries } = setup([{ status: 404 }, ok]);
    await expect(odds.catalog.sports()).rejects.toBeInstanceOf(NotFoundError);
    const none = setup([{ status: 503 }, ok], { maxRetries: 0 });
    await expect(none.odds.catalog.sports()).rejects.toMatchObject({ status: 503 });
    expect([fake.seen.length, none.fake.seen.length, time.sleeps, none.time.sleeps, retries]).toEqual([1, 1, [], [], []]);
  });

  it('refuses a call whose own maxRetries is not a count, sending nothing', async () => {
    const { odds, fake } = setup([ok]);
    for (const maxRetries of [-1, 1.5, Number.NaN]) {
      const error = await rejection(odds.catalog.sports({ maxRetries }));
      expect(error).toBeInstanceOf(SportsOddsError);
      expect((error as Error).message).toMatch(/^maxRetries must be a non-negative integer/);
    }
    expect(fake.seen).toHaveLength(0);
  });
});

describe('one timer per attempt', () => {
  it('aborts the signal a custom fetch is given, at the attempt timeout', async () => {
    const hanging = hangingFetch();
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.sports-odds.test',
      fetch: hanging.fetch,
      timeout: 20,
      maxRetries: 0,
      logLevel: 'off',
    });
    const error = await rejection<TimeoutError>(odds.catalog.sports());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.deadline).toBe(false);
    expect(hanging.signals).toHaveLength(1);
    expect(hanging.signals[0]?.aborted).toBe(true);
  });

  it("aborts it with the caller's signal, as AbortError", async () => {
    const hanging = hangingFetch();
    const odds = new SportsOdds({ apiKey: TEST_KEY, baseUrl: 'https://api.sports-odds.test', fetch: hanging.fetch, logLevel: 'off' });
    const controller = new AbortController();
    const call = odds.catalog.sports({ signal: controller.signal });
    await until(() => hanging.signals.length > 0);
    expect(hanging.signals).toHaveLength(1);
    controller.abort();
    expect(await rejection(call)).toBeInstanceOf(AbortError);
    expect(hanging.signals[0]?.aborted).toBe(true);
  });

  it('bounds the wait for the answer and the body read together, by the one budget of the attempt', async () => {
    // The answer comes at once; its body stalls: the attempt still ends within its timeout, as a TimeoutError.
    let bodyCancelled = false;
    const odds = new SportsOdds({
      apiKey: TEST_KEY,
      baseUrl: 'https://api.sports-odds.test',
      timeout: 25,
      maxRetries: 0,
      logLevel: 'off',
      fetch: async (_input, init) => {
        const stream = new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('[{"sport_id":'));
            init?.signal?.addEventListener('abort', () => {
              bodyCancelled = true;
              controller.error(init.signal?.reason);
            });
          },
        });
        return new Response(stream, { status: 200 });
      },
    });
    expect(await rejection(odds.catalog.sports())).toBeInstanceOf(TimeoutError);
    expect(bodyCancelled).toBe(true);
  });
});

describe('a request ky refuses before any fetch', () => {
  it('fails the attempt at once (its timer cleared), as a failure without an answer', async () => {
    const { odds, fake } = setup([ok], { maxRetries: 0, timeout: 60_000 });
    const error = await rejection(odds.catalog.sports({ headers: { 'x-note': 'line\nbreak' } }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(fake.seen).toHaveLength(0);
  });
});

describe('metadata read when asked for', () => {
  const headers = {
    'x-credits-cost': '2',
    'x-credits-daily-remaining': '90',
    'x-credits-daily-reset': '2026-11-22T00:00:00Z',
    'x-result-rows': '0',
    'x-request-id': 'req_abc',
    'x-cache': 'MISS',
  };

  it('gives withMeta() every header of docs/service.md (Response headers), after the data was read, and the ledger its cost', async () => {
    const { odds, time } = setup([{ body: [], headers }]);
    const call = odds.catalog.sports();
    expect(await call).toEqual([]);
    const { meta } = await call.withMeta();
    expect(meta).toEqual({ ...buildMeta(new Headers(headers), 200, 1, time.now()), status: 200, attempts: 1 });
    expect(meta).toMatchObject({ requestId: 'req_abc', cache: 'MISS', resultRows: 0, credits: { cost: 2, dailyRemaining: 90 } });
    expect(odds.credits).toMatchObject({ spent: 2, daily: { remaining: 90 } });
  });

  it('still gives a refused body its metadata (the issues named by zod, loaded then)', async () => {
    const { odds } = setup([{ body: [{ sport_id: 'one' }], headers }]);
    const error = await rejection<ResponseValidationError>(odds.catalog.sports());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.meta).toMatchObject({ status: 200, requestId: 'req_abc', credits: { cost: 2 } });
    expect(error.issues[0]?.path).toEqual([0, 'sport_id']);
    const raw = await setup([{ body: [{ sport_id: 'one' }], headers }])
      .odds.catalog.sports()
      .asResponse();
    expect(raw.status).toBe(200);
  });

  it('refuses a wrong parameter locally, with every issue named, sending nothing', async () => {
    const { odds, fake } = setup([ok]);
    const error = await rejection<InvalidParametersError>(odds.events.list({ limit: 0 }));
    expect(error).toBeInstanceOf(InvalidParametersError);
    expect(error.message).toMatch(/limit/);
    expect(fake.seen).toHaveLength(0);
  });
});

/** The windows as merged answer after answer (what the ledger did before it read them lazily). */
function mergedInOrder(answers: Record<string, string>[]): { period: WindowState; daily: WindowState } {
  const merged = { period: {} as WindowState, daily: {} as WindowState };
  for (const h of answers) {
    const c = buildMeta(new Headers(h), 200, 1, 0).credits;
    if (c.cost === undefined) continue;
    const set = (w: WindowState, limit?: number, remaining?: number, reset?: Date) => ({
      ...w,
      ...(limit === undefined ? {} : { limit }),
      ...(remaining === undefined ? {} : { remaining }),
      ...(reset === undefined ? {} : { reset }),
    });
    merged.period = set(merged.period, c.periodLimit, c.periodRemaining, c.periodReset);
    merged.daily = set(merged.daily, c.dailyLimit, c.dailyRemaining, c.dailyReset);
  }
  return merged;
}

describe('the credit ledger, reading windows when it is read', () => {
  const header = fc.option(fc.nat({ max: 100_000 }), { nil: undefined });
  const reset = fc.option(fc.constantFrom('2026-11-22T00:00:00Z', '2026-12-01T00:00:00Z', 'not a date'), { nil: undefined });
  const answer = fc
    .record({
      'x-credits-cost': fc.option(fc.nat({ max: 50 }), { nil: undefined }),
      'x-credits-period-limit': header,
      'x-credits-limit': header,
      'x-credits-period-remaining': header,
      'x-credits-period-reset': reset,
      'x-credits-daily-limit': header,
      'x-credits-daily-remaining': header,
      'x-credits-daily-reset': reset,
    })
    .map((h) =>
      Object.fromEntries(
        Object.entries(h)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      ),
    );

  it('holds what merging every answer in order gives, whenever it is read, across many answers', () => {
    fc.assert(
      fc.property(fc.array(answer, { maxLength: 80 }), fc.array(fc.nat({ max: 80 }), { maxLength: 5 }), (answers, readsAt) => {
        const ledger = new CreditLedger();
        answers.forEach((h, i) => {
          const source: CreditSource = new AnswerHead(new Headers(h), 200, 1, 0);
          ledger.record(source, i);
          if (readsAt.includes(i)) {
            const snap = ledger.snapshot();
            const expected = mergedInOrder(answers.slice(0, i + 1));
            expect([snap.period, snap.daily]).toEqual([expected.period, expected.daily]);
          }
        });
        const snap = ledger.snapshot();
        const expected = mergedInOrder(answers);
        expect([snap.period, snap.daily]).toEqual([expected.period, expected.daily]);
        expect(snap.spent).toBe(answers.reduce((sum, h) => sum + Number(h['x-credits-cost'] ?? 0), 0));
        expect(snap.meteredCalls).toBe(answers.filter((h) => h['x-credits-cost'] !== undefined).length);
      }),
      { numRuns: 200 },
    );
  });

  it('judges a floor on the windows of the answers not read yet', () => {
    const ledger = new CreditLedger({ dailyFloor: 10 });
    for (let i = 0; i < 5; i++) {
      ledger.record(
        new AnswerHead(new Headers({ 'x-credits-cost': '1', 'x-credits-daily-remaining': String(100 - i * 22) }), 200, 1, 0),
        i,
      );
    }
    // The last answer left 12: above the floor of 10, room for 2.
    expect(() => ledger.admit(3, () => 0)).toThrow(BudgetExceededError);
    ledger.admit(2, () => 0);
    expect(ledger.snapshot()).toMatchObject({ reserved: 2, daily: { remaining: 12 } });
  });
});

describe('a client and the clients derived from it', () => {
  it('send the key of the moment on every attempt (the header set is rebuilt when the key changes)', async () => {
    let key = TEST_KEY;
    const fake = fakeFetch([ok]);
    const odds = new SportsOdds({
      apiKey: () => key,
      baseUrl: 'https://api.sports-odds.test',
      fetch: fake.fetch,
      logLevel: 'off',
      cache: false,
    });
    const derived = odds.withOptions({ defaultHeaders: { 'x-team': 'a' } });
    await odds.catalog.sports();
    key = `svc_live_${'Qq8'.repeat(10)}Qq`;
    await derived.catalog.sports();
    await odds.catalog.sports();
    expect(fake.seen.map((s) => s.authorization)).toEqual([`Bearer ${TEST_KEY}`, `Bearer ${key}`, `Bearer ${key}`]);
  });
});
