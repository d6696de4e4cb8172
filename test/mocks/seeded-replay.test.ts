import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockService, type MockService } from '../../mocks';
import { NOW } from '../helpers/mock-server';

/**
 * Replays that repeat (docs/testing.md, "Replays that repeat"; docs/mock-server.md, `--deterministic`): a deterministic mock
 * with a fixed `now` and a frozen clock answers the same sequence of requests byte for byte alike in two runs, in process and
 * as the standalone server: status, every header (`Date` too: it is the frozen clock's), and the body (request ids, key ids,
 * keys, tokens, checkout ids, cookies and live cursors included). A mock that is not deterministic draws them anew in each run.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SEED = 'replay-seed';
const BUYER = 'buyer@example.com';

/** What the scenario needs from a mock: its `/v1` routes, and the test affordances (in process, or the control plane). */
interface Driver {
  apiKey: string;
  demoEmail: string;
  v1(path: string, init?: RequestInit): Promise<Response>;
  challenge(): Promise<string>;
  startCheckout(email: string): Promise<{ session_id: string; resume_token: string; claim_token: string }>;
  completeCheckout(sessionId: string): Promise<void>;
  outbox(): Promise<{ to: string; kind: string; link: string }[]>;
}

const json = (body: unknown, key?: string): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...(key === undefined ? {} : { Authorization: `Bearer ${key}` }) },
  body: JSON.stringify(body),
});
const bearer = (key: string): RequestInit => ({ headers: { Authorization: `Bearer ${key}` } });

/**
 * A mixed sequence, one request at a time and within the plan's rate: data, a 4xx, keys made and listed, a live cursor followed,
 * a checkout opened, paid and claimed, the primary key revoked and the account recovered through the outbox's link. Returns
 * the transcript: every answer's status, headers and body as text, and what each affordance gave.
 */
async function scenario(d: Driver): Promise<string[]> {
  const transcript: string[] = [];
  const answer = async (path: string, init?: RequestInit) => {
    const response = await d.v1(path, init);
    const text = await response.text();
    const headers = [...response.headers];
    transcript.push(
      `${init?.method ?? 'GET'} ${path} -> ${response.status}\n${headers.map(([n, v]) => `${n}: ${v}`).join('\n')}\n\n${text}`,
    );
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
  };
  const noted = <T>(label: string, value: T): T => {
    transcript.push(`${label}: ${JSON.stringify(value)}`);
    return value;
  };

  expect((await answer('/v1/catalog/sports', bearer(d.apiKey))).status).toBe(200);
  const missing = await answer('/v1/events/not-an-id/odds', bearer(d.apiKey));
  expect(missing.status).toBe(400);
  expect(missing.body.error.request_id).toBe(missing.headers.get('x-request-id'));

  const made = await answer('/v1/account/keys', json({ name: 'reader', scopes: ['data:read'] }, d.apiKey));
  expect(made.status).toBe(201);
  const listed = await answer('/v1/account/keys', bearer(d.apiKey));
  const primary = (listed.body as { id: string; name: string }[]).find((k) => k.name === 'Primary key');
  expect(primary).toBeDefined();

  const live = await answer('/v1/events?live=1&limit=1', bearer(d.apiKey));
  expect(live.status).toBe(200);
  const cursor = live.headers.get('x-next-cursor') ?? (live.body as { next_cursor?: string }).next_cursor;
  expect(cursor).toEqual(expect.any(String));
  expect((await answer(`/v1/events?live=1&limit=1&cursor=${encodeURIComponent(cursor!)}`, bearer(d.apiKey))).status).toBe(200);

  const checkout = noted('checkout', await d.startCheckout(BUYER));
  const opened = await answer('/v1/checkout/intents', json({ resume_token: checkout.resume_token }));
  expect(opened.headers.get('set-cookie')).toMatch(/^\S+=\S+/);
  await d.completeCheckout(checkout.session_id);
  expect((await answer('/v1/checkout/claims', json({ claim_token: checkout.claim_token }))).status).toBe(200);

  expect((await answer(`/v1/account/keys/${primary!.id}/revoke`, { method: 'POST', ...bearer(d.apiKey) })).status).toBe(200);
  const challenge = noted('challenge', await d.challenge());
  expect((await answer('/v1/recovery/requests', json({ email: d.demoEmail, challenge_token: challenge }))).status).toBe(202);
  const links = noted('outbox', await d.outbox()).filter((m) => m.kind === 'recovery' && m.to === d.demoEmail);
  expect(links).toHaveLength(1);
  const token = new URLSearchParams(new URL(links[0]!.link).hash.slice(1)).get('token');
  const recovered = await answer('/v1/recovery/claims', json({ recovery_token: token }));
  expect(recovered.status).toBe(200);
  expect((await answer('/v1/account', bearer(recovered.body.api_key))).status).toBe(200);
  return transcript;
}

/** The in-process affordances of a mock. */
const inProcess = (mock: MockService): Driver => ({
  apiKey: mock.apiKey,
  demoEmail: mock.demoEmail,
  v1: (path, init) => mock.fetch(`${mock.baseUrl}${path}`, init),
  challenge: () => mock.issueChallenge(),
  startCheckout: (email) => mock.startCheckout({ email }),
  completeCheckout: (id) => mock.completeCheckout(id),
  outbox: () => mock.outbox(),
});

const newMock = (deterministic: boolean) => {
  const mock = createMockService({ seed: SEED, now: NOW, deterministic });
  mock.clock.freeze(NOW);
  return mock;
};

describe('a deterministic mock in process', () => {
  it('answers the same sequence byte for byte alike in two runs: every header, every body', async () => {
    const first = await scenario(inProcess(newMock(true)));
    const second = await scenario(inProcess(newMock(true)));
    expect(second).toEqual(first);
    // The ids are drawn, not constant: a request id of each answer, a key of each credential.
    const requestIds = first.join('\n').match(/x-request-id: req_[0-9a-f]{32}/g) ?? [];
    expect(new Set(requestIds).size).toBe(requestIds.length);
    expect(requestIds.length).toBeGreaterThan(10);
  });

  it('answers a reset the same as a new mock: the state draws from the start of its sequence again', async () => {
    const mock = newMock(true);
    const first = await scenario(inProcess(mock));
    await mock.reset();
    expect(await scenario(inProcess(mock))).toEqual(first);
  });

  it("draws a recovery link's token when its request is answered, however late the queue sending it runs", async () => {
    // The link is sent after the 202, by a queue that runs on a timer: a request answered before that must not change it.
    const linkOf = async (answeredBeforeTheQueue: boolean) => {
      const mock = newMock(true);
      await mock.ready;
      const v1 = (path: string, init?: RequestInit) => mock.fetch(`${mock.baseUrl}${path}`, init);
      // Recovery needs the account without an active account:manage key: the primary key revoked.
      const keys = (await (await v1('/v1/account/keys', bearer(mock.apiKey))).json()) as { id: string; name: string }[];
      const primary = keys.find((k) => k.name === 'Primary key');
      expect((await v1(`/v1/account/keys/${primary?.id}/revoke`, { method: 'POST', ...bearer(mock.apiKey) })).status).toBe(200);
      const challenge = await mock.issueChallenge();
      const requested = await v1('/v1/recovery/requests', json({ email: mock.demoEmail, challenge_token: challenge }));
      expect(requested.status).toBe(202);
      // Any answer draws a request id (this one a 401: the key is revoked).
      const other = async () => void (await v1('/v1/catalog/sports', bearer(mock.apiKey)));
      if (answeredBeforeTheQueue) await other();
      const links = (await mock.outbox()).filter((m) => m.kind === 'recovery').map((m) => m.link);
      if (!answeredBeforeTheQueue) await other();
      expect(links).toHaveLength(1);
      return links[0];
    };
    expect(await linkOf(true)).toBe(await linkOf(false));
  });

  it('draws other ids from another seed, and the same demo key from the same one', () => {
    const a = createMockService({ seed: SEED, now: NOW, deterministic: true });
    expect(createMockService({ seed: SEED, now: NOW, deterministic: true }).apiKey).toBe(a.apiKey);
    expect(createMockService({ seed: 'another', now: NOW, deterministic: true }).apiKey).not.toBe(a.apiKey);
  });

  it('refuses a deterministic option that is not true or false', () => {
    for (const value of ['yes', 1, null])
      expect(() => createMockService({ deterministic: value as never })).toThrow(/deterministic must be true or false, got/);
  });
});

describe('a mock that is not deterministic', () => {
  it('draws its request ids, keys and tokens anew in each run', async () => {
    const first = await scenario(inProcess(newMock(false)));
    const second = await scenario(inProcess(newMock(false)));
    expect(first).toHaveLength(second.length);
    const ids = (lines: string[]): string[] =>
      lines.join('\n').match(/req_[0-9a-f]{32}|svc_live_[A-Za-z0-9]{32}|cs_[0-9a-f]{32}|rcv_\S{43}/g) ?? [];
    expect(ids(first).length).toBeGreaterThan(10);
    expect(ids(first).filter((id) => ids(second).includes(id))).toEqual([]);
  });
});

/** A running `sports-odds-mock` and its banner. */
interface Running {
  child: ChildProcess;
  url: string;
  banner: string;
}

const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'mock-replay-'));
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the CLI on a free port; resolves once its banner is out. */
function start(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'mocks/server/cli.ts', '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url !== undefined && stdout.includes('Try: curl')) resolve({ child, url, banner: stdout });
    });
    child.on('close', (code) => reject(new Error(`the mock exited (${code}): ${stderr}`)));
  });
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGTERM');
  });

/** The control plane's affordances of a running server. */
function overHttp(url: string, apiKey: string): Driver {
  const admin = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}/__admin${path}`, body === undefined ? {} : json(body));
    expect(response.status).toBeLessThan(300);
    return (await response.json()) as T;
  };
  return {
    apiKey,
    demoEmail: 'demo@sports-odds.test',
    v1: (path, init) => fetch(`${url}${path}`, init),
    challenge: async () => (await admin<{ challenge_token: string }>('/challenges', {})).challenge_token,
    startCheckout: (email) => admin('/checkouts', { email, plan: 'trial' }),
    completeCheckout: async (id) => void (await admin(`/checkouts/${id}/complete`, {})),
    outbox: () => admin('/outbox'),
  };
}

/** One run of the scenario on a new server; the transcript with the server's own URL (its port is free, so it varies) written `<server>`. */
async function serverRun(args: string[]): Promise<{ banner: string; transcript: string[] }> {
  const server = await start(args);
  try {
    const apiKey = /demo key \(data:read \+ account:manage\): (svc_live_\w+)/.exec(server.banner)?.[1];
    expect(apiKey).toBeDefined();
    const transcript = await scenario(overHttp(server.url, apiKey!));
    const port = new URL(server.url).port;
    return {
      banner: server.banner.replaceAll(server.url, '<server>'),
      transcript: transcript.map((line) => line.replaceAll(server.url, '<server>').replaceAll(`127.0.0.1:${port}`, '<server>')),
    };
  } finally {
    await stopped(server.child);
  }
}

describe('the standalone server with --deterministic', () => {
  it('answers the same sequence byte for byte alike in two runs, and its banner says the ids are predictable', async () => {
    const flags = ['--seed', SEED, '--now', NOW, '--freeze', '--deterministic'];
    const first = await serverRun(flags);
    const second = await serverRun(flags);
    expect(second.transcript).toEqual(first.transcript);
    expect(second.banner).toBe(first.banner);
    expect(first.banner).toMatch(/deterministic: ids, keys, tokens and secrets are predictable \(drawn from the seed\): for tests only/);
  }, 60_000);

  it('draws them anew in each run without it', async () => {
    const flags = ['--seed', SEED, '--now', NOW, '--freeze'];
    const first = await serverRun(flags);
    const second = await serverRun(flags);
    expect(first.banner).not.toMatch(/predictable/);
    const ids = (lines: string[]): string[] => lines.join('\n').match(/req_[0-9a-f]{32}|svc_live_[A-Za-z0-9]{32}/g) ?? [];
    expect(ids(first.transcript).filter((id) => ids(second.transcript).includes(id))).toEqual([]);
  }, 60_000);
});

describe('the standalone server with --deterministic and --state', () => {
  const KEY = `svc_live_${'r'.repeat(32)}`;
  const flags = ['--seed', SEED, '--now', NOW, '--freeze', '--deterministic', '--api-key', KEY];
  /** A few requests that draw ids, keys and a request id each, as a transcript with the server's URL written `<server>`. */
  const some = async (url: string) => {
    const lines: string[] = [];
    for (const init of [json({ name: 'ci' }, KEY), bearer(KEY)]) {
      const response = await fetch(`${url}/v1/account/keys`, init);
      lines.push(`${response.status} ${response.headers.get('x-request-id')} ${(await response.text()).replaceAll(url, '<server>')}`);
    }
    return lines;
  };

  it('goes on after a restart with the values a server that kept running would have drawn', async () => {
    const kept = await start(flags);
    const straight = [...(await some(kept.url)), ...(await some(kept.url))];
    await stopped(kept.child);

    const file = join(dir, 'state.json');
    const before = await start([...flags, '--state', file]);
    const first = await some(before.url);
    await stopped(before.child);
    const after = await start([...flags, '--state', file]);
    const second = await some(after.url);
    await stopped(after.child);
    expect([...first, ...second]).toEqual(straight);
  }, 60_000);
});
