import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMockService } from '../../mocks';
import { connect, textOf } from './harness';

/**
 * Model-based: random sequences of tool calls (valid and invalid arguments, estimates, large
 * histories, continuations) under random budgets, caps, thresholds and token caps, against the
 * mock. After every call: the ledger never passes the budget, an answered call was charged no
 * more than its estimate, and the credits tool reports what the ledger charged.
 */
const RUNS = Number(process.env['MCP_MODEL_RUNS'] ?? 100);
const CALLS_PER_RUN = 100;

const SECRET = 'svc_live_0123456789abcdefABCDEF0123456789';
const newMock = () => createMockService({ now: '2026-11-21T12:00:00Z' });
let events: number[];
let runs = 0;
let generated = 0;
const seen = { answered: 0, refused: 0, cut: 0, continued: 0, resumed: 0, charged: 0 };

beforeAll(async () => {
  const s = await connect({}, {}, newMock());
  const live = (await s.call('events_list', { live: true, limit: 3 })).structuredContent as { rows: { event_id: number }[] };
  const upcoming = (await s.call('events_list', { limit: 3 })).structuredContent as { rows: { event_id: number }[] };
  events = [...live.rows, ...upcoming.rows].map((r) => r.event_id);
  await s.close();
});

const eventId = () => fc.oneof(fc.constantFrom(...events), fc.constantFrom(1, 0, -3, 2.5, 'x', null));
const call = () =>
  fc.oneof(
    fc.record({ name: fc.constant('catalog_sports'), args: fc.constant({}) }),
    fc.record({ name: fc.constant('catalog_leagues'), args: fc.record({ sport_id: fc.constantFrom(29, 1, 999_999, -1, 'x') }) }),
    fc.record({
      name: fc.constant('events_list'),
      args: fc.record(
        { limit: fc.oneof(fc.integer({ min: 1, max: 500 }), fc.constantFrom(0, 501, 1.5)), live: fc.boolean() },
        { requiredKeys: [] },
      ),
    }),
    fc.record({
      name: fc.constant('events_odds'),
      args: fc.record({ event_id: eventId(), full_history: fc.boolean(), main_lines_only: fc.boolean() }, { requiredKeys: ['event_id'] }),
    }),
    fc.record({
      name: fc.constantFrom('events_opening_lines', 'events_closing_lines', 'events_results', 'events_props', 'best_price'),
      args: fc.record({ event_id: eventId() }),
    }),
    fc.record({
      name: fc.constant('clv'),
      args: fc.record({
        bets: fc.array(
          fc.record({
            event_id: eventId(),
            market: fc.constant('moneyline'),
            side: fc.constantFrom('home', 'away', 'over'),
            odds: fc.constantFrom(2.1, 0.5),
          }),
          { minLength: 0, maxLength: 3 },
        ),
      }),
    }),
    fc.record({
      name: fc.constant('line_movement'),
      args: fc.record({
        event_id: eventId(),
        from: fc.constantFrom('2026-11-20T00:00:00Z', '2026-11-21T11:00:00Z'),
        to: fc.constant('2026-11-21T11:30:00Z'),
        max_pages: fc.integer({ min: 0, max: 2 }),
      }),
    }),
    fc.record({
      name: fc.constant('events_scan'),
      args: fc.record({
        starts_from: fc.constant('2026-11-19T00:00:00Z'),
        starts_to: fc.constantFrom('2026-11-19', '2026-11-18T06:00:00Z'),
        max_pages: fc.integer({ min: 0, max: 4 }),
      }),
    }),
    fc.record({
      name: fc.constantFrom('credits', 'more_rows', 'events_oddz', SECRET),
      args: fc.constantFrom({}, { continuation: 'x.1' }, { event_id: SECRET }),
    }),
  );

describe('model-based: the budget under random calls', () => {
  it(`never passes the budget in the mock's ledger, estimates at least the charge, reports the ledger (${RUNS} runs x ${CALLS_PER_RUN} calls)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          maxCredits: fc.integer({ min: 1, max: 400 }),
          maxCallCredits: fc.integer({ min: 1, max: 300 }),
          confirmAboveCredits: fc.integer({ min: 0, max: 300 }),
          maxResultTokens: fc.integer({ min: 1000, max: 20_000 }),
          elicitation: fc.constantFrom('none', 'accept', 'decline'),
        }),
        fc.array(fc.tuple(call(), fc.boolean()), { minLength: CALLS_PER_RUN, maxLength: CALLS_PER_RUN }),
        async ({ elicitation, ...budget }, calls) => {
          runs += 1;
          // A fresh mock each run (the same seed and instant: the same events), so the ledger holds this run only.
          const s = await connect(
            budget,
            elicitation === 'none' ? {} : { capabilities: { capabilities: { elicitation: { form: {} } } } },
            newMock(),
          );
          if (elicitation !== 'none')
            s.client.setRequestHandler(ElicitRequestSchema, () => ({
              action: elicitation === 'accept' ? 'accept' : 'decline',
              content: { send: true },
            }));
          let continuation: string | undefined;
          let checkpoint: string | undefined;
          try {
            for (const [{ name, args }, useContinuation] of calls) {
              generated += 1;
              const callArgs =
                name === 'more_rows' && useContinuation && continuation !== undefined
                  ? { continuation }
                  : (name === 'events_scan' || name === 'line_movement') && useContinuation && checkpoint !== undefined
                    ? { continuation: checkpoint }
                    : (args as Record<string, unknown>);
              const estimate = (await s.call('estimate_cost', { calls: [{ tool: name, arguments: callArgs }] })).structuredContent as
                | { calls: { credits?: number }[] }
                | undefined;
              const before = s.charged();
              const result = await s.call(name, callArgs);
              const charged = s.charged() - before;
              expect(s.charged()).toBeLessThanOrEqual(budget.maxCredits);
              // No estimate (refused arguments, an unknown tool): the call must be refused as well, free.
              const worst = estimate?.calls[0]?.credits;
              if (worst === undefined) expect(charged).toBe(0);
              else expect(charged).toBeLessThanOrEqual(worst);
              if (result.isError) expect(textOf(result)).not.toContain('0123456789abcdef');
              const next = (result.structuredContent as { continuation?: string } | undefined)?.continuation;
              if (next !== undefined) continuation = next;
              const resume = (result.structuredContent as { next?: { arguments: { continuation?: string } } } | undefined)?.next?.arguments
                .continuation;
              if (resume !== undefined) checkpoint = resume;
              seen[result.isError ? 'refused' : 'answered'] += 1;
              if (next !== undefined) seen.cut += 1;
              if (name === 'more_rows' && !result.isError) seen.continued += 1;
              if (name !== 'more_rows' && 'continuation' in callArgs && !result.isError) seen.resumed += 1;
              seen.charged += charged;
            }
            const credits = (await s.call('credits')).structuredContent as { session: { spent: number } };
            expect(credits.session.spent).toBe(s.charged());
          } finally {
            await s.close();
          }
        },
      ),
      { numRuns: RUNS },
    );
    console.log(`model-based: ${runs} runs, ${generated} generated calls (each with its estimate_cost call): ${JSON.stringify(seen)}`);
    expect(generated).toBeGreaterThanOrEqual(RUNS * CALLS_PER_RUN);
  }, 300_000);
});
