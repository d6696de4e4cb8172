import { HEADER, parseBoolHeader, parseDateHeader, parseIntHeader, routes } from '../../../src/schemas';
import { defineCheck, judgeable, type Judge } from '../check';
import type { Exchange } from '../masked-exchange';

/** docs/service.md, "Response headers": which answers carry which headers. */

const CREDIT_INTS = [HEADER.creditsCost, HEADER.periodLimit, HEADER.periodRemaining, HEADER.dailyLimit, HEADER.dailyRemaining] as const;
const CREDIT_DATES = [HEADER.periodReset, HEADER.dailyReset] as const;
const ALIASES = [
  [HEADER.creditsLimit, HEADER.periodLimit],
  [HEADER.creditsRemaining, HEADER.periodRemaining],
] as const;
const CREDIT_HEADERS = [...CREDIT_INTS, ...CREDIT_DATES, ...ALIASES.map(([alias]) => alias)];

const isMeteredRoute = (exchange: Exchange) =>
  exchange.template.route !== undefined && routes[exchange.template.route].metering !== undefined;
const succeeded = (exchange: Exchange) => exchange.status !== null && exchange.status >= 200 && exchange.status < 300;

/** Every answer: `Date` and `X-Service-Origin`. */
function everyAnswer(exchange: Exchange, judge: Judge): void {
  if (parseDateHeader(exchange.answerHeaders.get('Date')) === undefined) judge.breaking('an answer without a valid Date', exchange);
  const origin = exchange.answerHeaders.get(HEADER.serviceOrigin);
  if (origin === null || !URL.canParse(origin))
    judge.breaking(`X-Service-Origin is ${origin === null ? 'missing' : `not a URL: ${origin}`}`, exchange);
}

/** A metered answer: every credit header, well formed and consistent. */
function meteredAnswer(exchange: Exchange, judge: Judge): void {
  const get = (name: string) => exchange.answerHeaders.get(name);
  const missing = CREDIT_HEADERS.filter((name) => get(name) === null);
  if (missing.length > 0) {
    judge.breaking(`a metered answer without ${missing.join(', ')}`, exchange);
    return;
  }
  const malformed = [
    ...CREDIT_INTS.filter((name) => parseIntHeader(get(name)) === undefined),
    ...CREDIT_DATES.filter((name) => parseDateHeader(get(name)) === undefined),
  ];
  if (malformed.length > 0) {
    judge.breaking(`malformed ${malformed.map((n) => `${n}: ${String(get(n))}`).join(', ')}`, exchange);
    return;
  }
  for (const [alias, name] of ALIASES) {
    if (get(alias) !== get(name)) judge.breaking(`${alias} ${String(get(alias))} differs from ${name} ${String(get(name))}`, exchange);
  }
  const dailyReset = parseDateHeader(get(HEADER.dailyReset)) as Date;
  if (dailyReset.getTime() % 86_400_000 !== 0)
    judge.breaking(`X-Credits-Daily-Reset ${String(get(HEADER.dailyReset))} is not a 00:00 UTC`, exchange);
  for (const [remaining, limit] of [
    [HEADER.periodRemaining, HEADER.periodLimit],
    [HEADER.dailyRemaining, HEADER.dailyLimit],
  ] as const) {
    if ((parseIntHeader(get(remaining)) as number) > (parseIntHeader(get(limit)) as number))
      judge.breaking(`${remaining} is over ${limit}`, exchange);
  }
}

/** A data route's answer: metered when it succeeds; `X-Result-Rows` on success, 0 on a metered error. */
function dataAnswer(exchange: Exchange, judge: Judge): void {
  const rows = parseIntHeader(exchange.answerHeaders.get(HEADER.resultRows));
  if (succeeded(exchange)) {
    if (!exchange.meta.metered) judge.breaking('a successful data answer without X-Credits-Cost', exchange);
    if (rows === undefined) judge.breaking('a successful data answer without X-Result-Rows', exchange);
    if (parseBoolHeader(exchange.answerHeaders.get(HEADER.truncated)) === undefined)
      judge.breaking('a successful data answer without X-Result-Truncated', exchange);
  } else if (exchange.meta.metered && rows !== 0) {
    judge.breaking(`a metered error with X-Result-Rows ${rows ?? 'missing'}; the rule is 0`, exchange);
  }
}

export const responseHeaders = defineCheck({
  id: 'headers.presence',
  rule: 'headers',
  title:
    'Date and X-Service-Origin on every answer; every credit header on metered ones, none on account routes; X-Result-Rows and X-Result-Truncated on data answers',
  judge(exchanges, judge) {
    const answers = exchanges.filter(judgeable);
    for (const exchange of answers) {
      everyAnswer(exchange, judge);
      if (exchange.meta.metered) meteredAnswer(exchange, judge);
      if (isMeteredRoute(exchange)) dataAnswer(exchange, judge);
      else if (exchange.template.route !== undefined && exchange.meta.metered)
        judge.breaking('an account route answered with credit headers: it is not metered', exchange);
    }
    return answers.length;
  },
});
