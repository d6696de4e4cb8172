import { describe, expect, it } from 'vitest';
import { routes } from '../../src/schemas';
import { contextOf } from '../../mocks/service/internal';
import { AnswerHeaders } from '../../mocks/service/http-messages';
import { readBearer } from '../../mocks/service/bearer';
import type { ServiceRequest } from '../../mocks/service/http-messages';
import { hashBearer, resolveCaller } from '../../mocks/service/pipeline/authenticate';
import { admitRate } from '../../mocks/service/pipeline/rate-limit';
import { accepted, admitted, answered, armed, authenticated, receive, routed } from '../../mocks/service/pipeline/context';
import { lookupRoute } from '../../mocks/service/pipeline/lookup';
import { reserveEnvelope } from '../../mocks/service/pipeline/reserve';
import { markNoStore } from '../../mocks/service/pipeline/no-store';
import { jsonAnswer } from '../../mocks/service/pipeline/respond';
import { ServiceRefusal } from '../../mocks/service/service-refusal';
import { sha256Hex } from '../../mocks/service/state/crypto';
import { NOW, useMockServer } from '../helpers/mock-server';

/** Single steps of the request path, each held to the contract its JSDoc states, for any input it may be given. */

const newMock = useMockServer();

const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceRefusal);
    const { status, code, message } = error as ServiceRefusal;
    return [status, code, message];
  }
  throw new Error('not refused');
};

describe('readBearer: the key of Authorization: Bearer, exactly (docs/service.md, Authentication, keys and scopes)', () => {
  it('takes the key followed only by spaces, from a header reader that does not trim', () => {
    const key = `svc_live_${'a'.repeat(32)}`;
    expect(readBearer({ get: () => `Bearer ${key}  ` })).toBe(key);
    expect(readBearer({ get: () => `Bearer ${key} x` })).toBeUndefined();
  });
});

describe('resolveCaller: missing, malformed, unknown or revoked keys are 401 invalid_api_key', () => {
  it('refuses a revoked key on every route that does not replay a rotation, whatever runs after it', async () => {
    const mock = newMock();
    await mock.ready;
    const service = contextOf(mock);
    const spare = await mock.createKey(mock.demoEmail, { name: 'spare', scopes: ['data:read', 'account:manage'] });
    const hash = await hashBearer(spare.apiKey);
    service.state.keys.revoke(service.state.keys.findByHash(hash!)!, service.clock.now());
    for (const route of [routes['catalog.sports'], routes['keys.list'], routes['keys.create']]) {
      expect(
        refusalOf(() => resolveCaller({ route, bearer: spare.apiKey, service }, hash)),
        route.id,
      ).toEqual([401, 'invalid_api_key', 'unknown or revoked API key']);
    }
    // The rotation route lets the pipeline decide whether this is the exact replay.
    expect(resolveCaller({ route: routes['keys.rotate'], bearer: spare.apiKey, service }, hash).key.status).toBe('revoked');
  });

  it('refuses a key whose account no longer exists like an unknown key', async () => {
    const mock = newMock();
    await mock.ready;
    const service = contextOf(mock);
    const plaintext = `svc_live_${'o'.repeat(32)}`;
    const hash = await sha256Hex(plaintext);
    service.state.keys.insert({ accountId: 'acct_gone', name: 'orphan', scopes: ['data:read'], now: Date.parse(NOW) }, plaintext, hash);
    expect(refusalOf(() => resolveCaller({ route: routes['catalog.sports'], bearer: plaintext, service }, hash))).toEqual([
      401,
      'invalid_api_key',
      'unknown or revoked API key',
    ]);
  });
});

describe('hashBearer: a digest remembered for the keys last seen, never a store that grows with traffic', () => {
  it('answers the last 64 keys at once and hashes an older one again', async () => {
    const keys = Array.from({ length: 65 }, (_, i) => `svc_live_${String(i).padStart(32, 'k')}`);
    for (const key of keys) await hashBearer(key);
    // The newest first is checked without touching the oldest: hashing it again would remember it and forget the next.
    for (const key of keys.slice(1)) expect(typeof hashBearer(key), key).toBe('string');
    const oldest = hashBearer(keys[0] as string);
    expect(oldest).toBeInstanceOf(Promise);
    expect(await oldest).toBe(await sha256Hex(keys[0] as string));
  });
});

describe('admitRate: over the per-second rate, the 429 of that rate, made once for at most 64 rates', () => {
  it('gives the same refusal again for the first 64 rates it refused and a new, equal one for any later rate', async () => {
    const mock = newMock();
    await mock.ready;
    const service = contextOf(mock);
    const caller = resolveCaller({ route: routes['catalog.sports'], bearer: mock.apiKey, service }, await hashBearer(mock.apiKey));
    const now = Date.parse(NOW);
    // 200 requests in this second: every rate below is over.
    for (let i = 0; i < 200; i++) caller.account.rate.admit(now, 1_000);
    const at = (rps: number) =>
      admitRate({ ...caller, account: { ...caller.account, plan: { ...caller.account.plan, rateLimitRps: rps } } }, now);
    const rates = Array.from({ length: 100 }, (_, i) => i + 1);
    const twice = rates.map((rps) => [at(rps), at(rps)] as const);
    expect(twice.flatMap(([a, b], i) => (a === b ? [rates[i]] : []))).toEqual(rates.slice(0, 64));
    for (const [i, [a, b]] of twice.entries()) {
      expect(a, `rate ${rates[i]}`).toEqual(b);
      expect(a).toMatchObject({ status: 429, code: 'rate_limited', message: `more than ${rates[i]} requests per second for this account` });
    }
  });
});

describe("the request's context: one object through its stages, each step writing its own fields", () => {
  const requestOf = (url: string, key: string | undefined): ServiceRequest => ({
    method: 'GET',
    url,
    headers: { get: (name) => (name.toLowerCase() === 'authorization' && key !== undefined ? `Bearer ${key}` : null) },
    readBody: async () => '',
  });

  it('is made once and grows by stage: routed, admitted, accepted, armed, answered are the same object', async () => {
    const mock = newMock();
    await mock.ready;
    const service = contextOf(mock);
    const url = new URL('/v1/catalog/sports', 'https://api.example.test');
    const received = receive(requestOf(url.href, mock.apiKey), service, `req_${'0'.repeat(32)}`);
    expect(received).toMatchObject({
      stage: 'received',
      route: undefined,
      bearer: undefined,
      caller: undefined,
      decoded: false,
      charged: 0,
    });
    const match = lookupRoute('GET', url.pathname, service);
    const route = routed(received, match, url);
    expect(route).toBe(received);
    expect(route).toMatchObject({ stage: 'routed', route: routes['catalog.sports'], bearer: mock.apiKey, caller: undefined });
    const caller = resolveCaller(route, await hashBearer(mock.apiKey));
    authenticated(route, caller);
    const call = match.handler.accept({ routes: service.routes, rawParams: {}, url, headers: route.request.headers, bodyText: undefined });
    const decoded = accepted(admitted(route), call);
    expect(decoded).toMatchObject({ stage: 'accepted', kind: 'data', caller, metering: routes['catalog.sports'].metering, decoded: true });
    if (decoded.kind !== 'data') throw new Error('a data route decodes to a data call');
    const work = armed(decoded, reserveEnvelope(decoded), undefined);
    expect(work).toBe(received);
    expect(work.reservation).toMatchObject({ envelope: routes['catalog.sports'].metering.envelope({}), settled: false });
    expect(answered(received, 200, undefined, undefined)).toMatchObject({
      stage: 'answered',
      status: 200,
      metered: false,
      sent: undefined,
    });
    // Out of order is a compile error: each step takes the stage before it (npm run typecheck fails if one is accepted).
    const _outOfOrder = () => {
      // @ts-expect-error: admission takes a routed context
      admitted(received);
      // @ts-expect-error: the work takes an accepted call, not an admitted request
      armed(admitted(route), undefined, undefined);
    };
  });

  it('refuses a data call without its caller: a data route is a bearer route (the route table broken, not the request)', async () => {
    const mock = newMock();
    await mock.ready;
    const service = contextOf(mock);
    const url = new URL('/v1/catalog/sports', 'https://api.example.test');
    const match = lookupRoute('GET', url.pathname, service);
    const route = routed(receive(requestOf(url.href, undefined), service, `req_${'1'.repeat(32)}`), match, url);
    const call = match.handler.accept({ routes: service.routes, rawParams: {}, url, headers: route.request.headers, bodyText: undefined });
    expect(() => accepted(admitted(route), call)).toThrow(new TypeError('data route catalog.sports is not a metered bearer route'));
  });
});

describe('markNoStore: only answers with a plaintext key or a credential cookie are no-store', () => {
  it.each([null, undefined, 'svc_live_text', 42, [], { name: 'k' }, { api_key: 7 }])('leaves %j alone', (body) => {
    const headers = new AnswerHeaders();
    markNoStore(headers, body, false);
    expect(headers.get('Cache-Control')).toBeNull();
  });

  it('marks a body with a plaintext api_key, and any answer that sets a cookie', () => {
    const keyed = new AnswerHeaders();
    markNoStore(keyed, { api_key: 'svc_live_x' }, false);
    expect(keyed.get('Cache-Control')).toBe('no-store');
    const cookie = new AnswerHeaders();
    markNoStore(cookie, null, true);
    expect(cookie.get('Cache-Control')).toBe('no-store');
  });
});

describe('jsonAnswer', () => {
  it('sends no body with a 204, and the JSON text with any other status', () => {
    expect(jsonAnswer(204, { ignored: true }, new AnswerHeaders()).body).toBeNull();
    expect(jsonAnswer(200, { a: 1 }, new AnswerHeaders()).body).toBe('{"a":1}');
  });
});
