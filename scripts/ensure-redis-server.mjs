#!/usr/bin/env node
// The Redis tests start their own `redis-server` (Debian's package, never a fake). This makes sure
// one is installed before `npm test` and `.ci/run`: on a Debian or Ubuntu machine where it is
// missing, it installs it with apt-get (as root, or through `sudo -n`); anywhere else it says how
// to install it and fails, so that a test run never skips the Redis tests.
import { spawnSync } from 'node:child_process';

const has = (command, args = ['--version']) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

if (has('redis-server')) process.exit(0);

const root = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = root ? [] : has('sudo', ['-n', 'true']) ? ['sudo', '-n'] : undefined;
if (process.platform !== 'linux' || !has('apt-get', ['--version']) || sudo === undefined) {
  console.error(
    'The Redis tests need a real redis-server on PATH, and none was found.\n' +
      'Install it (Debian, Ubuntu: `sudo apt-get update && sudo apt-get install -y redis-server`; macOS: `brew install redis`), then run the tests again.',
  );
  process.exit(1);
}

console.log("redis-server is missing: installing Debian's package (apt-get install redis-server) for the Redis tests");
const run = (args) => {
  const [command, ...rest] = [...sudo, ...args];
  const result = spawnSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) {
    console.error(`\`${args.join(' ')}\` failed: install redis-server yourself, then run the tests again.`);
    process.exit(1);
  }
};
run(['apt-get', 'update']);
run(['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', 'redis-server']);
if (!has('redis-server')) {
  console.error('apt-get installed redis-server, but it is not on PATH: add /usr/bin to PATH, then run the tests again.');
  process.exit(1);
}
