import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MockService } from '../../mocks';
import type { RequestOptions, ResponseMeta, SportsOdds } from '../../src';
import { defaultMaxAge } from '../../src/schemas/cache-defaults';
import { routes } from '../../src/schemas/routes';
import { chargesOf, sdkFor, useMockServer } from '../sdk/mock-setup';

/**
 * Model-based test of coalescing and the freshness cache (issue 32), through the real SDK and the
 * real mock over MSW: random sequences of batches of identical calls (1 to 3 at once, with or
 * without a per-call maxAge, cache: false or coalesce: false), moves of the mock's clock (which the
 * SDK's clock follows, skewed by a constant), and clears. A small model predicts for every call
 * whether it is a hit, shared or sent, its charge (0 unless sent), the age of a hit (always under
 * the maxAge that applied), the credits saved, and the cache's counts; the mock's ledger is the
 * SDK's, and holds exactly the calls the model says were sent.
 */

const SEED = 20_261_127;
const RUNS = 60;

type Target = 'sports' | 'leagues' | 'odds1' | 'odds2' | 'odds1main';
const ROUTE_OF: Record<Target, 'catalog.sports' | 'catalog.leagues' | 'events.odds'> = {
  sports: 'catalog.sports',
  leagues: 'catalog.leagues',
  odds1: 'events.odds',
  odds2: 'events.odds',
  odds1main: 'events.odds',
};

type CallOptions = { kind: 'none' } | { kind: 'maxAge'; ms: number } | { kind: 'bypass' } | { kind: 'alone' };
type Clear = { kind: 'all' } | { kind: 'route'; routeId: 'catalog.sports' | 'events.odds' } | { kind: 'event1' } | { kind: 'leagues' };
type Command =
  | { kind: 'batch'; target: Target; options: CallOptions; n: number }
  | { kind: 'advance'; ms: number }
  /** Moves the clock to a cached answer's edge (the maxAge the call gives, plus `delta` ms), then calls. */
  | { kind: 'edge'; target: Target; options: CallOptions; n: number; delta: number; at: 'read' | 'keep' }
  | { kind: 'clear'; clear: Clear };

const maxAgeArb = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4_000 }), fc.constantFrom(2_000, 3_600_000));
// Mostly two targets, so that calls meet the answers cached before them.
const targetArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<Target>('sports', 'odds1') },
  { weight: 1, arbitrary: fc.constantFrom<Target>('leagues', 'odds2', 'odds1main') },
);
const callOptionsArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant<CallOptions>({ kind: 'none' }) },
  { weight: 2, arbitrary: maxAgeArb.map<CallOptions>((ms) => ({ kind: 'maxAge', ms })) },
  { weight: 1, arbitrary: fc.constant<CallOptions>({ kind: 'bypass' }) },
  { weight: 1, arbitrary: fc.constant<CallOptions>({ kind: 'alone' }) },
);
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      target: targetArb,
      options: callOptionsArb,
      n: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.oneof(fc.integer({ min: 0, max: 4_000 }), fc.constantFrom(1, 1_999, 2_000, 3_599_999, 3_600_000)),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('edge' as const),
      target: targetArb,
      options: callOptionsArb,
      n: fc.integer({ min: 1, max: 3 }),
      delta: fc.constantFrom(-1, 0, 1),
      at: fc.constantFrom<'read' | 'keep'>('read', 'keep'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('clear' as const),
      clear: fc.oneof(
        fc.constant<Clear>({ kind: 'all' }),
        fc.constantFrom<Clear>({ kind: 'route', routeId: 'catalog.sports' }, { kind: 'route', routeId: 'events.odds' }),
        fc.constant<Clear>({ kind: 'event1' }),
        fc.constant<Clear>({ kind: 'leagues' }),
      ),
    }),
  },
);

/** What the model keeps of a cached answer. */
interface Entry {
  sentAt: number;
  keep: number;
  cost: number;
  data: unknown;
}

interface Setup {
  mock: MockService;
  odds: SportsOdds;
  sent: () => number;
  sportId: number;
  events: [number, number];
  oddsMaxAge: number;
}

function callOf(s: Setup, target: Target, options: RequestOptions) {
  switch (target) {
    case 'sports':
      return s.odds.catalog.sports(options);
    case 'leagues':
      return s.odds.catalog.leagues({ sport_id: s.sportId }, options);
    case 'odds1':
      return s.odds.events.odds(s.events[0], {}, options);
    case 'odds2':
      return s.odds.events.odds(s.events[1], {}, options);
    case 'odds1main':
      return s.odds.events.odds(s.events[0], { main_lines_only: true }, options);
  }
}

const optionsOf = (o: CallOptions): RequestOptions =>
  o.kind === 'maxAge' ? { maxAge: o.ms } : o.kind === 'bypass' ? { cache: false } : o.kind === 'alone' ? { coalesce: false } : {};

/** Whether a clear drops the answers of a target. */
function clears(clear: Clear, target: Target): boolean {
  switch (clear.kind) {
    case 'all':
      return true;
    case 'route':
      return ROUTE_OF[target] === clear.routeId;
    case 'event1':
      return target === 'odds1' || target === 'odds1main';
    case 'leagues':
      return target === 'leagues';
  }
}

const newMock = useMockServer();

describe('coalescing and the freshness cache, against a model', () => {
  it('predicts hit, shared or sent, the charge, the age of every hit and the ledgers, for random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(commandArb, { minLength: 4, maxLength: 24 }),
        fc.oneof(fc.constant(2_000), fc.integer({ min: 0, max: 4_000 })),
        fc.constantFrom(0, -7 * 3_600_000, 180_000),
        async (commands, oddsMaxAge, skew) => {
          const mock = newMock();
          const { odds, seen } = sdkFor(mock, {
            now: () => mock.clock.now() + skew,
            cache: { maxAge: { 'events.odds': oddsMaxAge } },
          });
          const listed = await odds.events.list({ limit: 2 }, { coalesce: false });
          const setup: Setup = {
            mock,
            odds,
            sent: () => seen.requests.length,
            sportId: 1,
            events: [listed[0]?.event_id as number, listed[1]?.event_id as number],
            oddsMaxAge,
          };
          await run(setup, commands);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    // Its runs take about 5 s alone; two copies of the suite at once on 2 cores take four times that.
  }, 60_000);
});

async function run(s: Setup, commands: Command[]): Promise<void> {
  const entries = new Map<Target, Entry>();
  const counts = { hits: 0, misses: 0, shared: 0, creditsSaved: 0 };
  let sentBefore = s.sent();
  const configured = (target: Target) => (ROUTE_OF[target] === 'events.odds' ? s.oddsMaxAge : defaultMaxAge(routes[ROUTE_OF[target]]));
  for (const command of commands) {
    if (command.kind === 'advance') {
      s.mock.clock.advance(command.ms);
      continue;
    }
    if (command.kind === 'edge') {
      const entry = entries.get(command.target);
      const o = command.options;
      const maxAge = command.at === 'keep' ? entry?.keep : o.kind === 'maxAge' ? o.ms : configured(command.target);
      const ms = entry === undefined ? 0 : entry.sentAt + (maxAge ?? 0) + command.delta - s.mock.clock.now();
      if (ms > 0) s.mock.clock.advance(ms);
    }
    if (command.kind === 'clear') {
      const c = command.clear;
      if (c.kind === 'all') s.odds.cache.clear();
      else if (c.kind === 'route') s.odds.cache.clear(c.routeId);
      else if (c.kind === 'event1') s.odds.cache.clear('events.odds', { params: { event_id: s.events[0] } });
      else s.odds.cache.clear('catalog.leagues', { query: { sport_id: s.sportId } });
      for (const target of [...entries.keys()]) if (clears(c, target)) entries.delete(target);
      continue;
    }
    const { target, options, n } = command as Extract<Command, { kind: 'batch' | 'edge' }>;
    const now = s.mock.clock.now();
    const base = configured(target);
    const keep = options.kind === 'bypass' ? base : options.kind === 'maxAge' ? options.ms : base;
    const read = options.kind === 'bypass' ? 0 : keep;
    const share = options.kind !== 'alone';
    const entry = entries.get(target);
    const fresh = entry !== undefined && read > 0 && now >= entry.sentAt && now < entry.sentAt + entry.keep && now - entry.sentAt < read;

    const results = await Promise.all(Array.from({ length: n }, () => callOf(s, target, optionsOf(options)).withMeta()));
    const kinds = results.map((r) => r.meta.reuse?.kind ?? 'sent');
    const sent = s.sent() - sentBefore;
    sentBefore = s.sent();
    const label = `${JSON.stringify(command)} at +${now - Date.parse('2026-11-21T15:00:00Z')}`;

    if (fresh) {
      expect(kinds, label).toEqual(Array(n).fill('hit'));
      expect(sent, label).toBe(0);
      for (const r of results) {
        expect(r.meta.reuse?.ageMs, label).toBe(now - entry.sentAt);
        // The bound the user can trust: a hit is younger than the maxAge that applied.
        expect(r.meta.reuse?.ageMs as number, label).toBeLessThan(read);
        expect(r.data, label).toEqual(entry.data);
      }
      counts.hits += n;
      counts.creditsSaved += n * entry.cost;
    } else {
      const expected = share ? ['sent', ...Array(n - 1).fill('shared')] : Array(n).fill('sent');
      expect(kinds, label).toEqual(expected);
      expect(sent, label).toBe(expected.filter((k) => k === 'sent').length);
      const leader = results[0] as { data: unknown; meta: ResponseMeta };
      const cost = leader.meta.credits.cost as number;
      expect(cost, label).toBeGreaterThan(0);
      for (const r of results.slice(1)) {
        if (share) {
          expect(r.meta.reuse, label).toEqual({ kind: 'shared', requestId: leader.meta.requestId, ageMs: 0 });
          expect(r.data, label).toEqual(leader.data);
        }
      }
      if (share || keep > 0) counts.misses += sent;
      counts.shared += n - sent;
      counts.creditsSaved += (n - sent) * cost;
      if (keep > 0) entries.set(target, { sentAt: now, keep, cost, data: leader.data });
    }
    // A reused call is never charged.
    for (const r of results) if (r.meta.reuse !== undefined) expect(r.meta.credits.cost, label).toBe(0);
    expect(s.odds.cache.stats(), label).toMatchObject(counts);
  }
  const service = chargesOf(s.mock);
  // The mock's ledger is the SDK's: one charge per request sent, none for a reused call.
  expect(service.charges).toHaveLength(s.odds.credits.meteredCalls);
  expect(service.charged).toBe(s.odds.credits.spent);
  expect(s.odds.credits.saved).toBe(counts.creditsSaved);
}
