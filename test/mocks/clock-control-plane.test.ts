import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { NOW } from '../helpers/mock-server';

/**
 * The clock only moves forward on the control plane too (issue 23, item 4; docs/mock-server.md): an
 * earlier `now` or a negative `advance_ms` is `400 invalid_parameters` naming the current time, and
 * `POST /__admin/reset` lets it go back as far as the mock's start.
 */
const T0 = Date.parse(NOW);
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('POST /__admin/clock', () => {
  const post = async (server: MockServer, path: string, body: unknown) => {
    const response = await fetch(`${server.url}/__admin${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { now?: string; error?: { code: string; message: string } } };
  };
  const clockOf = async (server: MockServer) => ((await (await fetch(`${server.url}/__admin/clock`)).json()) as { now: string }).now;

  it('refuses an earlier now and a negative advance_ms with 400 naming the current time; a reset lets it go back to the start', async () => {
    const server = await startMockServer({ port: 0, now: NOW });
    servers.push(server);
    server.mock.clock.freeze(NOW);
    expect(await post(server, '/clock', { advance_ms: HOUR })).toEqual({ status: 200, body: { now: iso(T0 + HOUR), frozen: true } });
    // The mock uses the clock: a data request, answered at that instant.
    const answer = await fetch(`${server.url}/v1/catalog/sports`, { headers: { Authorization: `Bearer ${server.mock.apiKey}` } });
    expect(answer.status).toBe(200);
    const back = await post(server, '/clock', { now: NOW });
    expect(back.status).toBe(400);
    expect(back.body.error).toEqual({
      code: 'invalid_parameters',
      message: `the clock only moves forward: it stands at ${iso(T0 + HOUR)}, and ${iso(T0)} is earlier (a reset lets it go back as far as its start, ${iso(T0)}, until the mock uses it)`,
      request_id: expect.stringMatching(/^req_/),
    });
    const negative = await post(server, '/clock', { advance_ms: -1 });
    expect([negative.status, negative.body.error?.code, negative.body.error?.message]).toEqual([
      400,
      'invalid_parameters',
      `the clock only moves forward: advance it by 0 ms or more (it stands at ${iso(T0 + HOUR)})`,
    ]);
    expect(await clockOf(server)).toBe(iso(T0 + HOUR));
    expect((await post(server, '/reset', {})).status).toBe(200);
    expect(await post(server, '/clock', { now: NOW })).toEqual({ status: 200, body: { now: iso(T0), frozen: true } });
  });
});

describe('POST /__admin/clock with frozen', () => {
  it('freezes the clock where it stands or where it is moved to, and lets it run again', async () => {
    const server = await startMockServer({ port: 0, now: NOW });
    servers.push(server);
    const post = async (body: unknown) =>
      (
        await fetch(`${server.url}/__admin/clock`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    expect(await post({ now: iso(T0 + HOUR), frozen: true })).toEqual({ now: iso(T0 + HOUR), frozen: true });
    expect(server.mock.clock.frozen).toBe(true);
    expect(await post({ advance_ms: 1000 })).toEqual({ now: iso(T0 + HOUR + 1000), frozen: true });
    expect((await post({ frozen: false })).frozen).toBe(false);
    expect(server.mock.clock.frozen).toBe(false);
    expect(await post({})).toMatchObject({ error: { code: 'invalid_parameters' } });
  });
});
