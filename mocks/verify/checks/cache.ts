import { HEADER, routes } from '../../../src/schemas';
import { answered, defineCheck, expectSuccess, judgeable } from '../check';
import { SETUP_REQUESTS } from '../setup';
import type { RequestTemplate } from '../template';

/** docs/service.md, "Cache": the catalog is answered from a cache, still charged; other routes never are. */

const SPORTS_AGAIN: RequestTemplate = { ...SETUP_REQUESTS.sports, purpose: 'the sports again: a cache hit' };

export const catalogCache = defineCheck({
  id: 'cache.catalog',
  rule: 'cache',
  title: 'the catalog again is X-Cache: HIT, still charged; routes that are never cached have no X-Cache',
  needs: ['sports'],
  requests: [SPORTS_AGAIN],
  async run(ctx) {
    const first = ctx.setup.answer('sports');
    const firstCache = first.answerHeaders.get(HEADER.cache);
    if (firstCache !== 'HIT' && firstCache !== 'MISS')
      ctx.breaking(`the catalog answered X-Cache: ${firstCache ?? '(none)'}; the rule is HIT or MISS`, first);
    const again = answered(await ctx.send(SPORTS_AGAIN));
    if (!expectSuccess(ctx, again)) return;
    const cache = again.answerHeaders.get(HEADER.cache);
    if (cache !== 'HIT')
      ctx.breaking(`the same catalog request a moment later answered X-Cache: ${cache ?? '(none)'}; the rule is HIT`, again);
    const cost = again.meta.credits.cost;
    if (cache === 'HIT' && (cost === undefined || cost < 1))
      ctx.breaking(`a cache hit is still charged, but X-Credits-Cost is ${cost ?? 'missing'}`, again);
  },
  judge(exchanges, judge) {
    const answers = exchanges.filter(judgeable);
    for (const exchange of answers) {
      const metering = exchange.template.route === undefined ? undefined : routes[exchange.template.route].metering;
      const cache = exchange.answerHeaders.get(HEADER.cache);
      if (metering !== undefined && !metering.cacheable && cache !== null)
        judge.breaking(`X-Cache: ${cache} on ${exchange.template.route}, which is never cached`, exchange);
    }
    return answers.length;
  },
});
