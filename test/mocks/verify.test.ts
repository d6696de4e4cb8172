import { describe, expect, it, vi } from 'vitest';
import type { MockServer } from '../../mocks/server/node';
import {
  formatVerifyReport,
  planVerification,
  verifyService,
  type CheckOutcome,
  type VerifyOptions,
  type VerifyReport,
} from '../../mocks/verify';
import { creditsCost, startDriftProxy, type Drift } from '../helpers/drift-proxy';
import { useStandaloneMocks } from '../helpers/standalone';

/**
 * `verify` against the standalone mock (every check passes, within the budget the ledger shows),
 * and against a drifted service: a real HTTP proxy in front of the mock that breaks one rule, which
 * must be reported as exactly that finding and nothing else as drift.
 */

const { start, onClose } = useStandaloneMocks();

/** What the demo account has been charged so far, by the mock's ledger. */
const charged = (server: MockServer) => server.mock.ledger().find((l) => l.email === server.mock.demoEmail)!.charged;

/** Waits that move the mock's clock (the cursor's five minutes), and really wait for a short one (Retry-After). */
const mockSleep = (server: MockServer) => async (ms: number) => {
  if (ms > 10_000) server.mock.clock.advance(ms);
  else await new Promise((resolve) => setTimeout(resolve, ms));
};

const MAX_CREDITS = 800;

const options = (server: MockServer, baseUrl = server.url): VerifyOptions => ({
  baseUrl,
  apiKey: server.mock.apiKey,
  maxCredits: MAX_CREDITS,
  run: true,
  allowMutations: true,
  sleep: mockSleep(server),
});

/** The checks that did not pass, with their outcome. */
const notPassed = (report: VerifyReport): Record<string, CheckOutcome> =>
  Object.fromEntries(report.checks.filter((c) => c.outcome !== 'pass' && c.outcome !== 'not-planned').map((c) => [c.id, c.outcome]));

describe('verify against the standalone mock', () => {
  it('passes every check, 100%, within --max-credits as the ledger shows, and masks every key', { timeout: 60_000 }, async () => {
    const server = await start();
    const before = charged(server);
    const report = await verifyService({ ...options(server), waitForCursorExpiry: true, record: true });
    expect(report.checks.filter((c) => c.outcome !== 'pass')).toEqual([]);
    expect(report.checks).toHaveLength(27);
    expect(report.exitCode).toBe(0);
    expect(report.pacing).toEqual({ requestsPerSecond: 20, source: 'account' });
    // The ledger: what the run was charged, never over its budget, and what the answers said.
    const spent = charged(server) - before;
    expect(spent).toBeGreaterThan(10);
    expect(spent).toBeLessThanOrEqual(MAX_CREDITS);
    expect(report.credits.spent).toBe(spent);
    // Every key the run made is revoked again: the account has its one key.
    expect(server.mock.accounts()[0]!.keys.filter((k) => k.status === 'active')).toHaveLength(1);
    const everything =
      JSON.stringify(report) + formatVerifyReport(report, 'text') + formatVerifyReport(report, 'md') + formatVerifyReport(report, 'junit');
    expect(everything).not.toContain(server.mock.apiKey);
    expect(everything).not.toMatch(/svc_live_[A-Za-z0-9]{5,}/);
    expect(everything).not.toMatch(/rot_[A-Za-z0-9_-]{5,}/);
  });

  it('plans without sending anything: each request with its worst case from the route envelopes, and the total', async () => {
    const server = await start();
    const report = await verifyService({ baseUrl: server.url, maxCredits: MAX_CREDITS });
    expect(report.mode).toBe('plan');
    expect(report.exitCode).toBe(0);
    expect(server.requests).toEqual([]);
    const requests = [...report.plan.setup, ...report.plan.checks.filter((c) => !c.notPlanned).flatMap((c) => c.requests)];
    expect(report.plan.worstCase).toBe(requests.reduce((sum, r) => sum + r.worstCase * r.times, 0));
    const byTarget = (target: string) => requests.find((r) => r.target === target)?.worstCase;
    expect(byTarget('/v1/events/{event_id}/odds?full_history=1&since={since}')).toBe(250);
    expect(byTarget('/v1/events/{event_id}/odds')).toBe(25);
    expect(byTarget('/v1/events?live=1&limit=2')).toBe(1);
    expect(byTarget('/v1/events?limit=0')).toBe(5);
    expect(byTarget('/v1/verify-no-such-route')).toBe(0);
    const text = formatVerifyReport(report, 'text');
    expect(text).toContain('Plan of sports-odds-mock verify against');
    expect(text).toContain(`Worst case: ${report.plan.worstCase} credits`);
    expect(text).toContain('prices.since');
    expect(text).toContain('keys.rotation               creates, rotates and revokes keys: give --allow-mutations');
    expect(text).toContain('A dry run: nothing was sent.');
  });

  it('refuses to run a plan whose worst case is over --max-credits, sending nothing, and says what to skip', async () => {
    const server = await start();
    const report = await verifyService({ ...options(server), maxCredits: 200 });
    expect(report.mode).toBe('plan');
    expect(report.plan.fits).toBe(false);
    expect(report.exitCode).toBe(3);
    expect(server.requests).toEqual([]);
    expect(formatVerifyReport(report, 'text')).toMatch(/over --max-credits 200, so --run refuses this plan\. .*--skip prices saves 525/);
    // Leaving the expensive checks out fits.
    expect(planVerification({ ...options(server), maxCredits: 200, skip: ['prices', 'clv'] }).fits).toBe(true);
  });

  it('checks scopes with a data-only key given, and cannot without one (never drift)', { timeout: 30_000 }, async () => {
    const server = await start();
    const { apiKey: dataKey } = await server.mock.createKey(server.mock.demoEmail, { scopes: ['data:read'] });
    const only = ['auth'];
    const given = await verifyService({ ...options(server), allowMutations: false, dataKey, only });
    expect(given.checks.find((c) => c.id === 'auth.scope')?.outcome).toBe('pass');
    expect(JSON.stringify(given)).not.toContain(dataKey);
    const none = await verifyService({ ...options(server), allowMutations: false, only });
    expect(notPassed(none)).toEqual({ 'auth.scope': 'could-not-check' });
    expect(none.exitCode).toBe(3);
    // A data-only key under test is its own proof.
    const own = await verifyService({ ...options(server), apiKey: dataKey, allowMutations: false, only });
    expect(own.checks.find((c) => c.id === 'auth.scope')?.outcome).toBe('pass');
  });

  it('refuses wrong options with a RangeError', () => {
    expect(() => planVerification({ baseUrl: 'http://api.example.com', maxCredits: 10 })).toThrow(RangeError);
    // The base URL is checked as the SDK's client checks it, and only the one given (never the client's environment).
    expect(() => planVerification({ baseUrl: 'http://api.example.com', maxCredits: 10 })).toThrow(/over plain http/);
    expect(() => planVerification({ baseUrl: 'ftp://api.example.com', maxCredits: 10 })).toThrow(/must use https/);
    vi.stubEnv('SPORTS_ODDS_BASE_URL', 'https://api.example.com');
    expect(() => planVerification({ baseUrl: '', maxCredits: 10 })).toThrow(/baseUrl must be an absolute URL, got ""/);
    expect(planVerification({ baseUrl: 'http://127.0.0.1:8080/', maxCredits: 10 }).baseUrl).toBe('http://127.0.0.1:8080');
    expect(() => planVerification({ baseUrl: 'https://api.example.com', maxCredits: -1 })).toThrow(RangeError);
    expect(() => planVerification({ baseUrl: 'https://api.example.com', maxCredits: 10, only: ['nothing'] })).toThrow(
      /no check or group nothing/,
    );
    return expect(verifyService({ baseUrl: 'https://api.example.com', maxCredits: 10, run: true })).rejects.toThrow(/apiKey/);
  });
});

const isListing = (url: string) => /^\/v1\/events(\?|$)/.test(url);

const DRIFTS: [string, Drift, Record<string, CheckOutcome>][] = [
  [
    'drops a header (X-Request-Id)',
    {
      rewrite: (_, a) => {
        a.headers.delete('X-Request-Id');
        return a;
      },
    },
    { 'errors.request-id': 'breaking' },
  ],
  ['charges one more credit in X-Credits-Cost', creditsCost((c) => c + 1), { 'metering.cost': 'breaking' }],
  [
    'reorders a page (the events listing reversed)',
    {
      rewrite: (r, a) =>
        isListing(r.url) && a.status === 200 ? { ...a, body: JSON.stringify((JSON.parse(a.body) as unknown[]).reverse()) } : a,
    },
    { 'events.order': 'breaking' },
  ],
  [
    'answers 500 (the odds route)',
    {
      intercept: (r) =>
        /^\/v1\/events\/\d+\/odds/.test(r.url)
          ? {
              status: 500,
              headers: new Headers({ 'content-type': 'application/json' }),
              body: '{"error":{"code":"internal_error","message":"boom","request_id":"req_0"}}',
            }
          : undefined,
    },
    { 'prices.latest': 'could-not-check', 'prices.since': 'could-not-check', 'prices.since-needs-history': 'could-not-check' },
  ],
  [
    'drops the connection (CLV)',
    { intercept: (r) => (r.url.startsWith('/v1/analytics/clv') ? 'drop' : undefined) },
    { 'clv.identities': 'could-not-check', 'clv.no-closing-row': 'could-not-check' },
  ],
  [
    'adds a field to the sports (additive)',
    {
      rewrite: (r, a) =>
        r.url === '/v1/catalog/sports' && a.status === 200
          ? { ...a, body: JSON.stringify((JSON.parse(a.body) as object[]).map((s) => ({ ...s, colour: 'red' }))) }
          : a,
    },
    { 'schema.data': 'additive' },
  ],
  [
    'keeps the remaining credits where they were (the windows do not fall by the charge)',
    (() => {
      const first = new Map<string, string>();
      const names = ['X-Credits-Remaining', 'X-Credits-Period-Remaining', 'X-Credits-Daily-Remaining'];
      return {
        rewrite(_, answer) {
          for (const name of names) {
            const value = answer.headers.get(name);
            if (value === null) continue;
            if (!first.has(name)) first.set(name, value);
            answer.headers.set(name, first.get(name)!);
          }
          return answer;
        },
      } satisfies Drift;
    })(),
    { 'metering.cost': 'breaking' },
  ],
  [
    'answers the burst without Retry-After',
    {
      rewrite: (_, a) => {
        if (a.status === 429) a.headers.delete('Retry-After');
        return a;
      },
    },
    { 'rate.limit': 'breaking' },
  ],
];

describe('verify against a drifted service (a proxy in front of the mock)', () => {
  it.each(DRIFTS)('names exactly the drift when the service %s', { timeout: 60_000 }, async (_, drift, expected) => {
    const server = await start();
    const proxy = await startDriftProxy(server.url, drift);
    onClose(() => proxy.close());
    const report = await verifyService(options(server, proxy.url));
    expect(notPassed(report)).toEqual(expected);
    const classes = new Set(Object.values(expected));
    expect(report.exitCode).toBe(classes.has('breaking') || classes.has('additive') ? 1 : 3);
    // Each finding reproduces its exchange with the key masked.
    for (const finding of report.findings.filter((f) => f.class !== 'could-not-check' || f.exchange !== undefined)) {
      expect(finding.curl).toContain(proxy.url);
      expect(finding.exchange?.request).toContain(proxy.url);
    }
    expect(JSON.stringify(report)).not.toContain(server.mock.apiKey);
  });

  it('stops at the budget when the answers claim more than the plan: the checks left are could-not-check', {
    timeout: 60_000,
  }, async () => {
    const server = await start();
    const proxy = await startDriftProxy(
      server.url,
      creditsCost(() => 300),
    );
    onClose(() => proxy.close());
    const before = charged(server);
    const report = await verifyService(options(server, proxy.url));
    expect(report.stoppedAtBudget).toBe(true);
    expect(report.checks.find((c) => c.id === 'metering.cost')?.outcome).toBe('breaking');
    expect(report.findings.some((f) => f.class === 'could-not-check' && /stopped at its budget|budget guard/.test(f.message))).toBe(true);
    expect(report.credits.spent).toBeLessThanOrEqual(MAX_CREDITS + 300);
    expect(charged(server) - before).toBeLessThanOrEqual(MAX_CREDITS);
    expect(report.exitCode).toBe(1);
  });
});

describe('the rules verify names', () => {
  it('are headings of docs/service.md, each check under one, with its anchor', async () => {
    const { readFile } = await import('node:fs/promises');
    const headings = [...(await readFile('docs/service.md', 'utf8')).matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]);
    const plan = planVerification({ baseUrl: 'https://api.example.com', maxCredits: 0 });
    for (const check of plan.checks) {
      expect(headings).toContain(check.rule);
      expect(check.anchor).toBe(
        `docs/service.md#${check.rule
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-')}`,
      );
    }
    expect(new Set(plan.checks.map((c) => c.rule)).size).toBe(13);
  });
});
