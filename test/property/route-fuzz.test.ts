import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createMockService, type MockService } from '../../mocks';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { ErrorEnvelope, routeList, type RouteDef } from '../../src/schemas';
import { CREDIT_HEADERS, NOW } from '../helpers/mock-server';
import { badRequestArb, PLANTED_SECRET, type BadRequest } from './bad-requests';

/**
 * Property-based fuzzing of every route of the table (issue 10): generated bad requests, in process
 * (`mock.fetch`) and against the standalone server, must each get a 4xx envelope with `X-Request-Id`,
 * no credit headers, no cookie, an unchanged ledger and meter, no secret echoed, and never a 5xx.
 * Deterministic: a fixed seed (fast-check prints it, with the counterexample, on failure).
 */

const SEED = 20_261_122;
const RUNS = { inProcess: 100, server: 40 };
const PLANS = { fuzz: { slug: 'fuzz', name: 'Fuzz', periodCredits: 1e12, periodDays: 30, dailyCredits: 1e12, rateLimitRps: 1e9 } };
const DEMO_KEY = `svc_live_${'Fuzz'.repeat(8)}`;
const UNKNOWN_KEY = `svc_live_${'Unkn0wn'.padEnd(32, 'z')}`;

interface Keys {
  valid: string;
  dataOnly: string;
  manageOnly: string;
  revoked: string;
}

/** The fuzz account's keys: both scopes (the demo key), one of each scope, and a revoked one. */
async function keysOf(mock: MockService): Promise<Keys> {
  await mock.ready;
  const dataOnly = await mock.createKey(mock.demoEmail, { name: 'data only', scopes: ['data:read'] });
  const manageOnly = await mock.createKey(mock.demoEmail, { name: 'manage only', scopes: ['account:manage'] });
  const revoked = await mock.createKey(mock.demoEmail, { name: 'revoked', scopes: ['data:read', 'account:manage'] });
  const answer = await mock.fetch(`${mock.baseUrl}/v1/account/keys/${revoked.id}/revoke`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${mock.apiKey}` },
  });
  expect(answer.status).toBe(200);
  return { valid: mock.apiKey, dataOnly: dataOnly.apiKey, manageOnly: manageOnly.apiKey, revoked: revoked.apiKey };
}

function keyFor(route: RouteDef, c: BadRequest, keys: Keys): string | undefined {
  switch (c.key) {
    case 'valid':
      return keys.valid;
    case 'missing':
      return undefined;
    case 'malformed':
      return c.malformedKey;
    case 'unknown':
      return UNKNOWN_KEY;
    case 'revoked':
      return keys.revoked;
    case 'wrongScope':
      return route.auth.kind === 'bearer' && route.auth.scope === 'data:read' ? keys.manageOnly : keys.dataOnly;
  }
}

function initOf(route: RouteDef, c: BadRequest, keys: Keys): RequestInit {
  const headers = new Headers(c.headers);
  const key = keyFor(route, c, keys);
  if (key !== undefined) headers.set('Authorization', `${c.authScheme}${key}`);
  return { method: c.method, headers, ...(c.body === undefined ? {} : { body: c.body }) };
}

/** What a refused request must leave as it was: every account's meter and charges, and the key inventory. */
async function stateOf(mock: MockService, keys: Keys) {
  const inventory = await mock.fetch(`${mock.baseUrl}/v1/account/keys`, { headers: { Authorization: `Bearer ${keys.valid}` } });
  const list = (await inventory.json()) as { id: string; status: string }[];
  return {
    ledger: mock.ledger().map((l) => ({
      email: l.email,
      charged: l.charged,
      charges: l.charges.length,
      reserved: l.reserved,
      period: l.period.used,
      daily: l.daily.used,
    })),
    keys: list.map((k) => `${k.id}:${k.status}`).sort(),
  };
}

async function expectRefused(c: BadRequest, response: Response, secrets: readonly string[]) {
  const where = `${c.method} ${c.path.slice(0, 160)} key=${c.key} defects=${c.defects.join(',')}`;
  const text = await response.text();
  expect(response.status, where).toBeGreaterThanOrEqual(400);
  expect(response.status, where).toBeLessThan(500);
  const requestId = response.headers.get('X-Request-Id');
  expect(requestId, where).toMatch(/^req_[0-9a-f]{32}$/);
  const envelope = z.safeParse(ErrorEnvelope, JSON.parse(text));
  expect(envelope.success, `${where}: ${text.slice(0, 200)}`).toBe(true);
  expect(envelope.data?.error.request_id).toBe(requestId);
  for (const header of [...CREDIT_HEADERS, 'X-Result-Rows', 'Set-Cookie'])
    expect(response.headers.get(header), `${where}: ${header}`).toBeNull();
  const seen = `${text}\n${[...response.headers].map(([n, v]) => `${n}: ${v}`).join('\n')}`;
  for (const secret of secrets) expect(seen.includes(secret), `${where}: echoed a secret`).toBe(false);
}

/** One fuzz target: how a request reaches the service, and the service behind it. */
interface Target {
  mock: MockService;
  send(path: string, init: RequestInit): Promise<Response>;
}

function fuzzRoutes(label: string, runs: number, setup: () => Promise<Target & { close?: () => Promise<void> }>) {
  describe(`every route refuses bad input (${label})`, () => {
    let target: Target & { close?: () => Promise<void> };
    let keys: Keys;
    let secrets: string[];
    beforeAll(async () => {
      target = await setup();
      target.mock.clock.freeze(NOW);
      keys = await keysOf(target.mock);
      secrets = [keys.valid, keys.dataOnly, keys.manageOnly, keys.revoked, UNKNOWN_KEY, PLANTED_SECRET].flatMap((k) => [k, k.slice(9)]);
    });
    afterAll(async () => {
      await target?.close?.();
    });

    it.each(routeList.map((route) => [route.id, route] as const))('%s', async (_id, route) => {
      const before = await stateOf(target.mock, keys);
      await fc.assert(
        fc.asyncProperty(badRequestArb(route), async (c) => {
          const response = await target.send(c.path, initOf(route, c, keys));
          await expectRefused(c, response, secrets);
        }),
        { seed: SEED, numRuns: runs },
      );
      expect(await stateOf(target.mock, keys)).toEqual(before);
    });
  });
}

const serviceOptions = { now: NOW, plans: PLANS, demoAccount: { plan: 'fuzz', apiKey: DEMO_KEY } };

fuzzRoutes('in process, mock.fetch', RUNS.inProcess, async () => {
  const mock = createMockService(serviceOptions);
  return { mock, send: (path, init) => mock.fetch(`${mock.baseUrl}${path}`, init) };
});

fuzzRoutes('standalone server', RUNS.server, async () => {
  const server: MockServer = await startMockServer({ port: 0, ...serviceOptions });
  return { mock: server.mock, send: (path, init) => fetch(`${server.url}${path}`, init), close: () => server.close() };
});
