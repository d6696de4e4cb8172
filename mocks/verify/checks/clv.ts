import { CannotCheck } from '../cannot-check';
import { defineCheck, expectRefusal, expectSuccess, rowsOf } from '../check';
import type { RequestTemplate } from '../template';
import { pastEventId } from './prices';

/** docs/service.md, "CLV analysis": the identities against the closing board, and 404 without a closing row. */

const ODDS_TAKEN = 2.5;
const STAKE = 10;

const CLOSING: RequestTemplate = {
  method: 'GET',
  path: '/v1/events/{event_id}/lines/closing',
  route: 'events.closingLines',
  key: 'main',
  purpose: "the event's closing lines",
};
const CLV: RequestTemplate = {
  method: 'GET',
  path: '/v1/analytics/clv',
  query: [
    ['event_id', '{event_id}'],
    ['market', 'moneyline'],
    ['period', '0'],
    ['side', 'home'],
    ['odds', String(ODDS_TAKEN)],
    ['stake', String(STAKE)],
  ],
  samples: { event_id: '1' },
  route: 'analytics.clv',
  key: 'main',
  purpose: 'the CLV of a home moneyline bet at 2.5, stake 10',
};
const NO_CLOSING_ROW: RequestTemplate = {
  ...CLV,
  query: [
    ['event_id', '{event_id}'],
    ['market', 'totals'],
    ['period', '0'],
    ['side', 'over'],
    ['line', '999.5'],
    ['odds', '2'],
  ],
  purpose: 'a totals line no board has (999.5): 404, charged 1 credit',
};

/** `actual` is exactly `expected`, as doubles. */
const same = (actual: unknown, expected: unknown): boolean => typeof actual === 'number' && Object.is(actual, expected);

export const clvIdentities = defineCheck({
  id: 'clv.identities',
  rule: 'clv',
  title:
    "closing_odds and true_closing_odds are the closing row's, clv = odds / true_closing_odds - 1 and expected_win = stake * clv exactly",
  needs: ['past'],
  requests: [CLOSING, CLV],
  async run(ctx) {
    const eventId = pastEventId(ctx);
    const closing = await ctx.send(CLOSING, { event_id: eventId });
    if (!expectSuccess(ctx, closing)) return;
    const row = (rowsOf(closing) ?? []).find(
      (r) =>
        r['market'] === 'moneyline' &&
        r['period'] === 0 &&
        r['alt_line_id'] === null &&
        typeof r['odds1'] === 'number' &&
        typeof r['todds1'] === 'number',
    );
    if (row === undefined) throw new CannotCheck(`event ${eventId} has no closing moneyline of period 0 with prices`, closing);
    const answer = await ctx.send(CLV, { event_id: eventId });
    if (!expectSuccess(ctx, answer)) return;
    const clv = answer.json as Record<string, unknown>;
    if (!same(clv['closing_odds'], row['odds1']))
      ctx.breaking(`closing_odds ${String(clv['closing_odds'])}; the closing row's odds1 is ${String(row['odds1'])}`, answer);
    if (!same(clv['true_closing_odds'], row['todds1']))
      ctx.breaking(`true_closing_odds ${String(clv['true_closing_odds'])}; the closing row's todds1 is ${String(row['todds1'])}`, answer);
    const truth = clv['true_closing_odds'];
    if (typeof truth === 'number' && !same(clv['clv'], ODDS_TAKEN / truth - 1))
      ctx.breaking(`clv ${String(clv['clv'])}; odds / true_closing_odds - 1 is ${ODDS_TAKEN / truth - 1}`, answer);
    if (typeof clv['clv'] === 'number' && !same(clv['expected_win'], STAKE * clv['clv']))
      ctx.breaking(`expected_win ${String(clv['expected_win'])}; stake * clv is ${STAKE * clv['clv']}`, answer);
  },
});

export const clvWithoutClosingRow = defineCheck({
  id: 'clv.no-closing-row',
  rule: 'clv',
  title: 'a bet no closing row matches is 404 not_found, metered (work reached the data)',
  needs: ['past'],
  requests: [NO_CLOSING_ROW],
  async run(ctx) {
    const answer = await ctx.send(NO_CLOSING_ROW, { event_id: pastEventId(ctx) });
    if (expectRefusal(ctx, answer, 404, 'not_found') && !answer.meta.metered)
      ctx.breaking('the 404 carries no X-Credits-Cost: it is charged 1 credit after work', answer);
  },
});
