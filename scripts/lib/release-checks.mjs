// What must hold before `npm run release` changes anything: the package says where its source and
// its issues live. The project has no public repository yet, so both are unset on purpose, and a
// release is refused until someone sets them to the real addresses (never to a made-up one).
// Run as a script (`prepublishOnly`), it checks ./package.json, so a bare `npm publish` refuses too.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Why the package cannot be published as `package.json` stands: one line each, saying how to mend it.
 *
 * @example
 * publishBlockers({ name: 'sports-odds-data' }); // ['package.json has no `repository` ...', 'package.json has no `bugs` ...']
 */
export function publishBlockers(pkg) {
  const problems = [];
  const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (!repository)
    problems.push(
      'package.json has no `repository`: npm would show no source, and provenance needs one. Once the public repository exists: npm pkg set repository.type=git repository.url=git+https://<host>/<owner>/<repo>.git',
    );
  const bugs = typeof pkg.bugs === 'string' ? pkg.bugs : (pkg.bugs?.url ?? pkg.bugs?.email);
  if (!bugs)
    problems.push(
      'package.json has no `bugs`: users would have nowhere to report a problem. Set it: npm pkg set bugs.url=https://<host>/<owner>/<repo>/issues',
    );
  return problems;
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const blockers = publishBlockers(JSON.parse(readFileSync('package.json', 'utf8')));
  for (const line of blockers) console.error(`npm publish refused: ${line}`);
  if (blockers.length > 0) process.exitCode = 1;
}
