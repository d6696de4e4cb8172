#!/usr/bin/env node
// The coordinator's tests also run on Valkey (test/coordinator/redis-valkey.test.ts), never a fake.
// A `valkey-server` on PATH is used as it is; else, on Debian or Ubuntu, Debian's valkey-server
// package (bookworm-backports on Debian 12) is downloaded with apt-get and unpacked into
// .cache/valkey (nothing is installed system-wide, no root needed); anywhere else it says how to
// install one and fails, so that a test run never skips the Valkey tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const cache = join(root, '.cache', 'valkey');
const unpacked = join(cache, 'root', 'usr', 'bin', 'valkey-server');
const works = (command) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;

if (works('valkey-server') || (existsSync(unpacked) && works(unpacked))) process.exit(0);

const fail = (why) => {
  console.error(
    `The Valkey tests need a real valkey-server: ${why}.\n` +
      "Install one (Debian 12: `apt-get install -t bookworm-backports valkey-server`; Debian 13, Ubuntu 24.10+: `apt-get install valkey-server`; macOS: `brew install valkey`), or run this script on Debian or Ubuntu to unpack Debian's package into .cache/valkey, then run the tests again.",
  );
  process.exit(1);
};
if (process.platform !== 'linux' || !works('dpkg-deb') || spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status !== 0)
  fail('none is on PATH, and this is not a Debian or Ubuntu machine');

const release = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
const codename = /^VERSION_CODENAME=(.+)$/m.exec(release)?.[1]?.replace(/"/g, '') ?? 'bookworm';
const [uris, suite, keyring, components] = /^ID=ubuntu$/m.test(release)
  ? ['http://archive.ubuntu.com/ubuntu', codename, '/usr/share/keyrings/ubuntu-archive-keyring.gpg', 'main universe']
  : [
      'http://deb.debian.org/debian',
      codename === 'bookworm' ? 'bookworm-backports' : codename,
      '/usr/share/keyrings/debian-archive-keyring.gpg',
      'main',
    ];
console.log(`valkey-server missing: unpacking Debian's package (${suite}) into .cache/valkey for the Valkey tests`);
rmSync(cache, { recursive: true, force: true });
for (const dir of ['lists/partial', 'archives/partial', 'root']) mkdirSync(join(cache, dir), { recursive: true });
const sources = join(cache, 'valkey.sources');
writeFileSync(sources, `Types: deb\nURIs: ${uris}\nSuites: ${suite}\nComponents: ${components}\nSigned-By: ${keyring}\n`);
const apt = (...args) => {
  const options = [
    `Dir::Etc::sourcelist=${sources}`,
    'Dir::Etc::sourceparts=/dev/null',
    `Dir::State::Lists=${join(cache, 'lists')}`,
    `Dir::Cache::archives=${join(cache, 'archives')}`,
    'APT::Sandbox::User=root',
  ].flatMap((o) => ['-o', o]);
  const result = spawnSync('apt-get', [...options, ...args], { cwd: cache, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) fail(`\`apt-get ${args.join(' ')}\` failed`);
};
apt('update');
apt('download', 'valkey-server', 'valkey-tools');
for (const deb of readdirSync(cache).filter((f) => f.endsWith('.deb'))) {
  if (spawnSync('dpkg-deb', ['-x', join(cache, deb), join(cache, 'root')], { stdio: 'inherit' }).status !== 0)
    fail(`unpacking ${deb} failed`);
}
if (!works(unpacked)) fail(`the unpacked ${unpacked} does not run`);
console.log(`valkey-server ready: ${unpacked}`);
