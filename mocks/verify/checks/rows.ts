import { HEADER, LIMIT_DEFAULT, parseIntHeader, routes, type RouteDef } from '../../../src/schemas';
import { defineCheck, expectSuccess, judgeable, rowsOf } from '../check';
import type { Exchange } from '../masked-exchange';
import { lenientQuery, type RequestTemplate } from '../template';
import { rowCount } from './metering';

/** docs/service.md, "Row caps and truncation": `X-Result-Rows` counts the rows; a listing is cut at `limit`. */

const TWO_UPCOMING: RequestTemplate = {
  method: 'GET',
  path: '/v1/events',
  query: [['limit', '2']],
  route: 'events.list',
  key: 'main',
  purpose: 'upcoming events, two at most',
};

/** The row cap of a data answer's request, or undefined for an answer of another route. */
function rowCapOf(exchange: Exchange): number | undefined {
  const route = exchange.template.route;
  const metering = route === undefined ? undefined : routes[route].metering;
  return metering?.rowCap(lenientQuery(routes[route!] as RouteDef, exchange.query));
}

export const rowCaps = defineCheck({
  id: 'rows.cap',
  rule: 'rowCaps',
  title: 'X-Result-Rows counts the rows sent, never over the row cap or limit; a listing cut at limit says X-Result-Truncated: true',
  needs: ['upcoming'],
  requests: [TWO_UPCOMING],
  async run(ctx) {
    const three = ctx.setup.answer('upcoming');
    const two = await ctx.send(TWO_UPCOMING);
    if (!expectSuccess(ctx, two)) return;
    const threeRows = rowsOf(three)?.length ?? 0;
    const twoRows = rowsOf(two)?.length ?? 0;
    // Three events exist, so two is a cut.
    if (threeRows === 3 && (twoRows !== 2 || two.meta.truncated !== true)) {
      ctx.breaking(
        `limit=2 answered ${twoRows} rows with X-Result-Truncated: ${String(two.meta.truncated)} where limit=3 found 3: the rule is 2 rows, truncated`,
        two,
      );
    }
  },
  judge(exchanges, judge) {
    const answers = exchanges.filter((e) => judgeable(e) && e.status! < 300 && e.json !== undefined);
    for (const exchange of answers) {
      const cap = rowCapOf(exchange);
      if (cap === undefined) continue;
      const rows = rowCount(exchange.json);
      const header = parseIntHeader(exchange.answerHeaders.get(HEADER.resultRows));
      if (header !== undefined && header !== rows) judge.breaking(`X-Result-Rows ${header} for ${rows} rows`, exchange);
      if (rows > cap)
        judge.breaking(
          `${rows} rows over the cap of ${cap}${exchange.template.route === 'events.list' ? ` (limit, default ${LIMIT_DEFAULT})` : ''}`,
          exchange,
        );
    }
    return answers.length;
  },
});
