import { creditsForRows, routes } from '../../../src/schemas';
import { defineCheck, judgeable, type Judge } from '../check';
import type { Exchange } from '../masked-exchange';
import { worstCaseOf } from '../template';

/** docs/service.md, "Metering: credits, windows and headers": what an answer costs, and what is free. */

/** Rows of a successful data answer: an array's length, one for an object (CLV). */
export const rowCount = (json: unknown): number => (Array.isArray(json) ? json.length : 1);

const isLive = (exchange: Exchange) => exchange.query.some(([name, value]) => name === 'live' && (value === '1' || value === 'true'));

/** The charge the rule gives a metered answer: `[least, most]`, or undefined when none applies. */
function expectedCost(exchange: Exchange): [number, number] | undefined {
  const status = exchange.status as number;
  if (status >= 400) return [0, 1];
  const route = exchange.template.route;
  if (route === undefined || routes[route].metering === undefined || exchange.json === undefined) return undefined;
  const rows = rowCount(exchange.json);
  // A live page costs the greater of its rows and its verification work, which is bounded by its envelope.
  if (isLive(exchange)) return [creditsForRows(rows), Math.max(creditsForRows(rows), worstCaseOf(route, exchange.key, exchange.query))];
  return [creditsForRows(rows), creditsForRows(rows)];
}

/** Between two answers in a row, a window fell by less than the second one's cost. */
function fellShort(previous: Exchange, next: Exchange): string | undefined {
  const cost = next.meta.credits.cost as number;
  for (const window of ['period', 'daily'] as const) {
    const before = previous.meta.credits[`${window}Remaining`];
    const after = next.meta.credits[`${window}Remaining`];
    const resetBefore = previous.meta.credits[`${window}Reset`]?.getTime();
    if (before === undefined || after === undefined || resetBefore !== next.meta.credits[`${window}Reset`]?.getTime()) continue;
    if (before - after < cost) return `the ${window} window fell by ${before - after} where X-Credits-Cost said ${cost}`;
  }
  return undefined;
}

export const meteringCost = defineCheck({
  id: 'metering.cost',
  rule: 'metering',
  title:
    'X-Credits-Cost is the charge: max(1, ceil(rows / 20)), a live page up to its envelope, an error after work at most 1; the windows fall by it',
  judge(exchanges, judge) {
    const metered = exchanges.filter((e) => judgeable(e) && e.meta.metered);
    for (const exchange of metered) {
      const expected = expectedCost(exchange);
      const cost = exchange.meta.credits.cost as number;
      if (expected === undefined || (cost >= expected[0] && cost <= expected[1])) continue;
      const rule =
        exchange.status! >= 400
          ? 'an error after work costs at most 1'
          : expected[0] === expected[1]
            ? `max(1, ceil(rows / 20)) = ${expected[0]}`
            : `from ${expected[0]} to ${expected[1]}`;
      judge.breaking(
        `X-Credits-Cost ${cost} for ${exchange.status! >= 400 ? `a ${exchange.status}` : `${rowCount(exchange.json)} rows`}; the rule is ${rule}`,
        exchange,
      );
    }
    judgeWindows(
      metered.filter((e) => !e.concurrent),
      judge,
    );
    return metered.length;
  },
});

/**
 * The windows fall by each answer's cost. Another client of the account settling a reservation can
 * make one step fall short, so only a window that falls short at every step is drift.
 */
function judgeWindows(sequence: readonly Exchange[], judge: Judge): void {
  const steps = sequence.slice(1).map((next, i) => ({ next, short: fellShort(sequence[i] as Exchange, next) }));
  const first = steps[0];
  if (steps.length >= 3 && first?.short !== undefined && steps.every((s) => s.short !== undefined)) {
    judge.breaking(
      `at every one of ${steps.length} answers in a row the windows fell by less than X-Credits-Cost: ${first.short}`,
      first.next,
    );
  }
}

export const freeRefusals = defineCheck({
  id: 'metering.free-refusals',
  rule: 'metering',
  title: 'refusals before any work (a bad key, scope, parameter or path) are free',
  judge(exchanges, judge) {
    const refused = exchanges.filter(
      (e) =>
        judgeable(e) && e.status !== 429 && e.status! >= 400 && (e.template.refusal === true || e.key === 'none' || e.key === 'malformed'),
    );
    for (const exchange of refused) {
      const cost = exchange.meta.credits.cost;
      if (cost !== undefined && cost > 0)
        judge.breaking(`a ${exchange.status} refused before any work was charged: X-Credits-Cost ${cost}`, exchange);
    }
    return refused.length;
  },
});
