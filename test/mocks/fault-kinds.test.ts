import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { ArmedFault, FaultKind, FaultListing, FaultSpec, MockService, WireKind } from '../../mocks';
import { ArmedFaultWire, DROP_POINTS, FaultBody, MAX_FAULT_LATENCY_MS } from '../../mocks/service/faults';
import { ERROR_CODES, type KnownErrorCode, routeList } from '../../src/schemas';
import { newGate, until } from '../helpers/gate';
import { call, codeOf, useMockServer } from '../helpers/mock-server';

/**
 * A fault is one kind (docs/mock-server.md, docs/testing.md "Faults"): its one codec carries every kind
 * between the control plane's snake_case and the process's camelCase unchanged, and every kind does
 * what it says through the real mock (the control plane's kinds: fault-kinds-server.test.ts).
 */
const newMock = useMockServer();
const PATH = '/v1/events?sport_id=29&limit=5';
const ROUTE = 'events.list';

const codes = Object.keys(ERROR_CODES) as KnownErrorCode[];
const latency = fc.integer({ min: 0, max: MAX_FAULT_LATENCY_MS });
const seconds = fc.integer({ min: 1, max: 86_400 });
const status = fc.integer({ min: 400, max: 599 });
const code = fc.constantFrom(...codes);
const drop = fc.constantFrom(...DROP_POINTS);
const held = fc.constant(true as const);

/** What an armed fault does in process, by kind: a new kind is a compile error here until it has its arbitrary. */
const LISTINGS: { [Kind in FaultKind]: fc.Arbitrary<FaultListing> } = {
  status: fc.record(
    { kind: fc.constant('status' as const), status, code, retryAfter: seconds, latencyMs: latency, held },
    { requiredKeys: ['kind', 'status', 'code'] },
  ),
  drop: fc.record({ kind: fc.constant('drop' as const), drop, latencyMs: latency, held }, { requiredKeys: ['kind', 'drop'] }),
  latency: fc.record({ kind: fc.constant('latency' as const), latencyMs: latency, held }, { requiredKeys: ['kind', 'latencyMs'] }),
  hold: fc.record({ kind: fc.constant('hold' as const), held }),
};

const armedFault: fc.Arbitrary<ArmedFault> = fc
  .tuple(
    fc.oneof(...Object.values(LISTINGS)),
    fc.nat().map((n) => `flt_${n}`),
    fc.constantFrom(...routeList.map((r) => r.id)),
    fc.nat({ max: 1_000 }),
  )
  .map(([listing, id, route, remaining]) => ({ ...listing, id, route, remaining }));

/** A body of `POST /__admin/faults` of each kind the control plane arms, its `kind` given or left out. */
const BODIES: { [Kind in WireKind]: fc.Arbitrary<Record<string, unknown>> } = {
  status: fc.oneof(
    fc.record({ status, code, retry_after: seconds, latency_ms: latency }, { requiredKeys: ['status'] }),
    fc.record({ code, retry_after: seconds, latency_ms: latency }, { requiredKeys: ['code'] }),
  ),
  drop: fc.record({ drop, latency_ms: latency }, { requiredKeys: ['drop'] }),
  latency: fc.record({ latency_ms: latency }),
};

const faultBody = fc
  .tuple(
    fc.constantFrom(...(Object.keys(BODIES) as WireKind[])).chain((kind) => BODIES[kind].map((fields) => ({ kind, fields }))),
    fc.constantFrom(...routeList.flatMap((r) => [r.id, r.path])),
    fc.option(fc.integer({ min: 1, max: 1_000 }), { nil: undefined }),
    fc.boolean(),
  )
  .map(([{ kind, fields }, route, count, named]) => ({
    kind,
    body: { route, ...(count === undefined ? {} : { count }), ...fields, ...(named ? { kind } : {}) },
  }));

describe('the fault codec', () => {
  it('carries every armed fault to the wire and back unchanged', () => {
    fc.assert(
      fc.property(armedFault, (armed) => {
        const wire = z.encode(ArmedFaultWire, armed);
        expect(wire.kind).toBe(armed.kind);
        expect(z.decode(ArmedFaultWire, wire)).toEqual(armed);
      }),
    );
  });

  it('reads a body into what mock.faults.inject() takes, its kind named or read from its fields, and writes it back', () => {
    fc.assert(
      fc.property(faultBody, ({ kind, body }) => {
        const spec = z.decode(FaultBody, body as z.input<typeof FaultBody>);
        expect(spec.kind).toBe(kind);
        expect(Object.keys(spec).some((name) => name.includes('_'))).toBe(false);
        expect(z.encode(FaultBody, spec)).toEqual({ ...body, kind });
      }),
    );
  });

  it('refuses a body of two kinds at once, or of a kind its fields are not, in its own words', () => {
    const refusal = (body: object) => z.safeDecode(FaultBody, body as z.input<typeof FaultBody>).error?.issues[0]?.message;
    expect(refusal({ route: ROUTE, status: 503, drop: 'connection' })).toBe(
      'a fault does one thing: give status or code, or drop, not both',
    );
    expect(refusal({ route: ROUTE, drop: 'connection', retry_after: 2 })).toBe(
      'retry_after is the Retry-After of a status fault: give status or code with it',
    );
    expect(refusal({ route: ROUTE })).toBe('a fault says what it does: give status or code, drop, latency_ms');
    expect(refusal({ route: ROUTE, kind: 'drop', latency_ms: 5 })).toMatch(/^kind must be latency, for a fault that gives latency_ms/);
  });
});

/** How each kind is armed on `events.list`, and what the next request then sees: a new kind is a compile error here. */
const KINDS: { [Kind in FaultKind]: (mock: MockService) => Promise<void> } = {
  status: async (mock) => {
    expect(mock.faults.inject({ route: ROUTE, status: 503 }).kind).toBe('status');
    const answer = await call(mock, PATH);
    expect([answer.status, codeOf(answer)]).toEqual([503, 'temporarily_unavailable']);
  },
  drop: async (mock) => {
    expect(mock.faults.inject({ route: ROUTE, drop: 'connection' }).kind).toBe('drop');
    expect((await mock.fetch(`${mock.baseUrl}${PATH}`, { headers: { Authorization: `Bearer ${mock.apiKey}` } })).type).toBe('error');
  },
  latency: async (mock) => {
    expect(mock.faults.inject({ route: ROUTE, latencyMs: 1 }).kind).toBe('latency');
    expect((await call(mock, PATH)).status).toBe(200);
    expect(mock.requests().find((r) => r.route === ROUTE)?.status).toBe(200);
  },
  hold: async (mock) => {
    const gate = newGate();
    expect(mock.faults.inject({ route: ROUTE, hold: gate.opened }).kind).toBe('hold');
    let settled = false;
    const answer = call(mock, PATH).finally(() => (settled = true));
    await until(() => mock.ledger()[0]!.reserved > 0);
    expect(settled).toBe(false);
    gate.open();
    expect((await answer).status).toBe(200);
  },
};

describe('every fault kind through the real mock', () => {
  for (const [kind, run] of Object.entries(KINDS)) {
    it(`${kind}: does what it says, then is used up`, async () => {
      const mock = newMock();
      await run(mock);
      expect(mock.faults.list()).toEqual([]);
      expect((await call(mock, PATH)).status).toBe(200);
    });
  }

  it("waits out a before-work status fault's gate, its envelope reserved, before it answers", async () => {
    const mock = newMock();
    const gate = newGate();
    mock.faults.inject({ route: ROUTE, status: 429, hold: gate.opened } satisfies FaultSpec);
    let settled = false;
    const answer = call(mock, PATH).finally(() => (settled = true));
    await until(() => mock.ledger()[0]!.reserved > 0);
    expect(settled).toBe(false);
    gate.open();
    expect((await answer).status).toBe(429);
    expect(mock.ledger()[0]!.reserved).toBe(0);
  });
});
