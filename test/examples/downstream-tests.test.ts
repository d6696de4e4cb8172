import { describe, expect, it } from 'vitest';
import { runExample } from './run-example';

describe('npm run example -- downstream-tests', () => {
  it('runs the copyable vitest suite: handlers, an override, an added event, a broken fixture, a fault, the clock and a quota', async () => {
    const run = await runExample('downstream-tests', ['--reporter=verbose']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    for (const name of [
      'lists the next events with their moneyline, and its credits match the service ledger',
      'shows a missing price as null instead of failing (mock.use answers one route, metered as the service would)',
      'shows an event the test chose, with the prices it chose (mock.data.addEvent)',
      'would catch a typo in a fixture at once (422 fixture_invalid names the field)',
      'survives a 503 of the odds route (the SDK retries it), and the mock saw both answers',
      'moves with the service clock: two days later, other events are next',
      'stops at the daily quota with its reset time, and works again after midnight UTC',
    ])
      expect(run.stdout).toContain(name);
    expect(run.stdout).toMatch(/Tests +7 passed \(7\)/);
  });
});
