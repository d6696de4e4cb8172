import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createFixtures, fixtures, type Fixtures } from '../../mocks';
import { routeList, type RouteId } from '../../src/schemas';

type FactoryName = Exclude<keyof Fixtures, 'reset'>;

/** The fixture of each route's success answers (the element for an array answer). */
const FIXTURE_OF: Record<RouteId, FactoryName[]> = {
  'catalog.sports': ['sport'],
  'catalog.leagues': ['league'],
  'catalog.periods': ['periodDefinition'],
  'events.list': ['event'],
  'events.odds': ['oddsSnapshot'],
  'events.openingLines': ['openingLine'],
  'events.closingLines': ['closingLine'],
  'events.results': ['result'],
  'events.props': ['specialMarket'],
  'props.odds': ['specialOddsSnapshot'],
  'outrights.list': ['outright'],
  'analytics.clv': ['closingLineValue'],
  'account.get': ['account'],
  'account.usage': ['usage'],
  'account.requestHealth': ['requestHealthReport'],
  'keys.list': ['apiKey'],
  'keys.create': ['apiKeyCreated'],
  'keys.revoke': ['apiKey'],
  'keys.rotate': ['keyRotationSuccess'],
  'recoveryEmail.resend': ['recoveryEmailVerificationAccepted'],
  'billing.portal': ['billingPortal'],
  'checkout.intent': ['checkoutIntentResponse'],
  'checkout.claim': ['claimSuccess', 'claimPending'],
  'recovery.request': ['accountRecoveryAccepted'],
  'recovery.claim': ['accountRecoverySuccess'],
  'recoveryEmail.verify': ['recoveryEmailVerificationSuccess'],
};

const isArraySchema = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'array';

describe('fixtures: schema-valid rows and records for unit tests that need no service', () => {
  it('cover every success answer of every route of the route table, and each parses with its route schema', () => {
    const f = createFixtures({ seed: 1 });
    for (const route of routeList) {
      const names = FIXTURE_OF[route.id as RouteId];
      expect(names, `no fixture for ${route.id}`).toBeDefined();
      const schemas = Object.values(route.responses) as z.ZodMiniType[];
      for (const schema of schemas) {
        const fits = names.some((name) => {
          const made = f[name]();
          return z.safeParse(schema, isArraySchema(schema) ? [made, f[name]()] : made).success;
        });
        expect(fits, `${route.id}: none of ${names.join(', ')} parses with its response schema`).toBe(true);
      }
    }
  });

  it('apply overrides over the defaults and keep fair prices consistent with overridden prices', () => {
    const f = createFixtures();
    const row = f.oddsSnapshot({ market: 'moneyline', odds1: 2.1, odds0: null, odds2: 1.8, event_id: 42 });
    expect(row).toMatchObject({ market: 'moneyline', odds1: 2.1, odds0: null, odds2: 1.8, event_id: 42, line: null });
    const book = 1 / 2.1 + 1 / 1.8;
    expect(row.todds1).toBeCloseTo(2.1 * book, 12);
    expect(row.todds2).toBeCloseTo(1.8 * book, 12);
    expect(1 / row.todds1! + 1 / row.todds2!).toBeCloseTo(1, 12);
    expect(f.oddsSnapshot({ odds1: 2.1, odds2: 1.8, todds1: 2.2 }).todds1).toBe(2.2);
    const spread = f.closingLine({ market: 'spread' });
    expect(typeof spread.line).toBe('number');
    expect(spread.odds0).toBeNull();
  });

  it('throw at once on a fixture that breaks its schema, naming the factory and the field', () => {
    expect(() => fixtures.oddsSnapshot({ odds1: '2.1' as never })).toThrow(/^fixtures\.oddsSnapshot: odds1: /);
    expect(() => fixtures.apiKey({ prefix: 'svc_live_toolong' })).toThrow(/^fixtures\.apiKey: prefix: /);
    expect(() => fixtures.account({ email: 'not-an-email' })).toThrow(/^fixtures\.account: email: /);
  });

  it('are deterministic by seed: the same seed repeats the sequence, another seed differs, reset() restarts it', () => {
    const a = createFixtures({ seed: 7 });
    const b = createFixtures({ seed: 7 });
    const first = [a.event(), a.event(), a.oddsSnapshot(), a.account()];
    expect([b.event(), b.event(), b.oddsSnapshot(), b.account()]).toEqual(first);
    expect(createFixtures({ seed: 8 }).event()).not.toEqual(first[0]);
    expect(first[0]).not.toEqual(first[1]);
    a.reset();
    expect(a.event()).toEqual(first[0]);
  });

  it('make records whose figures agree: quota windows, key prefixes, report summaries', () => {
    const f = createFixtures({ seed: 3 });
    const { quota } = f.account();
    for (const w of [quota.billing_period, quota.daily]) {
      expect(w.committed).toBe(w.used + w.in_flight);
      expect(w.remaining).toBe(w.limit - w.committed);
    }
    const created = f.apiKeyCreated();
    expect(created.api_key.startsWith(created.prefix)).toBe(true);
    const report = f.requestHealthReport();
    expect(report.summary.requests).toBe(report.daily.reduce((s, d) => s + d.requests, 0));
    const usage = f.usage({ days: 30 });
    expect(usage.series).toHaveLength(30);
  });

  it('timestamps depend on the chosen now, never on the real clock', () => {
    const f = createFixtures({ now: '2030-01-01T00:00:00Z' });
    expect(Date.parse(f.event().starts!)).toBeGreaterThan(Date.parse('2030-01-01T00:00:00Z'));
    expect(() => createFixtures({ now: 'soon' })).toThrow(RangeError);
  });
});
