import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { NOW } from '../helpers/mock-server';

/** `GET` and `PUT /__admin/state` (docs/mock-server.md, "Control plane: `/__admin`"): export, import, refusals, the guard. */

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(options: Parameters<typeof startMockServer>[0] = {}): Promise<MockServer> {
  const server = await startMockServer({ port: 0, now: NOW, ...options });
  servers.push(server);
  server.mock.clock.freeze(NOW);
  return server;
}

const put = (server: MockServer, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/__admin/state`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('/__admin/state', () => {
  it('exports the state without a plaintext key, and puts it back: what came after is gone', async () => {
    const server = await start();
    const text = await (await fetch(`${server.url}/__admin/state`)).text();
    expect(text).not.toContain(server.mock.apiKey.slice('svc_live_'.length));
    await server.mock.createAccount({ email: 'later@example.com' });
    server.mock.clock.advance(3_600_000);
    const answer = await put(server, JSON.parse(text));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ restored: true, now: '2026-11-21T15:00:00.000Z', frozen: true, omitted: [] });
    expect(server.mock.accounts().map((a) => a.email)).toEqual([server.mock.demoEmail]);
  });

  it('refuses a document of another version or a malformed one with 400, and changes nothing', async () => {
    const server = await start();
    const saved = (await (await fetch(`${server.url}/__admin/state`)).json()) as Record<string, unknown>;
    await server.mock.createAccount({ email: 'kept@example.com' });
    const before = JSON.stringify(server.mock.snapshot());
    for (const [body, message] of [
      [{ ...saved, version: 7 }, 'a state document of version 7, and this mock reads version 1'],
      [{ ...saved, keys: 'none' }, 'a malformed state document: keys: '],
      [{ ...saved, seed: 'other' }, 'the state was saved by a mock of seed "other"'],
    ] as const) {
      const answer = await put(server, body);
      const refusal = (await answer.json()) as { error: { code: string; message: string } };
      expect([answer.status, refusal.error.code]).toEqual([400, 'invalid_parameters']);
      expect(refusal.error.message).toContain(message);
    }
    expect(JSON.stringify(server.mock.snapshot())).toBe(before);
  });

  it('follows the control plane guard: a foreign Origin or Host is refused, and --no-admin serves none of it', async () => {
    const server = await start();
    const saved = await (await fetch(`${server.url}/__admin/state`)).json();
    expect((await put(server, saved, { Origin: 'https://evil.example' })).status).toBe(403);
    // fetch never sends a Host of its own: node:http does.
    const host = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${server.url}/__admin/state`, { headers: { Host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end();
    });
    expect(host).toBe(403);
    const closed = await start({ admin: false });
    expect((await fetch(`${closed.url}/__admin/state`)).status).toBe(404);
    expect((await put(closed, saved)).status).toBe(404);
  });
});
