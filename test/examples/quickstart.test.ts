import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/server/node';
import { runExample } from './run-example';

/** `npm run demo` (`npm run example -- quickstart`): costs, explanations, pointers, and one line on failure. */

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});
afterAll(async () => {
  await server?.close();
});

describe('the demo', () => {
  it('runs end to end on the embedded mock, each call with its cost, columns and CLV explained, pointers last', async () => {
    const run = await runExample('quickstart');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/^Sports Odds Data quickstart against the embedded mock service/);
    expect(out).toMatch(/44 sports \[3 credits\]; Soccer \(sport_id 29\) has \d+ leagues \[1 credit\]/);
    expect(out).toMatch(/its periods \[1 credit\]: p0 Match, p1 1st Half/);
    // As many rows as it says, each a row of the table (market, period, line, prices).
    const said = Number(/^ {3}(\d+) main-line rows of snapshot \d+ \[1 credit\], in decimal odds:$/m.exec(out)?.[1]);
    const step3 = out.slice(out.indexOf('3. Latest odds'), out.indexOf('\n   per: the period'));
    expect(step3.split('\n').filter((l) => /^ {3}\w+ +p\d+ /.test(l))).toHaveLength(said);
    expect(said).toBeGreaterThan(0);
    expect(out).toContain('per: the period (p0 the whole match');
    expect(out).toMatch(/CLV is measured against the fair closing price [\d.]+ \(the close without the bookmaker's margin\)/);
    expect(out).toMatch(/this client spent \d+ credits in \d+ metered calls/);
    for (const name of [
      'live-scanner',
      'clv-report',
      'price-watch',
      'backfill-sqlite',
      'fleet-backfill',
      'key-rotation',
      'downstream-tests',
      'browser',
    ])
      expect(out).toContain(`npm run example -- ${name}`);
    // Every metered call's line shows its cost.
    expect(out.match(/\[\d+ credits?\]/g)?.length).toBeGreaterThanOrEqual(9);
  });

  it('says in one line, without a stack, that a key was refused', async () => {
    const run = await runExample('quickstart', [], { SPORTS_ODDS_BASE_URL: server.url, SPORTS_ODDS_API_KEY: `svc_live_${'x'.repeat(32)}` });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`${server.url} refused the API key (401 invalid_api_key): check SPORTS_ODDS_API_KEY.`);
    expect(run.stdout).not.toContain('node_modules');
  });

  it('says in one line, without a stack, that the service cannot be reached', async () => {
    const closed = await startMockServer({ port: 0 });
    const url = closed.url;
    await closed.close();
    const run = await runExample('quickstart', [], { SPORTS_ODDS_BASE_URL: url, SPORTS_ODDS_API_KEY: server.mock.apiKey });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`Could not reach ${url} (ECONNREFUSED): check SPORTS_ODDS_BASE_URL and the network.`);
  });

  it('lists the examples when no name is given', async () => {
    const run = await runExample('');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: npm run example -- <name>');
    expect(run.stderr).toMatch(/backfill-sqlite +a sport's events/);
  });
});
