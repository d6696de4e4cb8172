/**
 * Where the standalone mock server's memory goes, one kind of traffic at a time: the soak's server process
 * (bench/support/soak-server.ts, on Node's defaults) under clients that send only catalog answers, only full
 * histories of settled events, only refused oversize bodies, or only event listings. Every 5 s it prints
 * the server's RSS by kind of mapping, V8's spaces as resident and the heap in use. Not a test.
 *
 *   npx node scripts/run-ts.mjs bench/mock-memory.ts <catalog|histories|bodies|listings> [seconds] [clients]
 *
 * SOAK_NODE_FLAGS passes flags to the server's Node, as in bench/mock-soak.ts.
 */
import { type ServerSample, soakServer } from './support/server-process';

const KIND = process.argv[2] ?? 'histories';
const SECONDS = Number(process.argv[3] ?? 30);
const CLIENTS = Number(process.argv[4] ?? 20);
const mb = (bytes: number | undefined) => ((bytes ?? 0) / 1_048_576).toFixed(1);

const { child, ask } = soakServer();
const server = await ask<{ url: string; apiKey: string; now: number }>('ready');
const startedAt = Date.now();
const auth = { Authorization: `Bearer ${server.apiKey}` };

/** Settled events of the days before the mock's now (the soak's own choice of histories). */
async function settledEvents(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let days = 2; ids.length < count && days < 30; days++) {
    const day = new Date(server.now + (Date.now() - startedAt) - days * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(`${server.url}/v1/events?starts_from=${day}T00:00:00Z&starts_to=${day}&limit=500`, { headers: auth });
    const events = (await res.json()) as { event_id: number; live_status: number }[];
    ids.push(...events.filter((e) => e.live_status === 2).map((e) => e.event_id));
  }
  return ids.slice(0, count);
}

const settled = KIND === 'histories' ? await settledEvents(400) : [];
let turn = 0;
const REQUESTS: Record<string, () => [string, RequestInit]> = {
  catalog: () => [`/v1/catalog/leagues?sport_id=${1 + (turn++ % 3_000)}`, { headers: auth }],
  histories: () => [`/v1/events/${settled[turn++ % settled.length]}/odds?full_history=1`, { headers: auth }],
  bodies: () => [`/v1/nope/${turn++}`, { method: 'POST', headers: auth, body: 'x'.repeat(300_000) }],
  listings: () => [`/v1/events?limit=500&offset=${(turn++ % 20) * 500}`, { headers: auth }],
};
const next = REQUESTS[KIND];
if (next === undefined) throw new Error(`usage: mock-memory.ts <${Object.keys(REQUESTS).join('|')}> [seconds] [clients]`);

const deadline = Date.now() + SECONDS * 1000;
let answered = 0;
async function client(): Promise<void> {
  while (Date.now() < deadline) {
    const [path, init] = next!();
    await (await fetch(`${server.url}${path}`, init)).arrayBuffer();
    answered++;
  }
}

console.log(`mock memory: ${CLIENTS} clients of ${KIND} for ${SECONDS} s (${process.env['SOAK_NODE_FLAGS'] ?? 'no flags'})`);
console.log('  t (s) | answered | RSS   | files | malloc | anon  | new   | old   | large | code  | heap in use   | kept (MB)');
const print = async () => {
  const s = await ask<ServerSample>('sample');
  const cols = [
    mb(s.rss),
    mb(s.maps['files']),
    mb(s.maps['malloc']),
    mb(s.maps['anonymous']),
    mb(s.spaces['new_space']),
    mb(s.spaces['old_space']),
    mb((s.spaces['large_object_space'] ?? 0) + (s.spaces['new_large_object_space'] ?? 0)),
    mb(s.spaces['code_space']),
  ];
  const t = Math.round((Date.now() - startedAt) / 1000);
  console.log(
    `  ${String(t).padStart(5)} | ${String(answered).padStart(8)} | ${cols.map((c) => c.padStart(5)).join(' | ')} | ${mb(s.heap).padStart(13)} | ${mb(s.keptBytes)}`,
  );
};
await print();
const timer = setInterval(() => void print(), 5_000);
await Promise.all(Array.from({ length: CLIENTS }, client));
clearInterval(timer);
await print();
child.send({ kind: 'stop' });
