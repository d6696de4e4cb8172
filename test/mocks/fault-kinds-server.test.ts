import { afterEach, describe, expect, it } from 'vitest';
import type { WireKind } from '../../mocks';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { NOW } from '../helpers/mock-server';

/** Every kind of fault the control plane arms (docs/mock-server.md), through the standalone server: armed by its wire form, listed with its kind, answered. */
const ROUTE = 'events.list';
const PATH = '/v1/events?sport_id=29&limit=5';

describe('every kind the control plane arms, through the standalone server', () => {
  let server: MockServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** The body that arms each kind, and the status the next request answers (0: the connection dropped). */
  const WIRE: { [Kind in WireKind]: { body: object; status: number } } = {
    status: { body: { status: 502 }, status: 502 },
    drop: { body: { kind: 'drop', drop: 'connection' }, status: 0 },
    latency: { body: { latency_ms: 1 }, status: 200 },
  };

  for (const [kind, { body, status: answered }] of Object.entries(WIRE)) {
    it(`${kind}: armed by POST /__admin/faults, listed with its kind, and answered`, async () => {
      server = await startMockServer({ port: 0, now: NOW });
      const armed = await fetch(`${server.url}/__admin/faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ route: ROUTE, ...body }),
      });
      expect(armed.status).toBe(201);
      expect(((await armed.json()) as { armed: { kind: string } }).armed.kind).toBe(kind);
      expect(server.mock.faults.list().map((f) => f.kind)).toEqual([kind]);
      const answer = await fetch(`${server.url}${PATH}`, { headers: { Authorization: `Bearer ${server.mock.apiKey}` } }).then(
        (r) => r.status,
        () => 0,
      );
      expect(answer).toBe(answered);
      expect(server.mock.faults.list()).toEqual([]);
    });
  }
});
