import type { ServiceRequest } from '../http-messages';
import { BOTH_SCOPES, type CheckoutIntentResponse, type ClaimPending, type ClaimSuccess } from '../../../src/schemas';
import type { OperationContext, OperationContextOf, OperationResultOf, ServiceContext } from '../contract';
import { ServiceRefusal } from '../service-refusal';
import type { CheckoutSession } from '../state/checkouts';
import { newId, newToken, sha256Hex } from '../state/crypto';
import { provisionAccount } from '../actions/provision';
import { answerOnce } from '../state/replay';
import { invalidToken } from './token-checks';

/** Name of the HttpOnly checkout cookie (docs/service.md, "Credential delivery"). */
const CHECKOUT_COOKIE = 'so_checkout';
const CLAIM_PURPOSE = 'checkout-claim';

/**
 * Refuses (a control-plane RangeError) an address that an account or an unclaimed checkout holds, so a
 * paid checkout can always make its account when claimed.
 */
export function refuseTakenAddress(service: ServiceContext, email: string): void {
  if (service.state.accounts.findByEmail(email)) throw new RangeError(`an account ${email} exists already`);
  if (service.state.checkouts.pendingFor(email, service.clock.now()))
    throw new RangeError(`a checkout for ${email} is waiting to be claimed`);
}

/** Starts a checkout for a new customer (a test affordance): the session and its two tokens. */
export async function startCheckout(service: ServiceContext, init: { email: string; plan: string }) {
  // The session joins the state the call was made in, even if a reset comes while its tokens are hashed.
  const { checkouts } = service.state;
  refuseTakenAddress(service, init.email);
  if (!service.options.plans[init.plan]) throw new RangeError(`unknown plan ${init.plan}`);
  const { random } = service.state;
  const resumeToken = newToken(random, 'res_');
  const claimToken = newToken(random, 'clm_');
  const session: CheckoutSession = {
    id: newId(random, 'cs_'),
    email: init.email,
    plan: init.plan,
    status: 'open',
    resumeHash: await sha256Hex(resumeToken),
    claimHash: await sha256Hex(claimToken),
    createdAt: service.clock.now(),
    claim: { usedAt: null },
  };
  checkouts.add(session, service.clock.now());
  return { session_id: session.id, resume_token: resumeToken, claim_token: claimToken };
}

function cookieValue(request: ServiceRequest): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CHECKOUT_COOKIE) return rest.join('=');
  }
  return undefined;
}

/**
 * The session behind a body token or, failing that, the HttpOnly cookie; a cookie-authenticated
 * request needs the exact public `Origin` and `Sec-Fetch-Site: same-origin` (docs/service.md, "Credential delivery").
 */
async function sessionOf(
  ctx: OperationContext,
  bodyToken: string | undefined,
  lookup: 'resume' | 'claim',
): Promise<{ session: CheckoutSession; credential: string }> {
  const { checkouts } = ctx.service.state;
  if (bodyToken !== undefined) {
    const hash = await sha256Hex(bodyToken);
    const now = ctx.service.clock.now();
    const session = lookup === 'resume' ? checkouts.byResumeHash(hash, now) : checkouts.byClaimHash(hash, now);
    if (!session) throw invalidToken();
    return { session, credential: bodyToken };
  }
  const cookie = cookieValue(ctx.request);
  if (cookie === undefined) throw invalidToken();
  const { headers } = ctx.request;
  if (headers.get('origin') !== ctx.service.options.publicOrigin || headers.get('sec-fetch-site') !== 'same-origin') {
    throw new ServiceRefusal(403, 'origin_rejected', 'a cookie-authenticated request must come from the first-party page');
  }
  const session = checkouts.byCookieHash(await sha256Hex(cookie), ctx.service.clock.now());
  if (!session) throw invalidToken();
  return { session, credential: cookie };
}

const isLoopbackHttp = (origin: string) => {
  const url = new URL(origin);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
};

/** `POST /v1/checkout/intents`: the session's state; a resume token also sets the HttpOnly cookie. */
export async function checkoutIntent(ctx: OperationContextOf<'checkout.intent'>): Promise<OperationResultOf<'checkout.intent'>> {
  const { session } = await sessionOf(ctx, ctx.body.resume_token, 'resume');
  const body: CheckoutIntentResponse =
    session.status === 'open'
      ? { status: 'open', checkout_url: `${ctx.service.options.publicOrigin}/checkout/pay/${session.id}` }
      : session.status === 'complete'
        ? { status: 'complete', next_url: '/claim' }
        : { status: 'closed' };
  if (ctx.body.resume_token === undefined) return { status: 200, body };
  const cookie = newToken(ctx.service.state.random, 'ckv_');
  ctx.service.state.checkouts.bindCookie(await sha256Hex(cookie), session, ctx.service.clock.now());
  const secure = isLoopbackHttp(ctx.service.options.serviceOrigin) ? '' : '; Secure';
  return {
    status: 200,
    body,
    headers: { 'Set-Cookie': `${CHECKOUT_COOKIE}=${cookie}; Path=/v1/checkout; HttpOnly; SameSite=Strict${secure}` },
  };
}

/**
 * `POST /v1/checkout/claims`: `202` pending until paid, then the primary key with both scopes,
 * once; the exact same credential replays it for 10 minutes.
 */
export async function claimCheckout(ctx: OperationContextOf<'checkout.claim'>): Promise<OperationResultOf<'checkout.claim'>> {
  const token = 'claim_token' in ctx.body ? ctx.body.claim_token : undefined;
  const { session, credential } = await sessionOf(ctx, token, 'claim');
  if (session.status === 'open') {
    const body: ClaimPending = { status: 'claim_pending', message: 'Payment is not complete yet: this page will show the key once it is.' };
    return { status: 202, body };
  }
  const { service } = ctx;
  const body = await answerOnce<ClaimSuccess>(
    session.claim,
    credential,
    CLAIM_PURPOSE,
    service.state.random,
    service.clock.now(),
    async () => {
      const { account, apiKey } = await provisionAccount(service, { email: session.email, plan: session.plan });
      session.accountId = account.id;
      session.status = 'closed';
      return {
        api_key: apiKey,
        scopes: [...BOTH_SCOPES],
        email: account.email,
        plan: account.plan.slug,
        docs_url: `${service.options.publicOrigin}/docs/quickstart`,
      };
    },
  );
  return { status: 200, body };
}
