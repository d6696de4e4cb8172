import { routes, type Schema } from '../../../src/schemas';
import { pathText, schemaProblem } from '../../../src/schemas/schema-problem';
import { defineCheck, judgeable, type CheckDef, type Judge } from '../check';
import type { Exchange } from '../masked-exchange';
import type { RuleKey } from '../rules';

/**
 * The answers' bodies against the route table: a field of the wrong type, or missing where the
 * contract requires it, is breaking; a field the contract does not define is additive.
 */

const where = (path: readonly PropertyKey[]) => (path.length === 0 ? 'the body' : pathText(path));

function judgeBody(exchange: Exchange, judge: Judge): void {
  const route = routes[exchange.template.route!];
  const schema = route.responses[exchange.status as keyof typeof route.responses] as Schema | undefined;
  if (schema === undefined) {
    judge.breaking(`${route.id} answered ${exchange.status}, which the contract does not define for it`, exchange);
    return;
  }
  const problem = schemaProblem(schema, exchange.json);
  if (problem?.kind === 'invalid')
    judge.breaking(`the ${route.id} answer breaks its schema at ${where(problem.path)}: ${problem.text}`, exchange);
  else if (problem?.kind === 'extra')
    judge.additive(`the ${route.id} answer has a field the contract does not define: ${where(problem.path)}`, exchange);
}

/** A check of the successful answers of the data routes (`metered`) or of the others. */
const schemaCheck = (id: string, rule: RuleKey, title: string, metered: boolean): CheckDef =>
  defineCheck({
    id,
    rule,
    title,
    judge(exchanges, judge) {
      let judged = 0;
      for (const exchange of exchanges) {
        const route = exchange.template.route;
        if (route === undefined || !judgeable(exchange) || exchange.status! >= 300) continue;
        if ((routes[route].metering !== undefined) !== metered) continue;
        judgeBody(exchange, judge);
        judged += 1;
      }
      return judged;
    },
  });

export const dataAnswers = schemaCheck(
  'schema.data',
  'dataRoutes',
  "every data answer is its route's rows (or the CLV object), field by field",
  true,
);
export const accountAnswers = schemaCheck('schema.account', 'accountRoutes', "every account answer is its route's record", false);
