#!/usr/bin/env node
// The Redis tests start their own `redis-server`, `redis-sentinel` and a Redis Cluster through
// `redis-cli` (Debian's packages, never a fake). This makes sure they are installed before
// `npm test` and `.ci/run`: on a Debian or Ubuntu machine where one is missing, it installs the
// packages with apt-get (as root, or through `sudo -n`); anywhere else it says how to install them
// and fails, so that a test run never skips the Redis tests.
import { spawnSync } from 'node:child_process';

const has = (command, args = ['--version']) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

const missing = () => ['redis-server', 'redis-sentinel', 'redis-cli'].filter((command) => !has(command));
if (missing().length === 0) process.exit(0);

const root = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = root ? [] : has('sudo', ['-n', 'true']) ? ['sudo', '-n'] : undefined;
if (process.platform !== 'linux' || !has('apt-get', ['--version']) || sudo === undefined) {
  console.error(
    `The Redis tests need a real ${missing().join(', ')} on PATH, and none was found.\n` +
      'Install them (Debian, Ubuntu: `sudo apt-get update && sudo apt-get install -y redis-server redis-sentinel`; macOS: `brew install redis`), then run the tests again.',
  );
  process.exit(1);
}

console.log(
  `${missing().join(', ')} missing: installing Debian's packages (apt-get install redis-server redis-sentinel) for the Redis tests`,
);
const run = (args) => {
  const [command, ...rest] = [...sudo, ...args];
  const result = spawnSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) {
    console.error(`\`${args.join(' ')}\` failed: install redis-server and redis-sentinel yourself, then run the tests again.`);
    process.exit(1);
  }
};
run(['apt-get', 'update']);
run(['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', 'redis-server', 'redis-sentinel']);
if (missing().length > 0) {
  console.error(
    `apt-get installed the packages, but ${missing().join(', ')} is not on PATH: add /usr/bin to PATH, then run the tests again.`,
  );
  process.exit(1);
}
