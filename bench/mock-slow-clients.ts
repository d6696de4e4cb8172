/**
 * Slow clients against the standalone mock server (issue 23, item 5): N connections that send a
 * request line and then their headers one byte every 500 ms, never finishing them, and keep sending
 * after the server answers (a hostile client would: it does not end its side either). Prints, per
 * second, how many are still open, and when after its acceptance the server answered (`408`) and let
 * go of each (the first write after that is reset). Not a test: a measurement.
 *
 *   npx node scripts/run-ts.mjs bench/mock-slow-clients.ts [connections] [seconds]
 *
 * Target: every connection answered `408` within the headers timeout plus the check interval, and
 * closed at most the linger time later (docs/performance.md, "Slow clients").
 */
import { connect, type Socket } from 'node:net';
import { SLOW_CLIENT_BOUNDS, startMockServer } from '../mocks/server/node';

const CONNECTIONS = Number(process.argv[2] ?? 1_000);
const SECONDS = Number(process.argv[3] ?? 12);
const BYTE_EVERY_MS = 500;

const server = await startMockServer({ port: 0 });
const { port } = server;
const started = performance.now();

interface Conn {
  socket: Socket;
  /** When the server accepted it (a connection past the listen backlog is accepted on a SYN retry). */
  opened: number;
  answered?: number;
  closed?: number;
  status?: string;
}

const conns: Conn[] = [];
for (let i = 0; i < CONNECTIONS; i++) {
  // A hostile client: it does not end its side when the server ends its own.
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true, noDelay: true });
  const conn: Conn = { socket, opened: Number.NaN };
  socket.write(`GET /v1/catalog/sports HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
  socket.on('connect', () => {
    conn.opened = performance.now();
  });
  // Once answered, it writes every 50 ms: the write after the server let go of the socket is reset.
  let probe: NodeJS.Timeout | undefined;
  socket.on('data', (chunk: Buffer) => {
    conn.answered ??= performance.now();
    conn.status ??= chunk.toString('latin1').split('\r\n')[0] ?? '';
    probe ??= setInterval(() => socket.writable && socket.write('a'), 50);
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    conn.closed = performance.now();
    clearInterval(probe);
  });
  conns.push(conn);
}
// One more header byte from every open connection, every 500 ms, answered or not.
const drip = setInterval(() => {
  for (const { socket } of conns) if (!socket.destroyed && socket.writable) socket.write('a');
}, BYTE_EVERY_MS);

const open = () => conns.filter((c) => c.closed === undefined).length;
console.log(`${CONNECTIONS} slow-header connections against ${server.url}; bounds: ${JSON.stringify(SLOW_CLIENT_BOUNDS)}\n`);
console.log('  t (s) | open | answered');
for (let t = 1; t <= SECONDS; t++) {
  await new Promise((resolve) => setTimeout(resolve, started + t * 1_000 - performance.now()));
  console.log(
    `  ${String(t).padStart(5)} | ${String(open()).padStart(4)} | ${String(conns.filter((c) => c.answered !== undefined).length).padStart(8)}`,
  );
}
clearInterval(drip);

const seconds = (ms: number) => (ms / 1_000).toFixed(2);
const closedAfter = conns
  .filter((c) => c.closed !== undefined)
  .map((c) => c.closed! - c.opened)
  .sort((a, b) => a - b);
const accepted = conns.map((c) => c.opened - started).sort((a, b) => a - b);
console.log(`\naccepted: after ${seconds(accepted[0]!)} s (first), ${seconds(accepted.at(-1)!)} s (last)`);
const statuses = new Map<string, number>();
for (const c of conns) statuses.set(c.status ?? '(none)', (statuses.get(c.status ?? '(none)') ?? 0) + 1);
const answeredAfter = conns
  .filter((c) => c.answered !== undefined)
  .map((c) => c.answered! - c.opened)
  .sort((a, b) => a - b);
const answerBound = SLOW_CLIENT_BOUNDS.headersTimeoutMs + SLOW_CLIENT_BOUNDS.checkIntervalMs;
const bound = answerBound + SLOW_CLIENT_BOUNDS.lingerMs;
console.log(
  `answered: ${answeredAfter.length} of ${CONNECTIONS}; after ${seconds(answeredAfter[0] ?? NaN)} s (first), ${seconds(answeredAfter.at(-1) ?? NaN)} s (last)`,
);
console.log(
  `closed: ${closedAfter.length} of ${CONNECTIONS}; after ${seconds(closedAfter[0] ?? NaN)} s (first), ${seconds(closedAfter[Math.floor(closedAfter.length / 2)] ?? NaN)} s (median), ${seconds(closedAfter.at(-1) ?? NaN)} s (last)`,
);
console.log(`answers: ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}`);
// Node's check runs on a timer of the busy event loop, and the probe writes every 50 ms: a quarter of a second of slack.
const SLACK_MS = 250;
const all408 = statuses.size === 1 && statuses.has('HTTP/1.1 408 Request Timeout');
const ok =
  all408 &&
  (answeredAfter.at(-1) ?? Infinity) <= answerBound + SLACK_MS &&
  closedAfter.length === CONNECTIONS &&
  (closedAfter.at(-1) ?? Infinity) <= bound + SLACK_MS;
console.log(
  `${ok ? 'PASS' : 'FAIL'}  every connection answered 408 within ${seconds(answerBound)} s (headers timeout + check interval) and closed within ${seconds(bound)} s (+ linger), each with ${SLACK_MS} ms of timer slack`,
);
for (const { socket } of conns) socket.destroy();
await server.close();
process.exitCode = ok ? 0 : 1;
