import { APIPromise } from '../core/answer';
import { MemoryCoordinator, ServiceClock } from '../core/coordination';
import { SportsOddsError } from '../core/errors';
import { checkTable, CLIENT_CHECKS, OVERRIDE_CHECKS, resolveOptions, type OptionCheck } from '../core/options';
import { replayRoute } from '../core/rotation';
import { callRoute, parserOf, Transport } from '../core/request';
import { newReuseState } from '../core/reuse';
import { tracingOf } from '../core/observability';
import type { ClientContext, ClientOptions, Fetch, RequestOptions, ResponseOf, RouteInput } from '../core/types';
import type {
  AccountRecoveryAccepted,
  AccountRecoveryClaimRequest,
  AccountRecoveryRequest,
  AccountRecoverySuccess,
  CheckoutIntentRequest,
  CheckoutIntentResponse,
  ClaimPending,
  ClaimRequest,
  ClaimSuccess,
  RecoveryEmailVerificationRequest,
  RecoveryEmailVerificationSuccess,
} from '../schemas/credentials';
import { CREDENTIAL_REPLAY_WINDOW_MS } from '../schemas/limits';
import type { RouteId } from '../schemas/routes';

/** Options of `new SportsOddsCredentials(...)`: the client's, without the key, the metering ones, and the sharing and reuse of answers. */
export type CredentialsOptions = Omit<
  ClientOptions,
  'apiKey' | 'budget' | 'rateLimit' | 'onCredits' | 'rotationStore' | 'onKeyRotated' | 'coordinator' | 'cache' | 'coalesce'
>;

/** The checks of what `new SportsOddsCredentials()` takes: the client's (`CLIENT_CHECKS`) that `CredentialsOptions` has. */
const { onCredits: _onCredits, ...CALL_CHECKS } = OVERRIDE_CHECKS;
const CREDENTIALS_CHECKS = {
  baseUrl: 0,
  ...CALL_CHECKS,
  tracing: CLIENT_CHECKS.tracing,
  allowInsecureHttp: 0,
  sleep: CLIENT_CHECKS.sleep,
  now: CLIENT_CHECKS.now,
  random: CLIENT_CHECKS.random,
} satisfies Record<keyof CredentialsOptions, OptionCheck>;

/** The credentials client never has a key: none of its routes takes one. */
const noKey = (): never => {
  throw new SportsOddsError('the credentials client has no API key');
};

/** `fetch` with `credentials: 'include'`, so a browser sends the HttpOnly checkout cookie. */
const withCookies =
  (fetch: Fetch | undefined): Fetch =>
  (input, init) =>
    (fetch ?? globalThis.fetch)(input as Request, { ...init, credentials: 'include' });

/**
 * The keyless client of the credential-delivery operations (docs/service.md, "Authentication, keys and scopes"), for the first-party
 * pages: checkout, first-key claim, lost-key recovery and recovery-email verification. Tokens go
 * only in JSON bodies. Claims and recovery claims are exact replays: the same token is resent for up
 * to 10 minutes after a dropped answer, a timeout, a 429 or a 5xx, and the same key comes back.
 * Without a token, `checkoutIntent()` and `claim()` authenticate with the HttpOnly cookie (sent with
 * `credentials: 'include'`, from the service's public origin only).
 * @example
 * import { SportsOddsCredentials } from 'sports-odds-data';
 *
 * const credentials = new SportsOddsCredentials({ baseUrl: location.origin });
 * const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
 * history.replaceState(null, '', location.pathname); // the token leaves the address bar
 * const answer = await credentials.claim({ claim_token: token });
 * if ('api_key' in answer) show(answer.api_key);
 */
export class SportsOddsCredentials {
  /** The base URL calls go to (without a trailing slash). */
  readonly baseUrl: string;
  readonly #ctx: ClientContext;
  readonly #cookieCtx: ClientContext;

  constructor(options: CredentialsOptions = {}) {
    checkTable('new SportsOddsCredentials()', options, CREDENTIALS_CHECKS);
    const resolved = resolveOptions(options);
    this.baseUrl = resolved.baseUrl;
    const clock = new ServiceClock(resolved.now);
    // Keyless and unmetered: its coordinator only ever admits unpaced attempts with no envelope.
    const coordinator = new MemoryCoordinator({ now: resolved.now, sleep: resolved.sleep });
    const trace = tracingOf(options.tracing, resolved.logger);
    const context = (fetch: Fetch | undefined): ClientContext => ({
      options: resolved,
      key: { source: noKey, generation: 0 },
      transport: new Transport(fetch),
      coordinator,
      pace: undefined,
      clock,
      // Every credential operation is a POST: nothing to share or cache.
      reuse: newReuseState({ maxAge: false, maxBytes: 0 }, false),
      trace,
    });
    this.#ctx = context(resolved.fetch);
    this.#cookieCtx = context(withCookies(resolved.fetch));
  }

  /**
   * The checkout's state: `open` with `checkout_url`, `complete` with `next_url: '/claim'`, or
   * `closed`. With a resume token the service also sets the HttpOnly cookie; without one, the
   * cookie authenticates (`{}` body).
   *
   * @example
   * const intent = await credentials.checkoutIntent({ resume_token: token });
   * if (intent.checkout_url) location.assign(intent.checkout_url);
   */
  checkoutIntent(body: CheckoutIntentRequest = {}, options?: RequestOptions): APIPromise<CheckoutIntentResponse> {
    const ctx = body.resume_token === undefined ? this.#cookieCtx : this.#ctx;
    return callRoute(ctx, 'checkout.intent', { body }, options);
  }

  /**
   * Claims the first key: `ClaimPending` (202) until payment completes, then `ClaimSuccess` with the
   * primary key (both scopes). With `{}`, the HttpOnly cookie authenticates. Replayed exactly.
   *
   * @example
   * const answer = await credentials.claim({ claim_token: token });
   * if ('status' in answer) setTimeout(retry, 5000); // claim_pending
   * else show(answer.api_key);
   */
  claim(body: ClaimRequest = {}, options?: RequestOptions): APIPromise<ClaimSuccess | ClaimPending> {
    const ctx = 'claim_token' in body ? this.#ctx : this.#cookieCtx;
    return this.#replay(ctx, 'checkout.claim', { body }, options);
  }

  /**
   * Asks for a lost-key recovery link (always the same `accepted` answer). Never retried: the
   * bot-challenge token is single use, so on a failure get a fresh challenge and call again.
   *
   * @example
   * await credentials.requestRecovery({ email, challenge_token: await challenge.token() });
   */
  requestRecovery(body: AccountRecoveryRequest, options?: RequestOptions): APIPromise<AccountRecoveryAccepted> {
    return callRoute(this.#ctx, 'recovery.request', { body }, { ...options, maxRetries: 0 });
  }

  /**
   * Claims a recovery link: every key of the account is revoked and one replacement with both
   * scopes is returned (shown only here). Replayed exactly.
   *
   * @example
   * const { api_key } = await credentials.claimRecovery({ recovery_token: token });
   */
  claimRecovery(body: AccountRecoveryClaimRequest, options?: RequestOptions): APIPromise<AccountRecoverySuccess> {
    return this.#replay(this.#ctx, 'recovery.claim', { body }, options);
  }

  /**
   * Confirms a recovery-email verification link (24 hours, single use). The link has no replay
   * window: a `ConflictError` `token_used` right after a dropped connection usually means the first
   * attempt went through (`odds.account.get()` shows `recovery_email.verified`).
   *
   * @example
   * await credentials.verifyRecoveryEmail({ verification_token: token });
   */
  verifyRecoveryEmail(body: RecoveryEmailVerificationRequest, options?: RequestOptions): APIPromise<RecoveryEmailVerificationSuccess> {
    return callRoute(this.#ctx, 'recoveryEmail.verify', { body }, options);
  }

  /** Sends the exact same request until answered, refused, or 10 minutes after the first attempt. */
  #replay<Id extends RouteId>(
    ctx: ClientContext,
    routeId: Id,
    input: RouteInput<Id>,
    options: RequestOptions = {},
  ): APIPromise<ResponseOf<Id>> {
    // An explicit per-call `totalTimeout` shortens the window (a page that will not wait 10 minutes).
    const window = Math.min(CREDENTIAL_REPLAY_WINDOW_MS, options.totalTimeout ?? CREDENTIAL_REPLAY_WINDOW_MS);
    return new APIPromise(replayRoute(ctx, routeId, input, options, ctx.options.now() + window), parserOf(ctx, routeId, options));
  }
}
