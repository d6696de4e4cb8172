/**
 * The server process of bench/mock-soak.ts, driven over IPC: runs the standalone mock server alone, on
 * Node's defaults as `sports-odds-mock` runs, so that the RSS the soak reports is the mock's own, not
 * its clients'. On `sample` it reports its memory as it stands (no collection of its own: that would
 * change what it measures) and how full its stores are.
 */
import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import { startMockServer } from '../../mocks/server/node';
import { contextOf } from '../../mocks/service/internal';

const plans = { soak: { slug: 'soak', name: 'Soak', periodCredits: 1e12, periodDays: 30, dailyCredits: 1e12, rateLimitRps: 1e9 } };
const server = await startMockServer({ port: 0, plans, demoAccount: { plan: 'soak' } });
const send = (message: unknown) => process.send?.(message);

send({ kind: 'ready', url: server.url, apiKey: server.mock.apiKey, now: server.mock.clock.now() });
process.on('message', async (message: { kind: 'sample' | 'stop' }) => {
  if (message.kind === 'sample') {
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const service = contextOf(server.mock);
    const { cache, stable, accounts, keys, challenges, rotations, activity, outbox } = service.state;
    const now = service.clock.now();
    send({
      kind: 'sample',
      rss,
      heap: heapUsed,
      external,
      arrayBuffers,
      cached: cache.size,
      cachedBytes: cache.bytes,
      kept: stable.size,
      keptBytes: stable.bytes,
      generated: service.data.cached(),
      stores: {
        accounts: accounts.all().length,
        keys: keys.size,
        challenges: challenges.size,
        rotations: rotations.size,
        outbox: outbox.messages(now).length,
        'activity record': activity.counts(now).kept,
        'server log': server.requests.length,
      },
      spaces: Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size])),
      maps: residentByKind(),
    });
  }
  if (message.kind === 'stop') await server.close().finally(() => process.exit(0));
});

/**
 * Resident memory by kind of mapping (Linux /proc/self/smaps; empty elsewhere): the Node binary and
 * other files, malloc's main heap, and anonymous mappings (V8's pages, malloc's other arenas and large blocks).
 */
function residentByKind(): Record<string, number> {
  let text: string;
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return {};
  }
  const kinds: Record<string, number> = {};
  let kind = 'anonymous';
  for (const line of text.split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const name = head[1] ?? '';
      kind = name === '' ? 'anonymous' : name === '[heap]' ? 'malloc' : name.startsWith('/') ? 'files' : 'other';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kinds[kind] = (kinds[kind] ?? 0) + Number(rss[1]) * 1024;
  }
  return kinds;
}
