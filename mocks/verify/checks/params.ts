import { defineCheck, expectRefusal, messageOf, type CheckContext } from '../check';
import type { RequestTemplate } from '../template';

/** docs/service.md, "Parameter formats": a bad, unknown or repeated parameter is 400 invalid_parameters. */

/** An events listing with these query parameters, which the service must refuse. */
const refused = (query: readonly (readonly [string, string])[], purpose: string): RequestTemplate => ({
  method: 'GET',
  path: '/v1/events',
  query,
  route: 'events.list',
  key: 'main',
  purpose,
  refusal: true,
});

/** Each malformed value, and the parameter the message must name. */
const MALFORMED: readonly (readonly [RequestTemplate, string])[] = [
  [refused([['limit', '0']], 'limit below 1'), 'limit'],
  [refused([['limit', '501']], 'limit over 500'), 'limit'],
  [
    refused(
      [
        ['limit', '1'],
        ['sport_id', 'abc'],
      ],
      'a sport_id that is not a number',
    ),
    'sport_id',
  ],
  [
    refused(
      [
        ['limit', '1'],
        ['starts_to', 'someday'],
      ],
      'a starts_to that is neither a timestamp nor a day',
    ),
    'starts_to',
  ],
  [
    refused(
      [
        ['limit', '1'],
        ['live', 'maybe'],
      ],
      'a live that is not 1, 0, true or false',
    ),
    'live',
  ],
];

/** The answer is `400 invalid_parameters` whose message names `name`. */
function expectNamed(ctx: CheckContext, exchange: Parameters<typeof expectRefusal>[1], name: string): void {
  if (!expectRefusal(ctx, exchange, 400, 'invalid_parameters')) return;
  const message = messageOf(exchange) ?? '';
  if (!message.includes(name)) ctx.breaking(`the message does not name ${name}: "${message}"`, exchange);
}

export const malformedParameters = defineCheck({
  id: 'params.invalid',
  rule: 'parameters',
  title: 'a malformed or out-of-range value is 400 invalid_parameters naming the parameter',
  requests: MALFORMED.map(([template]) => template),
  async run(ctx) {
    for (const [template, name] of MALFORMED) expectNamed(ctx, await ctx.send(template), name);
  },
});

const UNKNOWN_NAME = 'verify_probe';
const UNKNOWN = refused(
  [
    ['limit', '1'],
    [UNKNOWN_NAME, '1'],
  ],
  'a parameter the route does not take',
);

export const unknownParameters = defineCheck({
  id: 'params.unknown',
  rule: 'parameters',
  title: 'an unknown parameter is 400 invalid_parameters, its name not echoed',
  requests: [UNKNOWN],
  async run(ctx) {
    const answer = await ctx.send(UNKNOWN);
    if (!expectRefusal(ctx, answer, 400, 'invalid_parameters')) return;
    if ((messageOf(answer) ?? '').includes(UNKNOWN_NAME))
      ctx.breaking(`the message echoes the unknown name ${UNKNOWN_NAME} (it may be a secret pasted in the wrong place)`, answer);
  },
});

const REPEATED = refused(
  [
    ['limit', '1'],
    ['limit', '1'],
  ],
  'limit given twice',
);

export const repeatedParameters = defineCheck({
  id: 'params.repeated',
  rule: 'parameters',
  title: 'a parameter given twice is 400 invalid_parameters naming it',
  requests: [REPEATED],
  async run(ctx) {
    expectNamed(ctx, await ctx.send(REPEATED), 'limit');
  },
});
