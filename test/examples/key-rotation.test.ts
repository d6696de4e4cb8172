import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { freePort } from '../../examples/lib/port';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { runExample } from './run-example';

/** A key rotation that survives a crash, and a real key never rotated without the flag. */

let service: MockServer;
beforeAll(async () => {
  // Stands for a real service: the example reaches it through SPORTS_ODDS_BASE_URL and _API_KEY.
  service = await startMockServer({ port: 0 });
});
afterAll(async () => {
  await service?.close();
});

describe('npm run example -- key-rotation', () => {
  it('kills the worker after the commit, and the next worker recovers the same new key', async () => {
    const run = await runExample('key-rotation');
    expect(run.code, run.stderr).toBe(0);
    const out = run.stdout;
    expect(out).toContain("[worker 1] the rotation's answer was lost (ConnectionError): the process dies now (SIGKILL)");
    expect(out).toContain('worker 1 ended by SIGKILL');
    const committed = /new key (svc_live_\w{4})… \((key_[0-9a-f]{32})\) committed at/.exec(out);
    expect(committed).not.toBeNull();
    expect(out).toContain(`[worker 2] resumed the pending rotation: new key ${committed![1]}… saved in api-key.json`);
    expect(out).toContain(
      `The same new key recovered: the one the service committed before the crash (${committed![2]}), and no other made.`,
    );
  });

  it('runs its mock server on the port --port gives, and says in one line when that port is taken', async () => {
    const port = await freePort();
    const run = await runExample('key-rotation', ['--port', String(port)]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`^Key rotation that survives a crash, against a standalone mock server at http://127\\.0\\.0\\.1:${port}$`, 'm'),
    );
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const refused = await runExample('key-rotation', ['--port', String(port)]);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(`Port ${port} is in use: choose another with the port flag (--help), or 0 for any free port.`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    const bad = await runExample('key-rotation', ['--port', 'http']);
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([
      2,
      'key-rotation: --port takes a port (0: any free one) from 0 to 65535, not "http"',
    ]);
  });

  it('never rotates a configured real key without --rotate-real-key: nothing is sent', async () => {
    const run = await runExample('key-rotation', [], { SPORTS_ODDS_BASE_URL: service.url, SPORTS_ODDS_API_KEY: service.mock.apiKey });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`against ${service.url} it would revoke SPORTS_ODDS_API_KEY at once`);
    expect(service.mock.requests()).toEqual([]);
    expect(service.mock.accounts()[0]?.keys.map((k) => k.status)).toEqual(['active']);
  });

  it('with --rotate-real-key, kills the worker as the answer arrives and still recovers the committed key', async () => {
    const run = await runExample('key-rotation', ['--rotate-real-key'], {
      SPORTS_ODDS_BASE_URL: service.url,
      SPORTS_ODDS_API_KEY: service.mock.apiKey,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('[worker 1] the rotation answered 200, before the key was saved: the process dies now (SIGKILL)');
    expect(run.stdout).toContain('The same new key recovered: the one the service committed before the crash.');
    const keys = service.mock.accounts()[0]?.keys ?? [];
    expect(keys.map((k) => k.status)).toEqual(['revoked', 'active']);
    // The one rotation, answered twice: the lost answer and its exact replay.
    expect(
      service.mock
        .requests()
        .filter((r) => r.route === 'keys.rotate')
        .map((r) => r.status),
    ).toEqual([200, 200]);
    const folder = /Your new key is in (\S+)\/api-key\.json/.exec(run.stdout)?.[1];
    expect(folder).toBeDefined();
    const { rm } = await import('node:fs/promises');
    await rm(folder!, { recursive: true, force: true });
  });
});
