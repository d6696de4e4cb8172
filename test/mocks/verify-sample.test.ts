import { readFile, writeFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { formatVerifyReport, verifyService, type VerifyOptions } from '../../mocks/verify';
import { creditsCost, startDriftProxy } from '../helpers/drift-proxy';
import { useStandaloneMocks } from '../helpers/standalone';

/**
 * The sample reports of docs/mock-server.md ("Checking a real service: verify") are real runs: a dry
 * run, a run against the standalone mock, and a run behind a proxy that charges one credit more.
 * This test makes them again and compares; `UPDATE_VERIFY_SAMPLE=1` writes them into the document.
 * The mock's clock moves only when the run waits (its pacing, Retry-After), so the runs are the same
 * every time but for the ports and request ids, written as fixed values.
 */

const DOC = 'docs/mock-server.md';
const block = (name: string) => new RegExp(`(<!-- verify-sample:${name} -->\\n\`\`\`text\\n)([\\s\\S]*?)(\`\`\`)`);

const { start, onClose } = useStandaloneMocks();

/** The text with what differs between runs made fixed. */
const steady = (text: string, urls: readonly string[]): string =>
  urls
    .reduce((t, url, i) => t.split(url).join(i === 0 ? 'http://127.0.0.1:4010' : `http://127.0.0.1:${4011 + i - 1}`), text)
    .replace(/req_[0-9a-f]{32}/g, 'req_…');

it('keeps the sample reports of docs/mock-server.md those of real runs', { timeout: 60_000 }, async () => {
  const server = await start();
  server.mock.clock.freeze();
  const proxy = await startDriftProxy(
    server.url,
    creditsCost((cost) => cost + 1),
  );
  onClose(() => proxy.close());
  const base: VerifyOptions = {
    baseUrl: server.url,
    apiKey: server.mock.apiKey,
    maxCredits: 1000,
    allowMutations: true,
    now: () => server.mock.clock.now(),
    sleep: async (ms) => void server.mock.clock.advance(ms),
  };
  const urls = [server.url, proxy.url];
  const samples: Record<string, string> = {
    plan: formatVerifyReport(await verifyService({ ...base, run: false })),
    run: formatVerifyReport(await verifyService({ ...base, run: true })),
    drift: formatVerifyReport(await verifyService({ ...base, baseUrl: proxy.url, run: true })),
  };
  let doc = await readFile(DOC, 'utf8');
  for (const [name, text] of Object.entries(samples)) {
    const found = block(name).exec(doc);
    expect(found, `${DOC} has no verify-sample:${name} block`).not.toBeNull();
    const made = steady(text, urls);
    if (process.env['UPDATE_VERIFY_SAMPLE'] === '1')
      doc = doc.replace(block(name), (_, open: string, _old: string, close: string) => `${open}${made}${close}`);
    else
      expect(
        found![2],
        `the ${name} sample of ${DOC} is not what verify prints now: UPDATE_VERIFY_SAMPLE=1 npx vitest run test/mocks/verify-sample.test.ts`,
      ).toBe(made);
  }
  if (process.env['UPDATE_VERIFY_SAMPLE'] === '1') await writeFile(DOC, doc);
});
