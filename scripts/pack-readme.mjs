#!/usr/bin/env node
// The README as npm shows it: `prepack` runs `node scripts/pack-readme.mjs rewrite`, which makes
// every relative link of README.md absolute, to the same file of this version's tarball on jsDelivr
// (scripts/lib/readme-links.mjs), and keeps the repository's README beside it; `postpack` runs
// `restore`, which puts it back. A pack that failed in between leaves both files: the next run
// restores first, so the README is never rewritten twice.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { absoluteLinks, cdnBase } from './lib/readme-links.mjs';

const README = 'README.md';
const KEPT = '.readme-before-pack.md';

function restore() {
  if (existsSync(KEPT)) renameSync(KEPT, README);
}

const command = process.argv[2];
if (command === 'rewrite') {
  restore();
  const { name, version } = JSON.parse(readFileSync('package.json', 'utf8'));
  const original = readFileSync(README, 'utf8');
  writeFileSync(KEPT, original);
  writeFileSync(README, absoluteLinks(original, cdnBase(name, version)));
  console.log(`${README}: relative links point at ${cdnBase(name, version)} for the tarball (the repository's README is kept in ${KEPT})`);
} else if (command === 'restore') {
  restore();
} else {
  console.error('usage: node scripts/pack-readme.mjs rewrite|restore');
  process.exitCode = 2;
}
