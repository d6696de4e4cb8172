import { HEADER } from '../../../src/schemas';
import { CannotCheck } from '../cannot-check';
import { codeOf, defineCheck, expectRefusal } from '../check';
import type { Exchange } from '../masked-exchange';
import type { RequestTemplate } from '../template';

/** docs/service.md, "Authentication, keys and scopes": a refused key is 401, a missing scope 403. */

const catalogWith = (key: 'none' | 'malformed', purpose: string): RequestTemplate => ({
  method: 'GET',
  path: '/v1/catalog/sports',
  route: 'catalog.sports',
  key,
  purpose,
  refusal: true,
});
const NO_KEY = catalogWith('none', 'no Authorization header: 401');
const MALFORMED_KEY = catalogWith('malformed', 'a bearer value that is not a key: 401');

export const refusedKeys = defineCheck({
  id: 'auth.refused-keys',
  rule: 'auth',
  title: 'a missing or malformed key is 401 invalid_api_key with a Bearer WWW-Authenticate challenge',
  requests: [NO_KEY, MALFORMED_KEY],
  async run(ctx) {
    for (const template of [NO_KEY, MALFORMED_KEY]) {
      const answer = await ctx.send(template);
      if (!expectRefusal(ctx, answer, 401, 'invalid_api_key')) continue;
      const challenge = answer.answerHeaders.get(HEADER.wwwAuthenticate);
      if (challenge === null || !/^bearer\b/i.test(challenge))
        ctx.breaking(`WWW-Authenticate is ${challenge ?? 'missing'}; the rule is a Bearer challenge`, answer);
    }
  },
});

const DATA_KEY_ON_ACCOUNT: RequestTemplate = {
  method: 'GET',
  path: '/v1/account',
  route: 'account.get',
  key: 'data',
  purpose: 'the account with the data-only key (--data-key): 403',
  refusal: true,
};

/** Where `keys.lifecycle` leaves the answer of its data-only key on an account route. */
export const SCOPE_EXCHANGE = 'auth.scope.exchange';

export const scopeRefused = defineCheck({
  id: 'auth.scope',
  rule: 'auth',
  title:
    'a key without account:manage is 403 insufficient_scope on an account route (the key under test if it is data-only, else --data-key, else the one keys.lifecycle makes)',
  needs: ['account'],
  // Without a data-only key, the one keys.lifecycle makes (and revokes) serves.
  requires: (o) => (!o.dataKey && o.allowMutations ? ['keys.lifecycle'] : []),
  requests: (o) => (o.dataKey ? [DATA_KEY_ON_ACCOUNT] : []),
  async run(ctx) {
    const own = ctx.setup.raw('account');
    let answer: Exchange | undefined;
    // The key under test is data-only itself: its own setup answer is the refusal.
    if (own !== undefined && own.status === 403 && codeOf(own) === 'insufficient_scope') answer = own;
    else if (ctx.options.dataKey) answer = await ctx.send(DATA_KEY_ON_ACCOUNT);
    else answer = ctx.shared.get(SCOPE_EXCHANGE) as Exchange | undefined;
    if (answer === undefined) {
      throw new CannotCheck(
        ctx.options.allowMutations
          ? 'no data-only key could be made (keys.lifecycle)'
          : 'the key manages the account: give a data-only key (--data-key), or --allow-mutations to make one',
      );
    }
    expectRefusal(ctx, answer, 403, 'insufficient_scope');
  },
});
