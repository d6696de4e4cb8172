/**
 * The application process of the key-rotation example: it reads its key from its key file, rotates
 * it with a `FileRotationStore`, and saves the new key in `onKeyRotated`. Started by main.ts:
 *
 *   worker.ts --dir <folder> --base-url <url> [--crash after-drop|after-answer]
 *
 * `--crash after-drop` kills the process when the rotation's connection drops (the mock's injected
 * `after_commit` fault): the service committed, the answer never arrived. `--crash after-answer`
 * kills it as the answer arrives, before the key is saved (a real service cannot drop on demand).
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CommandLine } from '../../mocks/server/cli-flags';
import { SportsOdds } from '../../src';
import { FileRotationStore } from '../../src/node';

const cli = new CommandLine(
  'key-rotation worker',
  'Usage: worker.ts --dir <folder> --base-url <url> [--crash after-drop|after-answer]\n\nA process of `npm run example -- key-rotation`: run that instead.',
);
const { values: args } = cli.parse(process.argv.slice(2), {
  dir: { type: 'string' },
  'base-url': { type: 'string' },
  crash: { type: 'string' },
});
if (args.crash !== undefined && !['after-drop', 'after-answer'].includes(args.crash)) cli.fail('--crash takes after-drop or after-answer');
const dir = args.dir ?? '.';
const keyFile = join(dir, 'api-key.json');
const prefix = (key: string) => `${key.slice(0, 13)}…`;

/** The application's own key store: a JSON file, replaced atomically. */
const readKey = async () => (JSON.parse(await readFile(keyFile, 'utf8')) as { api_key: string }).api_key;
async function saveKey(apiKey: string): Promise<void> {
  await writeFile(`${keyFile}.tmp`, `${JSON.stringify({ api_key: apiKey })}\n`, { mode: 0o600 });
  await rename(`${keyFile}.tmp`, keyFile);
}

const die = (why: string) => {
  console.log(`${why}: the process dies now (SIGKILL)`);
  process.kill(process.pid, 'SIGKILL');
};

const odds = new SportsOdds({
  apiKey: readKey,
  baseUrl: args['base-url'] ?? '',
  rotationStore: new FileRotationStore(join(dir, 'rotation.json')),
  onKeyRotated: async ({ api_key }, { resumed }) => {
    await saveKey(api_key);
    console.log(`${resumed ? 'resumed the pending rotation' : 'rotated'}: new key ${prefix(api_key)} saved in api-key.json`);
  },
  hooks: {
    beforeRetry: [
      ({ routeId, error }) =>
        void (args.crash === 'after-drop' && routeId === 'keys.rotate' && die(`the rotation's answer was lost (${error.name})`)),
    ],
    afterResponse: [
      ({ routeId, status }) =>
        void (
          args.crash === 'after-answer' &&
          routeId === 'keys.rotate' &&
          die(`the rotation answered ${status}, before the key was saved`)
        ),
    ],
  },
});

console.log(`starts with key ${prefix(await readKey())} from api-key.json, and rotates it`);
try {
  await odds.keys.rotate();
} catch (error) {
  console.log(`rotation failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
