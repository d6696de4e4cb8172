/**
 * The loopback server of the SDK's time benchmarks (bench/sdk-overhead.ts, bench/sdk-phases.ts): identical bytes to every
 * client, an odds history of 1 row (any event but 2) or 10,000 rows (event 2, 3.7 MB), with the service's headers.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const KEY = `svc_live_${'B3nch'.repeat(6)}ab`;

function oddsRow(i: number) {
  return {
    event_id: 1001,
    line_id: 500_000 + i,
    alt_line_id: i % 4 === 0 ? null : 700_000 + i,
    market: ['moneyline', 'spread', 'totals', 'home_totals', 'away_totals'][i % 5],
    period: i % 3,
    line: i % 5 === 0 ? null : -3.5 + (i % 8) * 0.5,
    odds1: 1.8 + (i % 10) / 100,
    odds0: i % 5 === 0 ? 3.4 : null,
    odds2: 2.05 - (i % 10) / 100,
    todds1: 1.85 + (i % 10) / 100,
    todds0: i % 5 === 0 ? 3.55 : null,
    todds2: 2.1 - (i % 10) / 100,
    max_win: 5000,
    cutoff: '2026-11-21T18:00:00Z',
    status: 1,
    timestamp: new Date(Date.UTC(2026, 10, 20) + i * 60_000).toISOString(),
    score_home: 0,
    score_away: 0,
    red_cards_home: 0,
    red_cards_away: 0,
  };
}

/** The bodies served, by row count. */
export const bodies = new Map<number, Buffer>([
  [1, Buffer.from(JSON.stringify([oddsRow(0)]))],
  [10_000, Buffer.from(JSON.stringify(Array.from({ length: 10_000 }, (_, i) => oddsRow(i))))],
]);

/**
 * Starts the server on a free loopback port.
 *
 * @example
 * const { base, close } = await historyServer();
 */
export async function historyServer(): Promise<{ base: string; close: () => void }> {
  const server = createServer((req, res) => {
    const rows = Number(new URL(req.url ?? '/', 'http://x').pathname.split('/')[3]) === 2 ? 10_000 : 1;
    const body = bodies.get(rows) as Buffer;
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': body.length,
      'x-credits-cost': String(Math.max(1, Math.ceil(rows / 20))),
      'x-credits-period-limit': '1000000',
      'x-credits-period-remaining': '900000',
      'x-credits-period-reset': '2026-12-01T00:00:00Z',
      'x-credits-daily-limit': '100000',
      'x-credits-daily-remaining': '90000',
      'x-credits-daily-reset': '2026-11-22T00:00:00Z',
      'x-result-rows': String(rows),
      'x-result-truncated': 'false',
      'x-request-id': `req_${'0'.repeat(32)}`,
      'x-service-origin': 'http://127.0.0.1',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
