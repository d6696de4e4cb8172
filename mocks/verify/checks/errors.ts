import * as z from 'zod/mini';
import { ERROR_CODES, ErrorEnvelope, HEADER, RequestId } from '../../../src/schemas';
import { pathText, schemaProblem } from '../../../src/schemas/schema-problem';
import { defineCheck, expectRefusal, judgeable } from '../check';
import type { RequestTemplate } from '../template';

/** docs/service.md, "Errors": one envelope for every failure, and the request id of every answer. */

const UNKNOWN_ROUTE: RequestTemplate = {
  method: 'GET',
  path: '/v1/verify-no-such-route',
  key: 'main',
  purpose: 'a path no route serves: 404 not_found',
  refusal: true,
};

const isError = (status: number | null) => status !== null && status >= 400;

export const errorEnvelope = defineCheck({
  id: 'errors.envelope',
  rule: 'errors',
  title: 'every refusal is the error envelope, with a code of its status',
  requests: [UNKNOWN_ROUTE],
  async run(ctx) {
    expectRefusal(ctx, await ctx.send(UNKNOWN_ROUTE), 404, 'not_found');
  },
  judge(exchanges, judge) {
    const errors = exchanges.filter((e) => judgeable(e) && isError(e.status));
    for (const exchange of errors) {
      const problem = schemaProblem(ErrorEnvelope, exchange.json);
      if (problem?.kind === 'invalid') {
        judge.breaking(`a ${exchange.status} answer is not the error envelope { error: { code, message, request_id } }`, exchange);
        continue;
      }
      if (problem?.kind === 'extra')
        judge.additive(`the error envelope has a field the contract does not define: ${pathText(problem.path)}`, exchange);
      const { code } = (exchange.json as ErrorEnvelope).error;
      if (!Object.hasOwn(ERROR_CODES, code)) judge.additive(`error code ${code} is not in the contract's table`, exchange);
      else if (ERROR_CODES[code as keyof typeof ERROR_CODES] !== exchange.status) {
        judge.breaking(
          `code ${code} comes with ${exchange.status}; the contract gives it ${ERROR_CODES[code as keyof typeof ERROR_CODES]}`,
          exchange,
        );
      }
    }
    return errors.length;
  },
});

export const requestIds = defineCheck({
  id: 'errors.request-id',
  rule: 'errors',
  title: "every answer has its own X-Request-Id (req_ + 32 hex), and an error's body repeats it",
  judge(exchanges, judge) {
    const seen = new Set<string>();
    const answers = exchanges.filter(judgeable);
    for (const exchange of answers) {
      const id = exchange.answerHeaders.get(HEADER.requestId);
      if (id === null) {
        judge.breaking('an answer without X-Request-Id', exchange);
        continue;
      }
      if (!z.safeParse(RequestId, id).success) judge.breaking(`X-Request-Id ${id} is not req_ + 32 lowercase hex`, exchange);
      if (seen.has(id)) judge.breaking(`X-Request-Id ${id} was given to two answers`, exchange);
      seen.add(id);
      const inBody = (exchange.json as { error?: { request_id?: unknown } } | undefined)?.error?.request_id;
      if (isError(exchange.status) && inBody !== undefined && inBody !== id) {
        judge.breaking(`the envelope's request_id ${String(inBody)} is not the X-Request-Id ${id}`, exchange);
      }
    }
    return answers.length;
  },
});
