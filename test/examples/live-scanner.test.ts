import { describe, expect, it } from 'vitest';
import { runExample } from './run-example';

describe('npm run example -- live-scanner', () => {
  it('refreshes the in-play board by polling, with the credits of each refresh, and stops after --refreshes', async () => {
    const run = await runExample('live-scanner', ['--refreshes', '2', '--interval', '0', '--events', '3']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out.match(/^Live events, every sport, on the embedded mock service/gm)).toHaveLength(2);
    expect(out).toMatch(/^refresh 1 of 2 at \d\d:\d\d:\d\d UTC$/m);
    expect(out).toMatch(/^refresh 2 of 2 at \d\d:\d\d:\d\d UTC$/m);
    const refreshes = [
      ...out.matchAll(
        /^credits: (\d+) credits? this refresh \((\d+) live-scan pages?, (\d+) latest-odds calls?\), (\d+) credits? since the start \((\d+) of them for the sports catalog, read once\)$/gm,
      ),
    ];
    expect(refreshes).toHaveLength(2);
    const [first, second] = refreshes.map((m) => m.slice(1).map(Number)) as [number[], number[]];
    // The first total is the first refresh and the catalog call before it, which it names; the
    // second adds the second refresh.
    expect(first[3]).toBe(first[0]! + first[4]!);
    expect(first[4]).toBeGreaterThan(0);
    expect(second[3]).toBe(first[3]! + second[0]!);
    expect(out.match(/^windows: daily [\d,]+ of [\d,]+ left · plan period [\d,]+ of [\d,]+ left$/gm)).toHaveLength(2);
    const inPlay = Number(/^(\d+) events in play/m.exec(out)?.[1]);
    const rows = out.split('\n').filter((l) => /^ {2}\d\d:\d\dZ {2}/.test(l));
    expect(rows.length).toBe(2 * Math.min(3, inPlay));
  });

  it('with --trace, prints each refresh span to the console with the calls of the refresh under it', async () => {
    const run = await runExample('live-scanner', ['--refreshes', '1', '--interval', '0', '--events', '2', '--trace']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/^refresh 1 of 1 at \d\d:\d\d:\d\d UTC$/m);
    const refresh = /name: 'refresh',\s+id: '([0-9a-f]{16})'/.exec(out)?.[1];
    expect(refresh).toBeDefined();
    // The live page and an odds call per event shown (two at most), each a child of the refresh.
    const children = out.split(/\n(?=\{\n)/).filter((span) => span.includes(`spanId: '${refresh}'`));
    expect(children.length).toBeGreaterThanOrEqual(2);
    expect(children.every((span) => /instrumentationScope: \{ name: 'sports-odds-data'/.test(span))).toBe(true);
    expect(children.some((span) => span.includes("name: 'GET /v1/events'") && /'sports_odds\.credits\.cost': \d+/.test(span))).toBe(true);
    expect(out).not.toMatch(/svc_live_[A-Za-z0-9]{8}/);
  });
});
