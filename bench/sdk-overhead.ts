/**
 * SDK overhead against raw `fetch` + `JSON.parse`, in one process, on a loopback node:http server
 * that serves identical bytes to both: a 1-row and a 10,000-row odds history, validation on. Two
 * more columns: ky alone (the HTTP layer the SDK is built on: the same URL and key, no timeout),
 * and ky sending the SDK's own request (its `X-SDK-Version` header too) with a per-request
 * timeout, which every SDK attempt has.
 * Targets (issue 12): the 1-row ratio within 0.06 of ky alone's in the same run; 10,000 rows at most 1.15x.
 * Tracing (issue 26, docs/observability.md): the SDK as it comes (with `@opentelemetry/api`
 * installed here and no tracer provider registered), with `tracing: false`, and traced into an
 * OpenTelemetry SDK tracer provider whose batches are dropped (the cost of the spans, not of an export).
 *
 *   node scripts/run-ts.mjs bench/sdk-overhead.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import ky from 'ky';
import { SportsOdds, VERSION } from '../src';
import { validateBody } from '../src/core/zod-validate';
import { routes } from '../src/schemas';

const KEY = `svc_live_${'B3nch'.repeat(6)}ab`;

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

const bodies = new Map<number, Buffer>([
  [1, Buffer.from(JSON.stringify([oddsRow(0)]))],
  [10_000, Buffer.from(JSON.stringify(Array.from({ length: 10_000 }, (_, i) => oddsRow(i))))],
]);

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
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const odds = new SportsOdds({ apiKey: KEY, baseUrl: base, logLevel: 'off' });
const untraced = new SportsOdds({ apiKey: KEY, baseUrl: base, logLevel: 'off', tracing: false });
const provider = new TracerProvider({
  spanProcessors: [new BatchSpanProcessor({ exporter: { export: (_spans, done) => done({ code: 0 }), shutdown: async () => {} } })],
});
const traced = new SportsOdds({ apiKey: KEY, baseUrl: base, logLevel: 'off', tracing: { tracerProvider: provider } });

const raw = async (eventId: number) => {
  const res = await fetch(`${base}/v1/events/${eventId}/odds?full_history=1`, {
    headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' },
  });
  return JSON.parse(await res.text()) as unknown[];
};
const sdk = (eventId: number) => odds.events.odds(eventId, { full_history: true });
const sdkUntraced = (eventId: number) => untraced.events.odds(eventId, { full_history: true });
const sdkTraced = (eventId: number) => traced.events.odds(eventId, { full_history: true });
// The floor the SDK builds on: ky alone (retry off, no validation), for reference.
const kyOnly = ky.create({ retry: 0, throwHttpErrors: false, timeout: false });
const viaKy = async (eventId: number) => {
  const res = await kyOnly(`${base}/v1/events/${eventId}/odds?full_history=1`, {
    headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' },
  });
  return JSON.parse(await res.text()) as unknown[];
};

// ky sending what the SDK sends, its attempt bounded by ky's own timeout (which aborts the fetch).
const sdkHeaders = { accept: 'application/json', 'x-sdk-version': `sports-odds-data/${VERSION}`, authorization: `Bearer ${KEY}` };
const viaKySdkRequest = async (eventId: number) => {
  const res = await kyOnly(`${base}/v1/events/${eventId}/odds?full_history=1`, { headers: sdkHeaders, timeout: 30_000 });
  return JSON.parse(await res.text()) as unknown[];
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

async function measure(label: string, eventId: number, rows: number, iterations: number) {
  const runners = [raw, sdk, viaKy, viaKySdkRequest, sdkUntraced, sdkTraced];
  const times = runners.map(() => [] as number[]);
  for (let i = 0; i < Math.ceil(iterations / 5); i++) {
    for (const fn of runners) if ((await fn(eventId)).length !== rows) throw new Error('wrong row count');
  }
  for (let i = 0; i < iterations; i++) {
    // Rotate the order, so each runner takes every place equally often and none ever runs twice in
    // a row (alternating 0 1 2 / 2 1 0 ran raw and ky twice in a row, on a warmer loop, and never
    // the SDK).
    const order = runners.map((_, j) => (i + j) % runners.length);
    for (const k of order) {
      const t0 = performance.now();
      await (runners[k] as typeof raw)(eventId);
      (times[k] as number[]).push(performance.now() - t0);
    }
  }
  const [r, s, k, q, off, on] = times.map(median) as [number, number, number, number, number, number];
  console.log(
    `${label.padEnd(12)} raw ${r.toFixed(3)} ms   sdk ${s.toFixed(3)} ms   ratio ${(s / r).toFixed(3)}x   ` +
      `ky alone ${(k / r).toFixed(3)}x (sdk - ky ${((s - k) / r).toFixed(3)})   ky with the SDK's request ${(q / r).toFixed(3)}x (sdk - that ${((s - q) / r).toFixed(3)})`,
  );
  console.log(
    `${''.padEnd(12)} tracing: false ${(off / r).toFixed(3)}x   as it comes (no provider) ${(s / r).toFixed(3)}x   traced ${(on / r).toFixed(3)}x (${(on - off).toFixed(3)} ms a call more than tracing: false)`,
  );
  return { sdk: s / r, ky: k / r };
}

/** Validation alone, in process: JSON.parse of the 10,000-row body, then the same with the rows validated in place. */
function measureValidation(iterations: number) {
  const text = (bodies.get(10_000) as Buffer).toString();
  const schema = routes['events.odds'].responses[200];
  const meta = { status: 200, attempts: 1, credits: {}, metered: true };
  const parse = () => JSON.parse(text) as unknown[];
  const validated = () => validateBody<unknown[]>(schema, JSON.parse(text), 'events.odds', meta);
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < iterations; i++) {
    for (const [k, fn] of (i % 2 === 0
      ? [
          [0, parse],
          [1, validated],
        ]
      : [
          [1, validated],
          [0, parse],
        ]) as [0 | 1, () => unknown[]][]) {
      const t0 = performance.now();
      if (fn().length !== 10_000) throw new Error('wrong row count');
      times[k].push(performance.now() - t0);
    }
  }
  const [p, v] = times.map(median) as [number, number];
  console.log(
    `${'validation'.padEnd(12)} JSON.parse ${p.toFixed(3)} ms   + in-place validation ${v.toFixed(3)} ms   ratio ${(v / p).toFixed(3)}x   (10,000 rows)`,
  );
}

console.log(`node ${process.version}, medians of runs in rotating order, validation on`);
measureValidation(200);
const one = await measure('1 row', 1, 1, 3000);
const many = await measure('10,000 rows', 2, 10_000, 150);
const oneMet = one.sdk - one.ky <= 0.06;
console.log(
  `targets: 1 row within 0.06 of ky (${(one.sdk - one.ky).toFixed(3)}: ${oneMet ? 'met' : 'MISSED'}), 10,000 rows <= 1.15x (${many.sdk.toFixed(3)}: ${many.sdk <= 1.15 ? 'met' : 'MISSED'})`,
);
await provider.shutdown();
server.close();
