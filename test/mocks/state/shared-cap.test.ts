import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AccountStore } from '../../../mocks/service/state/accounts';
import { BoundedLog, SharedCap } from '../../../mocks/service/state/bounded';
import { FAILURE_DETAIL_BOUNDS, HealthLog } from '../../../mocks/service/state/health-log';
import { CHARGE_BOUNDS, isExhausted } from '../../../mocks/service/state/meter';
import { DEFAULT_STORE_BOUNDS } from '../../../mocks/service/state/store-bounds';

const { failures: FAILURE_DETAILS_IN_ALL, charges: CHARGES_IN_ALL } = DEFAULT_STORE_BOUNDS;

/** Logs kept per account are bounded across accounts too (issue 34, item 2: every log bounded, whatever the number of accounts). */

const T0 = Date.parse('2026-11-21T15:00:00Z');
const FOREVER = Number.MAX_SAFE_INTEGER;

describe('SharedCap', () => {
  it('drops the oldest entry of all the logs once they hold more than the bound together', () => {
    const cap = new SharedCap(4);
    const a = new BoundedLog<{ at: number }>({ maxAgeMs: FOREVER, maxCount: 100 }, (e) => e.at, cap);
    const b = new BoundedLog<{ at: number }>({ maxAgeMs: FOREVER, maxCount: 100 }, (e) => e.at, cap);
    a.push({ at: 1 }, 1);
    b.push({ at: 2 }, 2);
    a.push({ at: 3 }, 3);
    b.push({ at: 4 }, 4);
    b.push({ at: 5 }, 5); // a's 1 goes
    b.push({ at: 6 }, 6); // then b's 2
    expect(a.toArray()).toEqual([{ at: 3 }]);
    expect(b.toArray()).toEqual([{ at: 4 }, { at: 5 }, { at: 6 }]);
    expect(cap.total).toBe(4);
  });

  it("passes over entries a log dropped by its own bounds: another log's entries stay", () => {
    const cap = new SharedCap(10);
    const busy = new BoundedLog<{ at: number }>({ maxAgeMs: FOREVER, maxCount: 3 }, (e) => e.at, cap);
    const quiet = new BoundedLog<{ at: number }>({ maxAgeMs: FOREVER, maxCount: 100 }, (e) => e.at, cap);
    for (let at = 0; at < 5; at++) quiet.push({ at }, at);
    // Thousands of entries through a log of 3: the line passes over each of them, never over quiet's.
    for (let at = 5; at < 5_000; at++) busy.push({ at }, at);
    expect(quiet.length).toBe(5);
    expect(busy.toArray().map((e) => e.at)).toEqual([4_997, 4_998, 4_999]);
    expect(cap.total).toBe(8);
  });

  it('keeps, whatever the pushes, exactly the newest entries of all within every bound (model: one list of all entries)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })), { maxLength: 300 }),
        (maxCount, pushes) => {
          const cap = new SharedCap(maxCount);
          // Each log has its own count bound (1 to 4) and an age bound of 50 time units.
          const logs = [1, 2, 3, 4].map(
            (own) => new BoundedLog<{ at: number; log: number }>({ maxAgeMs: 50, maxCount: own }, (e) => e.at, cap),
          );
          const model: { at: number; log: number }[] = [];
          pushes.forEach(([log, step], i) => {
            const at = i * 4 + step; // later pushes, later times
            logs[log]!.push({ at, log }, at);
            model.push({ at, log });
            // The model: a log keeps its newest within its own count and age; then all keep their newest `maxCount`.
            const ownKept = model.filter((e) => e.log === log);
            const ownDrops = ownKept.filter((e) => e.at < at - 50).concat(ownKept.slice(0, Math.max(0, ownKept.length - (log + 1))));
            for (const drop of ownDrops) model.splice(model.indexOf(drop), 1);
            while (model.length > maxCount) model.shift();
          });
          const kept = logs.flatMap((l) => l.toArray());
          expect(kept.sort((x, y) => x.at - y.at)).toEqual(model);
          expect(cap.total).toBe(model.length);
        },
      ),
    );
  });
});

describe('the stores that keep a log per account', () => {
  it(`request health: at most ${FAILURE_DETAIL_BOUNDS.maxCount} failure details per account and ${FAILURE_DETAILS_IN_ALL} across accounts, the oldest of all going first`, () => {
    const log = new HealthLog();
    const accounts = Math.ceil(FAILURE_DETAILS_IN_ALL / FAILURE_DETAIL_BOUNDS.maxCount) + 2;
    const perAccount = FAILURE_DETAIL_BOUNDS.maxCount;
    let n = 0;
    for (let a = 0; a < accounts; a++) {
      for (let i = 0; i < perAccount; i++) {
        log.record({
          requestId: `req_${n++}`,
          accountId: `acct_${a}`,
          keyId: 'key',
          endpoint: '/v1/events/{event_id}/odds',
          status: 404,
          errorCode: 'not_found',
          chargedCredits: 0,
          metered: true,
          latencyMs: 1,
          occurredAt: T0 + n,
        });
      }
    }
    const kept = Array.from({ length: accounts }, (_, a) => log.failures(`acct_${a}`, 0).length);
    expect(kept.reduce((sum, k) => sum + k, 0)).toBe(FAILURE_DETAILS_IN_ALL);
    // The first accounts' details, the oldest of all, went first; the last ones keep their whole bound.
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(perAccount);
    // Day tallies stay exact for every account.
    expect(log.days('acct_0', 0)[0]?.failed).toBe(perAccount);
  });

  it(`the ledger: at most ${CHARGE_BOUNDS.maxCount} charges per account and ${CHARGES_IN_ALL} across accounts, totals exact`, () => {
    const store = new AccountStore();
    const plan = { slug: 'big', name: 'Big', periodCredits: 1e12, periodDays: 30, dailyCredits: 1e12, rateLimitRps: 1e9 };
    const accounts = Array.from({ length: Math.ceil(CHARGES_IN_ALL / CHARGE_BOUNDS.maxCount) + 2 }, (_, a) =>
      store.add({ id: `acct_${a}`, email: `a${a}@example.test`, status: 'active', plan, createdAt: T0, recoveryVerified: false }),
    );
    let n = 0;
    for (const account of accounts) {
      for (let i = 0; i < CHARGE_BOUNDS.maxCount; i++) {
        const reservation = account.meter.reserve(1, T0);
        if (isExhausted(reservation)) throw new Error('the plan ran out: pick a larger one');
        account.meter.settle(reservation, { requestId: `req_${n++}`, routeId: 'events.odds', keyId: 'key', cost: 1, at: T0 });
      }
    }
    const kept = accounts.map((a) => a.meter.charges.length);
    expect(kept.reduce((sum, k) => sum + k, 0)).toBe(CHARGES_IN_ALL);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(CHARGE_BOUNDS.maxCount);
    expect(accounts[0]!.meter.charged).toBe(CHARGE_BOUNDS.maxCount);
  });
});
