import { HEADER } from '../../../src/schemas';
import { CannotCheck } from '../cannot-check';
import { codeOf, defineCheck } from '../check';
import type { RequestTemplate } from '../template';

/** docs/service.md, "Rate limit": over the per-second window, `429 rate_limited`, `Retry-After: 1`, free. */

/** The highest rate of the plan catalog (pro): a burst for an unknown rate is sized for it. */
const HIGHEST_PLAN_RPS = 20;

/** A burst of twice the rate and one more: whatever second boundary it straddles, one window gets more than the rate. */
const burstSize = (rate: number): number => 2 * rate + 1;

const burst = (times: number): RequestTemplate => ({
  method: 'GET',
  path: '/v1/account',
  route: 'account.get',
  key: 'main',
  purpose: 'a burst at once, twice the rate and one (free: not metered, 200 or 403 by scope)',
  times,
});
const AFTER: RequestTemplate = {
  method: 'GET',
  path: '/v1/account',
  route: 'account.get',
  key: 'main',
  purpose: 'after Retry-After: answered again',
};

export const rateLimit = defineCheck({
  id: 'rate.limit',
  rule: 'rateLimit',
  title: 'over the per-second rate, 429 rate_limited with Retry-After: 1, free; answered again after it',
  needs: ['account'],
  requests: (o) => [burst(burstSize(o.requestsPerSecond ?? HIGHEST_PLAN_RPS)), AFTER],
  async run(ctx) {
    const [template] = ctx.requests as [RequestTemplate];
    const size = Math.min(burstSize(ctx.rate), template.times ?? 1);
    const answers = await Promise.all(Array.from({ length: size }, () => ctx.send(template, {}, { burst: true })));
    const failed = answers.find((a) => a.status === null || a.status >= 500);
    if (failed !== undefined) throw new CannotCheck(`a request of the burst got ${failed.status ?? 'no answer'}`, failed);
    const refused = answers.filter((a) => a.status === 429);
    if (refused.length === 0)
      throw new CannotCheck(
        `no 429 in a burst of ${size} requests at once (paced for ${ctx.rate} per second): if the plan's rate is higher, give --rate`,
        answers[0],
      );
    for (const answer of refused) {
      const code = codeOf(answer);
      if (code === 'quota_exceeded') throw new CannotCheck('the account is out of quota', answer);
      if (code !== 'rate_limited')
        ctx.breaking(`a 429 over the rate with code ${code ?? '(none)'}; the rule is rate_limited`, answer, size);
      const retryAfter = answer.answerHeaders.get(HEADER.retryAfter);
      if (retryAfter?.trim() !== '1') ctx.breaking(`Retry-After is ${retryAfter ?? 'missing'}; the rule is 1`, answer, size);
      const cost = answer.meta.credits.cost;
      if (cost !== undefined && cost > 0) ctx.breaking(`a 429 rate_limited was charged: X-Credits-Cost ${cost}`, answer, size);
    }
    await ctx.sleep(1_000 + 250);
    const after = await ctx.send(AFTER);
    if (after.status === 429) ctx.breaking('still 429 a second after Retry-After: 1', after);
    else if (after.status === null || after.status >= 500) throw new CannotCheck(`after the burst: ${after.status ?? 'no answer'}`, after);
  },
});
