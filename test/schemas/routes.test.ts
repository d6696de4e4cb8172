import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  Account,
  ApiKey,
  ApiKeyCreated,
  ApiKeyList,
  BillingPortal,
  CheckoutIntentRequest,
  CheckoutIntentResponse,
  ClaimPending,
  ClaimRequest,
  ClaimSuccess,
  ClosingLine,
  ClosingLineValue,
  ClvQuery,
  CreateKeyRequest,
  DaysQuery,
  EmptyBody,
  Event,
  EventsQuery,
  expandPath,
  KeyRotationSuccess,
  League,
  NoQuery,
  OddsQuery,
  OddsSnapshot,
  OpeningLine,
  Outright,
  OutrightsQuery,
  pathParamNames,
  PeriodDefinition,
  PropOddsQuery,
  RequestHealthQuery,
  RequestHealthReport,
  Result,
  routeList,
  routes,
  SpecialMarket,
  SpecialOddsSnapshot,
  Sport,
  SportQuery,
  Usage,
  AccountRecoveryAccepted,
  AccountRecoveryClaimRequest,
  AccountRecoveryRequest,
  AccountRecoverySuccess,
  RecoveryEmailVerificationAccepted,
  RecoveryEmailVerificationRequest,
  RecoveryEmailVerificationSuccess,
  type RouteDef,
} from '../../src/schemas';
import { expectFail, expectOk, token } from './fixtures';

const DATA_ROUTES = [
  'GET /v1/catalog/sports',
  'GET /v1/catalog/leagues',
  'GET /v1/catalog/periods',
  'GET /v1/events',
  'GET /v1/events/{event_id}/odds',
  'GET /v1/events/{event_id}/lines/opening',
  'GET /v1/events/{event_id}/lines/closing',
  'GET /v1/events/{event_id}/results',
  'GET /v1/events/{event_id}/props',
  'GET /v1/props/{prop_id}/odds',
  'GET /v1/outrights',
  'GET /v1/analytics/clv',
];
const ACCOUNT_ROUTES = [
  'GET /v1/account',
  'GET /v1/account/usage',
  'GET /v1/account/request-health',
  'GET /v1/account/keys',
  'POST /v1/account/keys',
  'POST /v1/account/keys/{id}/revoke',
  'POST /v1/account/keys/rotate',
  'POST /v1/account/recovery-email/verification/resend',
  'POST /v1/account/billing-portal',
];
const CREDENTIAL_ROUTES = [
  'POST /v1/checkout/intents',
  'POST /v1/checkout/claims',
  'POST /v1/recovery/requests',
  'POST /v1/recovery/claims',
  'POST /v1/recovery-email/verifications',
];

const op = (route: RouteDef) => `${route.method} ${route.path}`;
const opsWhere = (predicate: (route: RouteDef) => boolean) => new Set(routeList.filter(predicate).map(op));
const byOp = (operation: string): RouteDef => {
  const route = routeList.find((r) => op(r) === operation);
  if (route === undefined) throw new Error(`no route ${operation}`);
  return route;
};
const metering = (route: RouteDef) => {
  if (route.metering === undefined) throw new Error(`${route.id} is not metered`);
  return route.metering;
};
const shapeKeys = (schema: z.ZodMiniType) => Object.keys((schema as unknown as z.ZodMiniObject).shape).sort();
const SINCE = '2026-11-20T00:00:00Z';

describe('route table: operations', () => {
  it('holds exactly the 12 data routes, the account routes and the five credential operations', () => {
    expect(new Set(routeList.map(op))).toEqual(new Set([...DATA_ROUTES, ...ACCOUNT_ROUTES, ...CREDENTIAL_ROUTES]));
    expect(routeList).toHaveLength(DATA_ROUTES.length + ACCOUNT_ROUTES.length + CREDENTIAL_ROUTES.length);
  });

  it('every operation is unique', () => {
    expect(new Set(routeList.map(op)).size).toBe(routeList.length);
  });

  it('ids are unique and equal their keys; routeList is the table in order', () => {
    for (const [key, route] of Object.entries(routes)) expect(route.id).toBe(key);
    expect(new Set(routeList.map((r) => r.id)).size).toBe(routeList.length);
    expect(routeList).toEqual(Object.values(routes));
    for (const route of routeList) expect(route.id).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
  });

  it('every path starts with /v1/', () => {
    for (const route of routeList) expect(route.path).toMatch(/^\/v1\//);
  });

  it('data routes are GET; every account and credential mutation is POST', () => {
    for (const operation of DATA_ROUTES) expect(byOp(operation).method).toBe('GET');
    expect(opsWhere((r) => r.method === 'POST')).toEqual(
      new Set([...ACCOUNT_ROUTES.filter((o) => o.startsWith('POST')), ...CREDENTIAL_ROUTES]),
    );
  });

  it('every route has a summary for the docs', () => {
    for (const route of routeList) expect(route.summary.length).toBeGreaterThan(3);
  });
});

describe('route table: authentication', () => {
  it('data routes need data:read', () => {
    expect(opsWhere((r) => r.auth.kind === 'bearer' && r.auth.scope === 'data:read')).toEqual(new Set(DATA_ROUTES));
  });

  it('account routes need account:manage', () => {
    expect(opsWhere((r) => r.auth.kind === 'bearer' && r.auth.scope === 'account:manage')).toEqual(new Set(ACCOUNT_ROUTES));
  });

  it('credential operations take no bearer key', () => {
    expect(opsWhere((r) => r.auth.kind === 'none')).toEqual(new Set(CREDENTIAL_ROUTES));
  });

  it('only checkout intent and claim accept the cookie', () => {
    expect(opsWhere((r) => r.auth.kind === 'none' && r.auth.cookie)).toEqual(
      new Set(['POST /v1/checkout/intents', 'POST /v1/checkout/claims']),
    );
    for (const operation of ['POST /v1/recovery/requests', 'POST /v1/recovery/claims', 'POST /v1/recovery-email/verifications']) {
      expect(byOp(operation).auth).toEqual({ kind: 'none', cookie: false });
    }
  });
});

describe('route table: registration and statuses', () => {
  it('the billing portal is not registered; every other route is', () => {
    expect(opsWhere((r) => !r.registered)).toEqual(new Set(['POST /v1/account/billing-portal']));
  });

  it('success statuses per docs/service.md, Data routes', () => {
    const statuses = Object.fromEntries(routeList.map((r) => [r.id, Object.keys(r.responses).map(Number).sort()]));
    const expected: Record<string, number[]> = Object.fromEntries(routeList.map((r) => [r.id, [200]]));
    expected['keys.create'] = [201];
    expected['recovery.request'] = [202];
    expected['recoveryEmail.resend'] = [202];
    expected['checkout.claim'] = [200, 202];
    expect(statuses).toEqual(expected);
  });

  it('response schemas of the account and credential operations', () => {
    expect(routes['account.get'].responses[200]).toBe(Account);
    expect(routes['account.usage'].responses[200]).toBe(Usage);
    expect(routes['account.requestHealth'].responses[200]).toBe(RequestHealthReport);
    expect(routes['keys.list'].responses[200]).toBe(ApiKeyList);
    expect(routes['keys.create'].responses[201]).toBe(ApiKeyCreated);
    expect(routes['keys.revoke'].responses[200]).toBe(ApiKey);
    expect(routes['keys.rotate'].responses[200]).toBe(KeyRotationSuccess);
    expect(routes['recoveryEmail.resend'].responses[202]).toBe(RecoveryEmailVerificationAccepted);
    expect(routes['billing.portal'].responses[200]).toBe(BillingPortal);
    expect(routes['checkout.intent'].responses[200]).toBe(CheckoutIntentResponse);
    expect(routes['checkout.claim'].responses[200]).toBe(ClaimSuccess);
    expect(routes['checkout.claim'].responses[202]).toBe(ClaimPending);
    expect(routes['recovery.request'].responses[202]).toBe(AccountRecoveryAccepted);
    expect(routes['recovery.claim'].responses[200]).toBe(AccountRecoverySuccess);
    expect(routes['recoveryEmail.verify'].responses[200]).toBe(RecoveryEmailVerificationSuccess);
  });

  it('request bodies', () => {
    expect(routes['keys.create'].body).toBe(CreateKeyRequest);
    expect(routes['recoveryEmail.resend'].body).toBe(EmptyBody);
    expect(routes['checkout.intent'].body).toBe(CheckoutIntentRequest);
    expect(routes['checkout.claim'].body).toBe(ClaimRequest);
    expect(routes['recovery.request'].body).toBe(AccountRecoveryRequest);
    expect(routes['recovery.claim'].body).toBe(AccountRecoveryClaimRequest);
    expect(routes['recoveryEmail.verify'].body).toBe(RecoveryEmailVerificationRequest);
    const withoutBody = routeList
      .filter((r) => r.body === null)
      .map((r) => r.id)
      .sort();
    expect(withoutBody).toEqual(
      [...routeList.filter((r) => r.method === 'GET').map((r) => r.id), 'keys.revoke', 'keys.rotate', 'billing.portal'].sort(),
    );
  });
});

describe('route table: data route answers', () => {
  const rowsOf: Record<string, z.ZodMiniType> = {
    'catalog.sports': Sport,
    'catalog.leagues': League,
    'catalog.periods': PeriodDefinition,
    'events.list': Event,
    'events.odds': OddsSnapshot,
    'events.openingLines': OpeningLine,
    'events.closingLines': ClosingLine,
    'events.results': Result,
    'events.props': SpecialMarket,
    'props.odds': SpecialOddsSnapshot,
    'outrights.list': Outright,
  };

  it('every data route except analytics.clv answers an array of its row', () => {
    for (const [id, row] of Object.entries(rowsOf)) {
      const response = routes[id as keyof typeof routes].responses[200 as never] as z.ZodMiniArray;
      expect(response._zod.def.type, id).toBe('array');
      expect(response._zod.def.element, id).toBe(row);
      expectOk(response, []);
      expectOk(response, [{}]);
      expectFail(response, {});
    }
  });

  it('analytics.clv answers one ClosingLineValue object, not an array', () => {
    const response = routes['analytics.clv'].responses[200];
    expect(response).toBe(ClosingLineValue);
    expectOk(response, { closing_odds: 1.9, true_closing_odds: 1.95, expected_win: 0.5, clv: 0.05 });
    expectFail(response, []);
  });

  it('the 12 data routes are exactly rowsOf plus analytics.clv', () => {
    expect(new Set(DATA_ROUTES.map((o) => byOp(o).id))).toEqual(new Set([...Object.keys(rowsOf), 'analytics.clv']));
  });
});

describe('route table: parameters', () => {
  it('query schemas', () => {
    expect(routes['catalog.sports'].query).toBe(NoQuery);
    expect(routes['catalog.leagues'].query).toBe(SportQuery);
    expect(routes['catalog.periods'].query).toBe(SportQuery);
    expect(routes['events.list'].query).toBe(EventsQuery);
    expect(routes['events.odds'].query).toBe(OddsQuery);
    expect(routes['props.odds'].query).toBe(PropOddsQuery);
    expect(routes['outrights.list'].query).toBe(OutrightsQuery);
    expect(routes['analytics.clv'].query).toBe(ClvQuery);
    expect(routes['account.usage'].query).toBe(DaysQuery);
    expect(routes['account.requestHealth'].query).toBe(RequestHealthQuery);
    for (const id of ['events.openingLines', 'events.closingLines', 'events.results', 'events.props'] as const) {
      expect(routes[id].query).toBe(NoQuery);
    }
  });

  it('every route refuses an unknown query parameter', () => {
    for (const route of routeList) expect(z.safeParse(route.query, { not_a_parameter: '1' }).success, route.id).toBe(false);
  });

  it('leagues and periods require sport_id; outrights takes an optional one', () => {
    expectFail(routes['catalog.leagues'].query, {}, ['sport_id']);
    expectFail(routes['catalog.periods'].query, {}, ['sport_id']);
    expectOk(routes['outrights.list'].query, {});
  });

  it("the params schema's keys are the path template's placeholders", () => {
    for (const route of routeList) {
      expect(shapeKeys(route.params), route.id).toEqual(pathParamNames(route.path).sort());
    }
  });

  it('path parameters decode from their wire strings', () => {
    expect(z.decode(routes['events.odds'].params, { event_id: '1612345678' })).toEqual({ event_id: 1_612_345_678 });
    expect(z.decode(routes['props.odds'].params, { prop_id: '77' })).toEqual({ prop_id: 77 });
    for (const bad of ['0', '-1', '1.5', '01', 'abc']) expectFail(routes['events.results'].params, { event_id: bad }, ['event_id']);
    const keyId = `key_${'ab'.repeat(16)}`;
    expect(z.decode(routes['keys.revoke'].params, { id: keyId })).toEqual({ id: keyId });
    expectFail(routes['keys.revoke'].params, { id: keyId.toUpperCase() }, ['id']);
  });

  it('rotation requires the Idempotency-Key header; no other route declares headers', () => {
    const headers = routes['keys.rotate'].headers;
    if (headers === undefined) expect.fail('keys.rotate declares no headers');
    const header = headers['idempotency-key'];
    if (header === undefined) expect.fail('keys.rotate does not require idempotency-key');
    expectOk(header, token('rot_', 'Q'));
    expectFail(header, token('rot_', 'B'));
    expectFail(header, token('clm_', 'Q'));
    expect(opsWhere((r) => r.headers !== undefined)).toEqual(new Set(['POST /v1/account/keys/rotate']));
    expect(Object.keys(headers)).toEqual(['idempotency-key']);
  });
});

describe('route table: metering', () => {
  it('exactly the 12 data routes are metered', () => {
    expect(opsWhere((r) => r.metering !== undefined)).toEqual(new Set(DATA_ROUTES));
  });

  it('cacheable: exactly the three catalog routes, props and outrights', () => {
    expect(opsWhere((r) => r.metering?.cacheable === true)).toEqual(
      new Set([
        'GET /v1/catalog/sports',
        'GET /v1/catalog/leagues',
        'GET /v1/catalog/periods',
        'GET /v1/events/{event_id}/props',
        'GET /v1/outrights',
      ]),
    );
  });

  const ordinary = DATA_ROUTES.filter((o) => o !== 'GET /v1/events');

  it('ordinary routes: row cap 500, envelope 25', () => {
    for (const operation of ordinary) {
      const m = metering(byOp(operation));
      expect(m.rowCap({}), operation).toBe(500);
      expect(m.envelope({}), operation).toBe(25);
      expect(m.rowCap({ full_history: false }), operation).toBe(500);
    }
  });

  it('history (full_history or since): row cap 5000, envelope 250', () => {
    for (const operation of ordinary) {
      const m = metering(byOp(operation));
      expect(m.rowCap({ full_history: true }), operation).toBe(5000);
      expect(m.envelope({ full_history: true }), operation).toBe(250);
      expect(m.rowCap({ since: SINCE }), operation).toBe(5000);
      expect(m.envelope({ since: SINCE }), operation).toBe(250);
    }
  });

  it('history caps apply to decoded odds queries', () => {
    const m = metering(routes['events.odds']);
    const q = routes['events.odds'].query;
    expect(m.rowCap(z.decode(q, {}))).toBe(500);
    expect(m.rowCap(z.decode(q, { full_history: '1' }))).toBe(5000);
    expect(m.rowCap(z.decode(q, { full_history: '0' }))).toBe(500);
    expect(m.rowCap(z.decode(q, { since: SINCE }))).toBe(5000);
    expect(m.envelope(z.decode(q, { since: SINCE, full_history: '1' }))).toBe(250);
    const p = metering(routes['props.odds']);
    expect(p.rowCap(z.decode(routes['props.odds'].query, { full_history: 'true' }))).toBe(5000);
  });

  it('events: the row cap is limit, default 100', () => {
    const m = metering(routes['events.list']);
    expect(m.rowCap({})).toBe(100);
    expect(m.rowCap({ limit: 1 })).toBe(1);
    expect(m.rowCap({ limit: 250 })).toBe(250);
    expect(m.rowCap({ limit: 500 })).toBe(500);
    expect(m.rowCap(z.decode(routes['events.list'].query, { limit: '37' }))).toBe(37);
  });

  it('events: an ordinary page reserves ceil(limit / 20)', () => {
    const m = metering(routes['events.list']);
    expect(m.envelope({})).toBe(5);
    expect(m.envelope({ limit: 1 })).toBe(1);
    expect(m.envelope({ limit: 21 })).toBe(2);
    expect(m.envelope({ limit: 500 })).toBe(25);
    expect(m.envelope({ live: false, limit: 100 })).toBe(5);
  });

  it('events: a live page reserves max(ceil(limit / 20), ceil(min(512, max(4, 2 x limit)) / 20))', () => {
    const m = metering(routes['events.list']);
    expect(m.envelope({ live: true, limit: 100 })).toBe(10);
    expect(m.envelope({ live: true })).toBe(10);
    expect(m.envelope({ live: true, limit: 1 })).toBe(1);
    expect(m.envelope({ live: true, limit: 300 })).toBe(26);
    expect(m.envelope({ live: true, limit: 500 })).toBe(26);
    expect(m.envelope(z.decode(routes['events.list'].query, { live: '1', limit: '100' }))).toBe(10);
  });
});

describe('expandPath and pathParamNames', () => {
  it('fills placeholders with encoded values', () => {
    expect(expandPath('/v1/events/{event_id}/odds', { event_id: '42' })).toBe('/v1/events/42/odds');
    expect(expandPath('/v1/account/keys/{id}/revoke', { id: 'a/b c' })).toBe('/v1/account/keys/a%2Fb%20c/revoke');
    expect(expandPath('/v1/events', {})).toBe('/v1/events');
  });

  it('throws on a missing parameter', () => {
    expect(() => expandPath('/v1/props/{prop_id}/odds', {})).toThrow(/prop_id/);
  });

  it('lists placeholders in order', () => {
    expect(pathParamNames('/v1/events/{event_id}/odds')).toEqual(['event_id']);
    expect(pathParamNames('/v1/a/{x}/b/{y_z}')).toEqual(['x', 'y_z']);
    expect(pathParamNames('/v1/outrights')).toEqual([]);
  });
});
