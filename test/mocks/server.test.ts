import { spawn } from 'node:child_process';
import { request as httpRequest, Agent } from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../src/schemas';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli } from '../helpers/cli';
import { newGate, turn, until } from '../helpers/gate';
import { NOW } from '../helpers/mock-server';

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(options: Parameters<typeof startMockServer>[0] = {}) {
  const server = await startMockServer({ port: 0, now: NOW, ...options });
  servers.push(server);
  return server;
}

const auth = (server: MockServer) => ({ Authorization: `Bearer ${server.mock.apiKey}` });

describe('startMockServer', () => {
  it('serves the same handlers over real HTTP on loopback, with the envelope for unknown paths', async () => {
    const server = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const ok = await fetch(`${server.url}/v1/catalog/sports`, { headers: auth(server) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('X-Credits-Cost')).toBe('3');
    expect(((await ok.json()) as unknown[]).length).toBe(44);
    for (const path of ['/v1/nope', '/nothing-here']) {
      const missing = await fetch(`${server.url}${path}`, { headers: auth(server) });
      expect(missing.status).toBe(404);
      const body = (await missing.json()) as { error: { code: string; request_id: string } };
      expect(body.error.code).toBe('not_found');
      expect(missing.headers.get('X-Request-Id')).toBe(body.error.request_id);
      expect(missing.headers.get('X-Service-Origin')).toBe(server.url);
    }
  });

  it('sends every answer with its Content-Length, never chunked, small or large (a head and a body over 64 KiB written apart)', async () => {
    const server = await start();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; length: string | undefined; chunked: boolean; bytes: number }>((resolve, reject) => {
        httpRequest(`${server.url}${path}`, { agent, headers: auth(server) }, (res) => {
          let bytes = 0;
          res
            .on('data', (c: Buffer) => (bytes += c.length))
            .on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                length: res.headers['content-length'],
                chunked: res.headers['transfer-encoding'] !== undefined,
                bytes,
              }),
            );
        })
          .on('error', reject)
          .end();
      });
    // A small answer, a refusal, and a listing of 500 events (well over 64 KiB).
    for (const path of ['/v1/catalog/sports', '/v1/nope', '/v1/events?limit=500']) {
      const answer = await get(path);
      expect(answer.chunked).toBe(false);
      expect(Number(answer.length)).toBe(answer.bytes);
    }
    expect((await get('/v1/events?limit=500')).bytes).toBeGreaterThan(64 * 1024);
    agent.destroy();
  });

  it('keeps connections alive and streams request bodies', async () => {
    const server = await start();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const post = (body: string) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          `${server.url}/v1/account/keys`,
          { method: 'POST', agent, headers: { ...auth(server), 'Content-Type': 'application/json' } },
          (res) => {
            sockets.add(res.socket);
            let text = '';
            res
              .setEncoding('utf8')
              .on('data', (c) => (text += c))
              .on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        // The body arrives in pieces: the adapter must stream it, not expect it whole.
        req.write(body.slice(0, 5), () => req.end(body.slice(5)));
      });
    const first = await post(JSON.stringify({ name: 'streamed one' }));
    const second = await post(JSON.stringify({ name: 'streamed two', scopes: ['data:read'] }));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(sockets.size).toBe(1);
    agent.destroy();
  });

  it('answers CORS preflights and exposes the metering headers to allowed origins only', async () => {
    const server = await start({ corsOrigins: ['http://app.example'] });
    const preflight = await fetch(`${server.url}/v1/events`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('http://app.example');
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toContain('Authorization');
    const get = await fetch(`${server.url}/v1/catalog/sports`, { headers: { ...auth(server), Origin: 'http://app.example' } });
    expect(get.headers.get('Access-Control-Allow-Origin')).toBe('http://app.example');
    expect(get.headers.get('Access-Control-Expose-Headers')).toContain('X-Credits-Cost');
    // A page reads every response header of docs/service.md, so a header added there is exposed too.
    expect(get.headers.get('Access-Control-Expose-Headers')?.split(', ')).toEqual(expect.arrayContaining(Object.values(HEADER)));
    const other = await fetch(`${server.url}/v1/catalog/sports`, { headers: { ...auth(server), Origin: 'http://evil.example' } });
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('closes gracefully: a running request finishes, then the port is free', async () => {
    const server = await startMockServer({ port: 0, now: NOW });
    const gate = newGate();
    server.mock.faults.inject({ route: 'catalog.sports', hold: gate.opened });
    const running = fetch(`${server.url}/v1/catalog/sports`, { headers: auth(server) });
    // Close once the request is inside the service (its credits are reserved), then let it finish.
    await until(() => (server.mock.ledger()[0]?.reserved ?? 0) > 0);
    const closed = server.close();
    await turn();
    gate.open();
    expect((await running).status).toBe(200);
    await closed;
    await expect(fetch(`${server.url}/v1/catalog/sports`)).rejects.toThrow();
  });
});

describe('control plane', () => {
  // State-changing control requests are JSON, even without a body (the CSRF guard).
  const admin = (server: MockServer, path: string, init: { method?: string; body?: unknown } = {}) => {
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
    return fetch(`${server.url}/__admin${path}`, {
      method,
      headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  };

  it('reads, sets and advances the clock', async () => {
    const server = await start();
    server.mock.clock.freeze(NOW);
    expect(await (await admin(server, '/clock')).json()).toEqual({ now: '2026-11-21T15:00:00.000Z', frozen: true });
    expect(await (await admin(server, '/clock', { body: { advance_ms: 60_000 } })).json()).toEqual({
      now: '2026-11-21T15:01:00.000Z',
      frozen: true,
    });
    expect(await (await admin(server, '/clock', { body: { now: '2026-12-01T00:00:00Z' } })).json()).toEqual({
      now: '2026-12-01T00:00:00.000Z',
      frozen: true,
    });
  });

  it('creates and changes accounts, and refuses bad input with the envelope', async () => {
    const server = await start();
    const created = await admin(server, '/accounts', { body: { email: 'new@example.com', plan: 'starter' } });
    expect(created.status).toBe(201);
    const { api_key } = (await created.json()) as { api_key: string };
    expect((await fetch(`${server.url}/v1/account`, { headers: { Authorization: `Bearer ${api_key}` } })).status).toBe(200);
    const patched = await admin(server, '/accounts/new@example.com', { method: 'PATCH', body: { status: 'suspended' } });
    expect(patched.status).toBe(200);
    const denied = await fetch(`${server.url}/v1/catalog/sports`, { headers: { Authorization: `Bearer ${api_key}` } });
    expect(denied.status).toBe(403);
    for (const [path, body, status, code] of [
      ['/accounts', { email: 'not-an-email' }, 400, 'invalid_parameters'],
      ['/accounts', { email: 'x@example.com', plan: 'gold' }, 400, 'invalid_parameters'],
      ['/faults', { route: '/v1/nope', count: 1 }, 400, 'invalid_parameters'],
      ['/nothing', {}, 404, 'not_found'],
    ] as const) {
      const answer = await admin(server, path, { body });
      expect(answer.status, path).toBe(status);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    const unknown = await admin(server, '/accounts/nobody@example.com', { method: 'PATCH', body: { status: 'active' } });
    expect(unknown.status).toBe(404);
    const noJson = await fetch(`${server.url}/__admin/accounts`, { method: 'POST', body: '{}' });
    expect(noJson.status).toBe(415);
  });

  it('injects faults and shows the ledger', async () => {
    const server = await start();
    expect((await admin(server, '/faults', { body: { route: 'catalog.sports', count: 1, status: 503, retry_after: 2 } })).status).toBe(201);
    const failed = await fetch(`${server.url}/v1/catalog/sports`, { headers: auth(server) });
    expect(failed.status).toBe(503);
    expect(failed.headers.get('Retry-After')).toBe('2');
    const ledger = (await (await admin(server, '/ledger')).json()) as { email: string; charged: number }[];
    expect(ledger.find((l) => l.email === server.mock.demoEmail)?.charged).toBe(1);
  });

  it('issues challenges, starts and completes checkouts, adds guidance, shows the outbox and resets', async () => {
    const server = await start();
    const challenge = (await (await admin(server, '/challenges', { body: { action: 'account_recovery' } })).json()) as {
      challenge_token: string;
    };
    expect(challenge.challenge_token).toMatch(/^chl_/);
    const checkout = (await (await admin(server, '/checkouts', { body: { email: 'buyer@example.com', plan: 'trial' } })).json()) as {
      session_id: string;
    };
    expect((await admin(server, `/checkouts/${checkout.session_id}/complete`, { method: 'POST' })).status).toBe(200);
    const guidance = await admin(server, '/guidance', {
      body: { email: server.mock.demoEmail, title: 'Maintenance', body: 'Odds history is being rebuilt tonight.' },
    });
    expect(guidance.status).toBe(201);
    expect(await (await admin(server, '/outbox')).json()).toEqual([]);
    expect((await admin(server, '/reset', { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${server.url}/v1/account`, { headers: auth(server) })).status).toBe(200);
  });

  it('is absent with admin off, and never under /v1', async () => {
    const server = await start({ admin: false });
    expect((await fetch(`${server.url}/__admin/clock`)).status).toBe(404);
    expect((await fetch(`${server.url}/v1/__admin/clock`, { headers: auth(server) })).status).toBe(404);
  });
});

describe('under load', () => {
  it('answers 1,000 requests of 50 concurrent clients, loses none, and the ledger balances (the timed soak is bench/mock-soak.ts)', async () => {
    const plans = {
      load: { slug: 'load', name: 'Load', periodCredits: 10_000_000, periodDays: 30, dailyCredits: 10_000_000, rateLimitRps: 1_000_000 },
    };
    const server = await start({ plans, demoAccount: { plan: 'load' } });
    const paths = ['/v1/catalog/sports', '/v1/events?limit=20', '/v1/catalog/leagues?sport_id=1', '/v1/outrights'];
    let answered = 0;
    let charged = 0;
    const client = async (i: number) => {
      for (let n = 0; n < 20; n++) {
        const res = await fetch(`${server.url}${paths[(i + n) % paths.length]}`, { headers: auth(server) });
        await res.arrayBuffer();
        expect(res.status).toBe(200);
        answered++;
        charged += Number(res.headers.get('X-Credits-Cost'));
      }
    };
    await Promise.all(Array.from({ length: 50 }, (_, i) => client(i)));
    const ledger = server.mock.ledger().find((l) => l.email === server.mock.demoEmail)!;
    expect(answered).toBe(1_000);
    expect(ledger.charged).toBe(charged);
    expect(ledger.reserved).toBe(0);
  }, 60_000);
});

describe('sports-odds-mock CLI', () => {
  let cli = '';
  beforeAll(async () => {
    cli = await buildCli();
  });

  const run = (args: string[], env: NodeJS.ProcessEnv = process.env) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (c) => (out.stdout += c));
    child.stderr.on('data', (c) => (out.stderr += c));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    /** Settles when the output so far contains `text` (on the child's own output, not a timer). */
    const printed = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!out.stdout.includes(text)) return;
          child.stdout.off('data', check);
          resolve();
        };
        child.stdout.on('data', check);
        void exit.then((code) => reject(new Error(`exited with ${code} before printing ${text}: ${out.stderr}`)));
        check();
      });
    return { child, out, exit, printed };
  };

  it.each([['--bogus'], ['--port', 'abc'], ['--plan', 'gold'], ['--api-key', 'nope'], ['extra']])(
    'prints the usage and exits 2 on %s',
    async (...args) => {
      const { out, exit } = run(args);
      expect(await exit).toBe(2);
      expect(out.stderr).toContain('Usage: sports-odds-mock');
    },
  );

  it('prints the usage with --help and exits 0', async () => {
    const { out, exit } = run(['--help']);
    expect(await exit).toBe(0);
    expect(out.stdout).toContain('--public-origin');
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('starts, prints the URL and the demo key, serves, and closes cleanly on %s', async (signal) => {
    const key = `svc_live_${'k'.repeat(32)}`;
    const { child, out, exit, printed } = run(['--port', '0', '--api-key', key, '--now', NOW, '--plan', 'starter']);
    await printed('Try: curl'); // the banner's last line
    expect(out.stdout).toContain('listening on http://127.0.0.1:');
    const url = /listening on (http:\/\/\S+)/.exec(out.stdout)![1]!;
    expect(out.stdout).toContain(key);
    const res = await fetch(`${url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { plan: { slug: string }; recovery_email: { verified: boolean } }).recovery_email.verified).toBe(true);
    child.kill(signal);
    expect(await exit).toBe(0);
  });

  describe('plans for a load test', () => {
    const key = `svc_live_${'p'.repeat(32)}`;
    const account = async (url: string) =>
      (await (await fetch(`${url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } })).json()) as {
        plan: { slug: string; rate_limit_rps: number; daily_credit_limit: number };
        quota: { limit: number };
      };
    const started = async (args: string[]) => {
      const { child, out, exit, printed } = run(['--port', '0', '--api-key', key, '--now', NOW, ...args]);
      await printed('Try: curl');
      const url = /listening on (http:\/\/\S+)/.exec(out.stdout)![1]!;
      return {
        url,
        stop: async () => {
          child.kill('SIGTERM');
          expect(await exit).toBe(0);
        },
      };
    };

    it("serves a plan file's plan as the demo account's, and every request of a burst over pro's 20 a second", async () => {
      const dir = await mkdtemp(join(tmpdir(), 'mock-plans-'));
      const file = join(dir, 'plans.json');
      const load = { slug: 'load', name: 'Load', periodCredits: 1e9, periodDays: 30, dailyCredits: 1e9, rateLimitRps: 100_000 };
      await writeFile(file, JSON.stringify({ load }));
      const server = await started(['--plans', file, '--plan', 'load']);
      expect((await account(server.url)).plan).toMatchObject({ slug: 'load', rate_limit_rps: 100_000, daily_credit_limit: 1e9 });
      const statuses = await Promise.all(
        Array.from({ length: 60 }, async () => {
          const res = await fetch(`${server.url}/v1/catalog/sports`, { headers: { Authorization: `Bearer ${key}` } });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      await server.stop();
    });

    it("changes the demo account's plan by flags, the rest of it kept", async () => {
      const server = await started(['--plan', 'starter', '--rate-limit', '500', '--daily-credits', '7']);
      const seen = await account(server.url);
      expect(seen.plan).toMatchObject({ slug: 'starter', rate_limit_rps: 500, daily_credit_limit: 7 });
      expect(seen.quota.limit).toBe(100_000);
      await server.stop();
    });

    it.each([
      [
        { fast: { slug: 'fast', name: 'Fast', periodCredits: 1, periodDays: 30, dailyCredits: 1, rateLimit: 5 } },
        'plans.fast has no option "rateLimit" (did you mean rateLimitRps?)',
      ],
      [
        { fast: { slug: 'fast', name: 'Fast', periodCredits: 1, periodDays: 30, dailyCredits: 1.5, rateLimitRps: 5 } },
        'plans.fast.dailyCredits must be a non-negative integer of credits, got 1.5',
      ],
      [[1], 'plans must be an object, got an array'],
      ['{not json', 'is not JSON'],
    ])('refuses a plan file %j naming the file, exit 2, before listening', async (content, fragment) => {
      const dir = await mkdtemp(join(tmpdir(), 'mock-plans-'));
      const file = join(dir, 'plans.json');
      await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
      const { out, exit } = run(['--port', '0', '--plans', file]);
      expect(await exit).toBe(2);
      expect(out.stderr.split('\n')[0]).toContain(`sports-odds-mock: --plans ${JSON.stringify(file)}`);
      expect(out.stderr.split('\n')[0]).toContain(fragment);
      expect(out.stdout).toBe('');
    });

    it('refuses a plan file it cannot read, naming the path', async () => {
      const { out, exit } = run(['--port', '0', '--plans', '/nonexistent/plans.json']);
      expect(await exit).toBe(2);
      expect(out.stderr.split('\n')[0]).toBe('sports-odds-mock: --plans cannot read "/nonexistent/plans.json" (ENOENT): check the path');
    });
  });

  it.runIf(process.platform === 'linux')(
    "runs on Node's defaults: the process as started, no V8 flag or malloc setting of its own (NODE_OPTIONS is the user's)",
    async () => {
      const env: NodeJS.ProcessEnv = { ...process.env };
      delete env['NODE_OPTIONS'];
      for (const name of Object.keys(env)) if (name.startsWith('MALLOC_')) delete env[name];
      const { child, out, exit, printed } = run(['--port', '0', '--now', NOW], env);
      await printed('Try: curl');
      const argv = (await readFile(`/proc/${child.pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
      const environ = (await readFile(`/proc/${child.pid}/environ`, 'utf8')).split('\0');
      expect(argv).toEqual([process.execPath, cli, '--port', '0', '--now', NOW]);
      expect(environ.filter((line) => line.startsWith('MALLOC_') || line.startsWith('NODE_OPTIONS='))).toEqual([]);
      expect(out.stdout.match(/listening on/g)).toHaveLength(1);
      expect(out.stderr).toBe('');
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    },
  );
});
