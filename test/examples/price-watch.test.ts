import { describe, expect, it } from 'vitest';
import { runExample } from './run-example';

describe('npm run example -- price-watch', () => {
  it('watches in-play events within its budget: the mode it chose, each change once, and what it spent', async () => {
    const run = await runExample('price-watch', ['--events', '2', '--seconds', '6', '--interval', '2', '--budget', '100']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Watching 2 in-play events on the embedded mock service \(no network, no key\) for 6 s, within 100 credits$/m,
    );
    // 100 credits cannot hold the history's 250-credit envelope: it reads the latest boards.
    expect(run.stdout).toMatch(/^mode: latest: the history envelope of 250 credits does not fit the 99 credits left \(maxCredits\)$/m);
    const changes = run.stdout.split('\n').filter((line) => /^ {2}\d{2}:\d{2}:\d{2} +[a-z_]+ +\d+/.test(line));
    // The first poll opens every line of both boards, and says each event's score.
    expect(changes.filter((line) => line.includes(' line_opened ')).length).toBeGreaterThanOrEqual(10);
    expect(changes.filter((line) => line.includes(' event_state_changed ')).length).toBeGreaterThanOrEqual(2);
    // No line is opened twice without being removed in between.
    const opened = changes.filter((line) => line.includes(' line_opened ')).map((line) => line.split(/ +/)[3]);
    expect(new Set(opened).size).toBe(opened.length);
    const summary =
      /^(\d+) polls \((\d+) requests, the last wait \d+ s\): (\d+) credits? spent; (\d+) changes: \d+ price_moved, \d+ line_opened, \d+ line_suspended, \d+ line_reopened, \d+ line_removed, \d+ event_state_changed$/m.exec(
        run.stdout,
      );
    expect(summary).not.toBeNull();
    const [, polls, requests, spent, total] = (summary ?? []).map(Number);
    expect(polls).toBeGreaterThanOrEqual(1);
    expect(requests).toBe((polls as number) * 2);
    expect(spent).toBeLessThanOrEqual(99);
    expect(total).toBe(changes.length);
  });

  it('refuses a mode it does not know, with its usage', async () => {
    const run = await runExample('price-watch', ['--mode', 'fast']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^price-watch: --mode takes auto, incremental or latest, not "fast"\n\nUsage: npm run example -- price-watch /,
    );
  });
});
