import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * What a failure about docs/openapi.json says to do: the document is generated, never edited by hand.
 *
 * @example
 * expect(problems, OPENAPI_REGENERATE).toEqual([]);
 */
export const OPENAPI_REGENERATE =
  'docs/openapi.json is generated from the route table and the mock: fix the route or the schema, then run `npm run openapi`';

/** The JavaScript entry of a devDependency's command (`node_modules/.bin/NAME`'s target). */
export const binOf = (name: string): string => fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));

/** No telemetry, no update notices: the tools run offline. */
const QUIET = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', SCARF_ANALYTICS: 'false', NO_COLOR: '1' };

/**
 * Runs a devDependency's command on the project's Node (`process.execPath`: Node 24 under
 * `npm test`, which Prism needs) and resolves with its output, whatever its exit code.
 */
export function runTool(name: string, args: readonly string[], timeout = 120_000): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [binOf(name), ...args], { timeout, env: QUIET, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** A free port of the loopback interface. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A running Prism (`prism mock` or `prism proxy`), its address, everything it logged, and how to stop it. */
export interface RunningPrism {
  url: string;
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts Prism on a free loopback port with `args` (`['mock', 'docs/openapi.json']`) and resolves
 * once it listens. `nodeOptions` go to its Node (a larger header limit lets an oversized header
 * through to the service behind a proxy).
 */
export async function startPrism(args: readonly string[], nodeOptions: readonly string[] = []): Promise<RunningPrism> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeOptions, binOf('prism'), ...args, '--host', '127.0.0.1', '--port', String(port)], {
    env: QUIET,
  });
  let log = '';
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start:\n${log}`)), 60_000);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`prism exited with ${code}:\n${log}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill();
    });
  return { url, log: () => log, stop };
}
