import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { ErrorEnvelope } from '../../src/schemas';
import { NOW } from '../helpers/mock-server';

/**
 * The control plane under generated input (issue 10, item 9): whatever JSON arrives, every answer is
 * a success or a 4xx envelope with `X-Request-Id`, never a 500, and the service keeps answering.
 */

const SEED = 20_261_122;
const RUNS = 60;

const junk = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);
/** A field's value: mostly ones the operation could take (valid, edge or clashing), sometimes junk. */
const field = (...likely: unknown[]) => fc.oneof({ arbitrary: fc.constantFrom(...likely), weight: 3 }, { arbitrary: junk, weight: 1 });
const EMAILS = ['demo@sports-odds.test', 'DEMO@sports-odds.test', 'other@example.com', 'new@example.com', 'not-an-email'];
const TEXT = ['', 'x', 'abc', 'A title', 'A body long enough to show.', 'x'.repeat(121), 'y'.repeat(1201)];

/** Control operations and the body fields they read (docs/mock-server.md), with likely values. */
const OPERATIONS: { method: string; path: string; fields: Record<string, fc.Arbitrary<unknown>> }[] = [
  {
    method: 'POST',
    path: '/clock',
    fields: {
      now: field(
        '2026-11-21T15:00:00Z',
        '0001-01-01T00:00:00Z',
        '9999-12-31T23:59:59Z',
        '1969-12-31T23:59:59Z',
        '2026-11-21T15:00:00+14:00',
      ),
      advance_ms: field(9_000_000_000_000_000, -9_000_000_000_000_000, Number.MAX_SAFE_INTEGER, 86_400_000, 0, -1, 1.5),
    },
  },
  {
    method: 'POST',
    path: '/accounts',
    fields: {
      email: field(...EMAILS),
      plan: field('trial', 'pro', 'gold'),
      status: field('active', 'suspended', 'held', 'bogus'),
      recovery_email_verified: field(true, false),
    },
  },
  {
    method: 'PATCH',
    path: '/accounts/{email}',
    fields: { email: field(...EMAILS), plan: field('trial', 'pro', 'gold'), status: field('active', 'suspended', 'bogus') },
  },
  {
    method: 'POST',
    path: '/challenges',
    fields: { action: field('account_recovery', '', 'other'), hostname: field('127.0.0.1', '', 'x'.repeat(300)) },
  },
  { method: 'POST', path: '/checkouts', fields: { email: field(...EMAILS), plan: field('trial', 'pro', 'gold') } },
  { method: 'POST', path: '/checkouts/{id}/complete', fields: {} },
  {
    method: 'POST',
    path: '/faults',
    fields: {
      route: field('catalog.sports', '/v1/events/{event_id}/odds', '/v1/nope', 'nope'),
      count: field(1, 0, -1, 1e9),
      status: field(400, 429, 500, 503, 599, 600, 200),
      code: field('rate_limited', 'nope'),
      retry_after: field(1, 0, 1e9),
      drop: field('connection', 'after_commit', 'never'),
      latency_ms: field(0, 60_001, -1),
      kind: field('status', 'drop', 'latency', 'hold', 'nope'),
    },
  },
  {
    method: 'POST',
    path: '/guidance',
    fields: {
      email: field(...EMAILS),
      title: field(...TEXT),
      body: field(...TEXT),
      endpoint: field('/v1/catalog/sports', ''),
      error_code: field('not_found', ''),
      expires_at: field('2026-11-22T00:00:00Z', '2026-11-22T00:00:00+01:00', 'tomorrow'),
    },
  },
];

const bodyOf = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { arbitrary: fc.record(fields, { requiredKeys: [] }).map((o) => JSON.stringify(o)), weight: 6 },
    { arbitrary: fc.tuple(fc.record(fields, { requiredKeys: [] }), junk).map(([o, extra]) => JSON.stringify({ ...o, extra })), weight: 1 },
    { arbitrary: junk.map((v) => JSON.stringify(v)), weight: 1 },
    { arbitrary: fc.constantFrom('', '{', 'null', '[]'), weight: 1 },
  );
const segment = fc.oneof(
  fc.constantFrom('demo@sports-odds.test', 'other%40example.com', '%E0%A4%A', '%', 'cs_unknown', '..', '%2F'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

describe('the control plane never answers 500', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, now: NOW });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(OPERATIONS.map((o) => [`${o.method} ${o.path}`, o] as const))('%s', async (_label, operation) => {
    await fc.assert(
      fc.asyncProperty(bodyOf(operation.fields), segment, async (body, part) => {
        const path = operation.path.replace(/\{[a-z]+\}/, part);
        const res = await fetch(`${server.url}/__admin${path}`, {
          method: operation.method,
          headers: { 'Content-Type': 'application/json' },
          body,
        });
        const text = await res.text();
        expect(res.status, `${operation.method} ${path} ${body.slice(0, 120)}: ${text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(z.safeParse(ErrorEnvelope, JSON.parse(text)).success).toBe(true);
          expect(res.headers.get('X-Request-Id')).toMatch(/^req_[0-9a-f]{32}$/);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Whatever the operations did (the clock included, which a reset keeps), the service still answers.
    await server.mock.reset();
    for (const path of ['/v1/account', '/v1/catalog/sports']) {
      const check = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${server.mock.apiKey}` } });
      expect(check.status, path).toBe(200);
    }
  });
});
