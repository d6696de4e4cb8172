import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type MockServer, startMockServer } from '../../mocks/server/node';
import { ruleOf } from '../docs/command-rules';
import { allCommands, type DocCommand, describeCommand, type ShellCommand } from '../docs/commands';
import { ROOT } from '../examples/run-example';
import { DocumentRun, type Suite } from './document-run';
import { readerEnvironment } from './processes';

/**
 * The documented commands, run as the documents give them (docs/contributing/docs.md): every
 * command that a rule of test/docs/command-rules.ts hands to this suite, document by document, in
 * each document's order, from empty folders outside the repository, with the packed tarball in
 * place of the registry's package and a standalone mock in place of the service. Run by
 * `npm run check:package` (and `npm run test:docs-commands`), which give it the tarball.
 */

const tarball = process.env['SPORTS_ODDS_TARBALL'];
if (!tarball)
  throw new Error(
    'SPORTS_ODDS_TARBALL is not set: run this suite with `npm run test:docs-commands` (it packs the package) or `npm run check:package`',
  );

let suite: Suite | undefined;
let service: MockServer | undefined;
beforeAll(async () => {
  const work = mkdtempSync(join(tmpdir(), 'sports-odds-doc-commands-'));
  service = await startMockServer({ port: 0 });
  suite = { work, env: readerEnvironment(work), tarball, service: { url: service.url, apiKey: service.mock.apiKey } };
});
afterAll(async () => {
  await service?.close();
  if (suite) rmSync(suite.work, { recursive: true, force: true });
});
const current = (): Suite => {
  if (!suite) throw new Error('the suite has not started');
  return suite;
};

const commands = allCommands(ROOT);
const runnerOf = (command: DocCommand) => {
  const handling = ruleOf(command)?.handling(command);
  return handling?.by === 'doc-commands' ? handling.runner : undefined;
};
/** A document that does not say how to install the package assumes the README's first install line. */
const readmeInstall = commands.filter((c): c is ShellCommand => c.file === 'README.md' && ruleOf(c)?.id === 'install').slice(0, 1);
const files = [...new Set(commands.filter(runnerOf).map((c) => c.file))];

for (const file of files) {
  describe(file, () => {
    const own = commands.filter((c) => c.file === file);
    const prerequisite = own.some((c) => ruleOf(c)?.id === 'install') ? [] : readmeInstall;
    const run = new DocumentRun(current, file, prerequisite);
    afterAll(() => run.close());
    for (const command of own) {
      const runner = runnerOf(command);
      if (!runner) continue;
      const title = describeCommand(command);
      it(title.length > 160 ? `${title.slice(0, 157)}...` : title, { timeout: 300_000 }, () => run.run(command, runner));
    }
  });
}
