import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ClosingLineValue, EventsQuery, expandPath, NoQuery, pathParamNames, routeList, routes, type RouteDef } from '../../src/schemas';
import { defaultMaxAge, SERVICE_CACHE_WINDOW_MS } from '../../src/schemas/cache-defaults';
import { shapeKeys as fieldsOf } from '../../src/schemas/schema-def';
import { expectFail, expectOk, token } from './fixtures';

// The table is checked by its properties, never against a copy of it: a route added to the table
// needs no edit here (docs/service.md's route tables are generated from it).

/** The three kinds of route of docs/service.md: data routes, account and key routes, credential delivery. */
const isData = (route: RouteDef) => route.metering !== undefined;
const isAccount = (route: RouteDef) => route.auth.kind === 'bearer' && route.auth.scope === 'account:manage';
const isCredential = (route: RouteDef) => route.auth.kind === 'none';
/** The credential pages' paths: checkout and recovery, under their own prefixes outside `/v1/account`. */
const CREDENTIAL_PATH = /^\/v1\/(checkout|recovery|recovery-email)\//;

const op = (route: RouteDef) => `${route.method} ${route.path}`;
const opsWhere = (predicate: (route: RouteDef) => boolean) => new Set(routeList.filter(predicate).map(op));
const idsWhere = (predicate: (route: RouteDef) => boolean) => routeList.filter(predicate).map((route) => route.id);
const metering = (route: RouteDef) => {
  if (route.metering === undefined) throw new Error(`${route.id} is not metered`);
  return route.metering;
};
const shapeKeys = (schema: z.ZodMiniType) => Object.keys((schema as unknown as z.ZodMiniObject).shape).sort();
const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: { type: string; element?: z.ZodMiniType } } })._zod.def;
const SINCE = '2026-11-20T00:00:00Z';

describe('route table: operations', () => {
  it('holds the three kinds of route, each route exactly one: data routes, account and key routes, credential operations', () => {
    for (const route of routeList) {
      expect([isData(route), isAccount(route), isCredential(route)].filter(Boolean), route.id).toHaveLength(1);
    }
    for (const kind of [isData, isAccount, isCredential]) expect(routeList.some(kind)).toBe(true);
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

  it('every path starts with /v1/; account and key routes lie under /v1/account, credential operations under their own prefixes, data routes under neither', () => {
    for (const route of routeList) expect(route.path).toMatch(/^\/v1\//);
    for (const route of routeList) {
      expect(route.path.startsWith('/v1/account'), route.id).toBe(isAccount(route));
      expect(CREDENTIAL_PATH.test(route.path), route.id).toBe(isCredential(route));
    }
  });

  it('data routes are GET and take no body; every account and credential mutation is POST', () => {
    for (const route of routeList.filter(isData)) expect([route.method, route.body], route.id).toEqual(['GET', null]);
    expect(opsWhere((r) => r.method === 'POST')).toEqual(opsWhere((r) => !isData(r) && !(r.method === 'GET' && isAccount(r))));
    for (const route of routeList.filter(isCredential)) expect(route.method, route.id).toBe('POST');
  });

  it('every route has a summary for the docs', () => {
    for (const route of routeList) expect(route.summary.length).toBeGreaterThan(3);
  });
});

describe('route table: authentication', () => {
  it('data routes, and only they, need data:read', () => {
    expect(opsWhere((r) => r.auth.kind === 'bearer' && r.auth.scope === 'data:read')).toEqual(opsWhere(isData));
  });

  it('account routes, and only they, need account:manage', () => {
    expect(opsWhere((r) => r.auth.kind === 'bearer' && r.auth.scope === 'account:manage')).toEqual(
      opsWhere((r) => r.path.startsWith('/v1/account')),
    );
  });

  it('credential operations take no bearer key', () => {
    for (const route of routeList.filter((r) => CREDENTIAL_PATH.test(r.path))) expect(route.auth.kind, route.id).toBe('none');
  });

  it('only the checkout operations accept the cookie, which is scoped to /v1/checkout', () => {
    expect(opsWhere((r) => r.auth.kind === 'none' && r.auth.cookie)).toEqual(opsWhere((r) => r.path.startsWith('/v1/checkout/')));
    expect(idsWhere((r) => r.auth.kind === 'none' && r.auth.cookie)).toEqual(['checkout.intent', 'checkout.claim']);
    for (const route of routeList.filter((r) => isCredential(r) && !r.path.startsWith('/v1/checkout/'))) {
      expect(route.auth, route.id).toEqual({ kind: 'none', cookie: false });
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

  it('every answer is an object, or a list of object rows (its schema and its rows are named exports: test/sdk/answer-types.test.ts)', () => {
    for (const route of routeList) {
      for (const schema of Object.values(route.responses) as z.ZodMiniType[]) {
        const def = defOf(schema);
        const row = def.type === 'array' ? def.element! : schema;
        expect(defOf(row).type, route.id).toBe('object');
      }
    }
  });

  it('request bodies: every POST takes one but revocation, rotation and the billing portal; the resend takes exactly {}', () => {
    const withoutBody = idsWhere((r) => r.body === null).sort();
    expect(withoutBody).toEqual([...idsWhere((r) => r.method === 'GET'), 'keys.revoke', 'keys.rotate', 'billing.portal'].sort());
    for (const route of routeList.filter((r) => r.body !== null)) expect(defOf(route.body!).type, route.id).not.toBe('array');
    const resend = routes['recoveryEmail.resend'].body;
    expectOk(resend, {});
    expectFail(resend, { anything: 1 });
  });

  it('a body with a credential token answers invalid_token when it fails its schema, and only such a body does (docs/service.md, Errors)', () => {
    // The recovery request's challenge_token is the bot challenge, not a credential: a malformed one is invalid_parameters.
    const credential = (field: string) => field.endsWith('_token') && field !== 'challenge_token';
    const withToken = idsWhere((r) => r.body !== null && fieldsOf(r.body).some(credential));
    expect(withToken).toContain('recovery.claim');
    expect(idsWhere((r) => r.invalidBodyCode === 'invalid_token')).toEqual(withToken);
    expect(fieldsOf(routes['recovery.request'].body)).toContain('challenge_token');
  });
});

describe('route table: data route answers', () => {
  it('every data route but analytics.clv answers an array of its row', () => {
    for (const route of routeList.filter((r) => isData(r) && r.id !== 'analytics.clv')) {
      const response = route.responses[200 as never] as z.ZodMiniArray;
      expect(response._zod.def.type, route.id).toBe('array');
      expect(defOf(response._zod.def.element as z.ZodMiniType).type, route.id).toBe('object');
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
});

describe('route table: parameters', () => {
  it('query schemas: a route that takes no query parameter takes NoQuery; the events listing takes EventsQuery', () => {
    for (const route of routeList) expect(route.query === NoQuery, route.id).toBe(shapeKeys(route.query).length === 0);
    expect(routes['events.list'].query).toBe(EventsQuery);
    expect(routes['catalog.leagues'].query).toBe(routes['catalog.periods'].query);
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
  it('exactly the data routes are metered: those under data:read', () => {
    expect(opsWhere((r) => r.metering !== undefined)).toEqual(opsWhere((r) => r.auth.kind === 'bearer' && r.auth.scope === 'data:read'));
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

  it("the SDK's default maxAge: the service's hour for a cache-eligible route, nothing for any other (docs/caching.md)", () => {
    for (const route of routeList) expect(defaultMaxAge(route), route.id).toBe(route.metering?.cacheable === true ? 60 * 60 * 1000 : 0);
    expect(defaultMaxAge(routes['catalog.sports'])).toBe(SERVICE_CACHE_WINDOW_MS);
    expect(defaultMaxAge(routes['events.closingLines'])).toBe(0);
  });

  /** The data routes whose row cap depends only on history mode: all but the events listing, whose `limit` bounds it. */
  const ordinary = routeList.filter((r) => isData(r) && r.id !== 'events.list');

  it('ordinary routes: row cap 500, envelope 25', () => {
    for (const route of ordinary) {
      const operation = route.id;
      const m = metering(route);
      expect(m.rowCap({}), operation).toBe(500);
      expect(m.envelope({}), operation).toBe(25);
      expect(m.rowCap({ full_history: false }), operation).toBe(500);
    }
  });

  it('history (full_history or since): row cap 5000, envelope 250', () => {
    for (const route of ordinary) {
      const operation = route.id;
      const m = metering(route);
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
