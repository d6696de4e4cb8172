/**
 * Key rotation that survives a crash: a worker process rotates its key with `FileRotationStore`, dies
 * after the service committed the rotation but before the answer reached it, and the next worker
 * recovers the same new key by replaying the rotation (same old key, same nonce).
 *
 *   npm run example -- key-rotation [--port 0]
 *
 * Against the embedded mock (a standalone mock server in this process, on `--port`: by default any
 * free port), the crash is the mock's injected `after_commit` drop. With SPORTS_ODDS_BASE_URL and SPORTS_ODDS_API_KEY set, it would rotate
 * that real key (revoking it at once): it refuses unless given `--rotate-real-key`, and then kills the
 * worker as the answer arrives, leaving the new key in a 0600 file whose path it prints.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { AuthenticationError, SportsOdds, type PendingRotation } from '../../src';
import { exampleCli } from '../lib/cli';
import { portFlag } from '../lib/port';
import { runExample } from '../lib/run';
import { realService } from '../lib/target';

const cli = exampleCli(
  'key-rotation',
  '[--port <n>] [--rotate-real-key]',
  'A key rotation that survives a crash after the commit, resumed by the next process.',
  `  --port <n>          the mock server's port (default 0: any free one)
  --rotate-real-key   with SPORTS_ODDS_BASE_URL and SPORTS_ODDS_API_KEY set: rotate (and revoke) that real key
  --help              show this help`,
);
const { values: args } = cli.parse(process.argv.slice(2), {
  port: { type: 'string' },
  'rotate-real-key': { type: 'boolean', default: false },
});
const port = portFlag(cli, '--port', args.port);
const real = realService();
if (real && !args['rotate-real-key']) {
  console.error(`This example rotates a key: against ${real.baseUrl} it would revoke SPORTS_ODDS_API_KEY at once and make a new one.`);
  console.error('Nothing was sent. Run it with --rotate-real-key to do that, or unset the variables to run it against the embedded mock.');
  process.exit(2);
}

const root = resolve(dirname(process.argv[1] ?? '.'), '../..');
const prefix = (key: string) => `${key.slice(0, 13)}…`;
const time = (iso: string | null | undefined) => (iso ? iso.slice(11, 23) : '?');

/** Runs one worker process, its output indented; resolves with how it ended. */
function worker(n: number, workerArgs: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', join(root, 'scripts/run-ts.mjs'), join(root, 'examples/key-rotation/worker.ts'), ...workerArgs],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => console.log(`   [worker ${n}] ${line}`));
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code, signal }));
  });
}

let server: MockServer | undefined;
const baseUrl = real?.baseUrl ?? '';
await runExample(real ? baseUrl : 'the mock server', async () => {
  let url = baseUrl;
  let oldKey = real?.apiKey ?? '';
  if (!real) {
    server = await startMockServer({ port });
    url = server.url;
    oldKey = (await server.mock.createAccount({ email: 'rotating-app@example.com', plan: 'starter' })).apiKey;
  }
  const dir = await mkdtemp(join(tmpdir(), 'sports-odds-rotation-'));
  await chmod(dir, 0o700);
  await writeFile(join(dir, 'api-key.json'), `${JSON.stringify({ api_key: oldKey })}\n`, { mode: 0o600 });
  console.log(`Key rotation that survives a crash, against ${real ? url : `a standalone mock server at ${url}`}`);
  console.log(`   the app's key file:     ${join(dir, 'api-key.json')}`);
  console.log(`   its rotation store:     ${join(dir, 'rotation.json')} (FileRotationStore)\n`);

  if (server) {
    server.mock.faults.inject({ route: 'keys.rotate', drop: 'after_commit' });
    console.log("1. The mock will drop the rotation's connection after it commits (an injected after_commit fault).");
  } else {
    console.log("1. The worker will be killed as the rotation's answer arrives, before it saves the new key.");
  }
  console.log('   Worker 1 rotates its key:');
  const first = await worker(1, ['--dir', dir, '--base-url', url, '--crash', server ? 'after-drop' : 'after-answer']);
  const startedSecond = new Date().toISOString();
  console.log(`   worker 1 ended by ${first.signal ?? `exit ${first.code}`}\n`);
  if (first.signal !== 'SIGKILL') throw new Error('worker 1 was expected to die mid-rotation');

  console.log('2. After the crash:');
  const pending = JSON.parse(await readFile(join(dir, 'rotation.json'), 'utf8')) as PendingRotation;
  console.log(
    `   rotation.json: a pending rotation started ${time(pending.startedAt)}, nonce ${pending.nonce.slice(0, 8)}…, old key ${prefix(pending.oldKey)} kept for the replay`,
  );
  const stillOld = JSON.parse(await readFile(join(dir, 'api-key.json'), 'utf8')) as { api_key: string };
  console.log(`   api-key.json:  still ${prefix(stillOld.api_key)}: the new key never reached the app`);
  let committed: { id: string; prefix: string; created_at: string } | undefined;
  if (server) {
    const keys = server.mock.accounts().find((a) => a.email === 'rotating-app@example.com')?.keys ?? [];
    committed = keys.find((k) => k.status === 'active');
    const revoked = keys.find((k) => k.status === 'revoked');
    console.log(
      `   the service:   old key ${revoked?.prefix}… revoked at ${time(revoked?.revoked_at)}; new key ${committed?.prefix}… (${committed?.id}) committed at ${time(committed?.created_at)}\n`,
    );
  } else {
    console.log('');
  }

  console.log('3. Worker 2 starts: rotate() finds the pending rotation and replays it, same old key, same nonce:');
  const second = await worker(2, ['--dir', dir, '--base-url', url]);
  if (second.code !== 0) throw new Error(`worker 2 ended by ${second.signal ?? `exit ${second.code}`}`);

  console.log('\n4. Checks:');
  const newKey = (JSON.parse(await readFile(join(dir, 'api-key.json'), 'utf8')) as { api_key: string }).api_key;
  const client = new SportsOdds({ apiKey: newKey, baseUrl: url });
  const active = (await client.keys.list()).filter((k) => k.status === 'active');
  const record = active.find((k) => k.prefix === newKey.slice(0, 13));
  const same =
    record !== undefined &&
    Date.parse(record.created_at ?? '') < Date.parse(startedSecond) &&
    (committed === undefined || record.id === committed.id);
  // On the mock the account had one key: after the rotation it has one again, the committed one.
  const noOther = server === undefined || active.length === 1;
  console.log(`   api-key.json holds ${prefix(newKey)}: key ${record?.id} created at ${time(record?.created_at)}, before worker 2 started`);
  const oldRefused = await new SportsOdds({ apiKey: oldKey, baseUrl: url, maxRetries: 0 }).account.get().then(
    () => false,
    (e: unknown) => e instanceof AuthenticationError,
  );
  console.log(
    `   the old key ${prefix(oldKey)} is refused (401): ${oldRefused}; rotation.json removed: ${await readFile(
      join(dir, 'rotation.json'),
    ).then(
      () => false,
      () => true,
    )}`,
  );
  if (!same || !oldRefused || !noOther) throw new Error('the recovered key is not the one the service committed before the crash');
  console.log(
    `\nThe same new key recovered: the one the service committed before the crash${committed ? ` (${committed.id}), and no other made` : ''}.`,
  );
  if (real)
    console.log(`Your new key is in ${join(dir, 'api-key.json')} (mode 0600): move it where your app reads it, then delete that folder.`);
  else await rm(dir, { recursive: true, force: true });
});
await server?.close();
