/**
 * Full histories of settled events served in-process (issue 34's memory): CPU time per history
 * (each generated, none kept yet), then an allocation profile of as many more (V8's sampling heap
 * profiler, objects collected by scavenges and full GCs included), summed by allocating function.
 * Node flags go before the script, to weigh them: `node --max-semi-space-size=2 scripts/run-ts.mjs ...`.
 *
 *   npx node scripts/run-ts.mjs bench/support/alloc-probe.ts [histories]
 */
import { hash } from 'node:crypto';
import { Session } from 'node:inspector/promises';
import { createMockService } from '../../mocks/service/mock-service';
import { contextOf } from '../../mocks/service/internal';
import type { ServiceRequest } from '../../mocks/service/http-messages';
import { serveRequest } from '../../mocks/service/request-path';
import { useSha256 } from '../../mocks/service/state/crypto';

const N = Number(process.argv[2] ?? 100);
useSha256((text) => hash('sha256', text, 'hex'));
// A plan no run can exhaust: every history is generated, none refused at the rate.
const plans = { bench: { slug: 'bench', name: 'Bench', periodCredits: 1e12, periodDays: 30, dailyCredits: 1e12, rateLimitRps: 1e9 } };
const mock = createMockService({ baseUrl: 'http://127.0.0.1:4010', plans, demoAccount: { plan: 'bench' } });
await mock.ready;
const service = contextOf(mock);
const get = (path: string): ServiceRequest => {
  const headers = { authorization: `Bearer ${mock.apiKey}` } as Record<string, string>;
  return {
    method: 'GET',
    url: `http://127.0.0.1:4010${path}`,
    headers: { get: (name) => headers[name.toLowerCase()] ?? null },
    readBody: async () => '',
  };
};
const ids: number[] = [];
for (let days = 2; ids.length < 2 * N && days < 30; days++) {
  const day = new Date(mock.clock.now() - days * 86_400_000).toISOString().slice(0, 10);
  const answer = await serveRequest(get(`/v1/events?starts_from=${day}T00:00:00Z&starts_to=${day}&limit=500`), service);
  const events = JSON.parse(answer.body ?? '[]') as { event_id: number; live_status: number }[];
  ids.push(...events.filter((e) => e.live_status === 2).map((e) => e.event_id));
}
const history = (id: number) => serveRequest(get(`/v1/events/${id}/odds?full_history=1`), service);
const cpu = process.cpuUsage();
let refused = 0;
for (const id of ids.slice(N, 2 * N)) if ((await history(id)).status !== 200) refused++;
const used = process.cpuUsage(cpu);
if (refused > 0) throw new Error(`${refused} histories were not answered 200`);
console.log(
  `${N} histories: ${((used.user + used.system) / N / 1000).toFixed(2)} ms of CPU each (${process.execArgv.join(' ') || 'no flags'})`,
);
const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 4096,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
let bytes = 0;
for (const id of ids.slice(0, N)) bytes += (await history(id)).body?.length ?? 0;
const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: Node } };
interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
}
const byFn = new Map<string, number>();
let total = 0;
const walk = (n: Node) => {
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*\/(mocks|src|node_modules)\//, '$1/')}:${n.callFrame.lineNumber}`;
  byFn.set(key, (byFn.get(key) ?? 0) + n.selfSize);
  total += n.selfSize;
  for (const c of n.children) walk(c);
};
walk(profile.head);
console.log(`${N} histories, ${(bytes / N / 1024).toFixed(0)} KB of text each; allocated ${(total / N / 1024).toFixed(0)} KB per history`);
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${(v / N / 1024).toFixed(0).padStart(6)} KB  ${k}`);
