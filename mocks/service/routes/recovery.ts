import {
  BOTH_SCOPES,
  CREDENTIAL_REPLAY_WINDOW_MS,
  RECOVERY_LINK_TTL_MS,
  type AccountRecoveryAccepted,
  type AccountRecoverySuccess,
} from '../../../src/schemas';
import type { OperationContextOf, OperationResultOf, ServiceContext } from '../contract';
import { ServiceRefusal } from '../service-refusal';
import type { AccountRecord } from '../state/accounts';
import { newApiKey, sha256Hex } from '../state/crypto';
import { assertMailRoom, linkToken, mailLink } from '../actions/mail-link';
import { answerOnce } from '../state/replay';
import { assertLive, findToken } from './token-checks';

/** The action a recovery request's bot challenge must be bound to. */
export const RECOVERY_ACTION = 'account_recovery';
const RECOVERY_PURPOSE = 'account-recovery';

const ACCEPTED: AccountRecoveryAccepted = {
  status: 'accepted',
  message: 'If this address belongs to an account that can be recovered, a recovery link is on its way.',
};

const RECOVERABLE = new Set(['active', 'past_due']);

/**
 * Why an account may not recover by itself, or undefined when it may (docs/service.md, "Authentication, keys and scopes"): a verified
 * mailbox, an active or in-grace status, and no active `account:manage` key left.
 */
function recoveryBlocker(service: ServiceContext, account: AccountRecord): string | undefined {
  if (!account.recovery.verified) return 'the recovery mailbox is not verified';
  if (!RECOVERABLE.has(account.status)) return 'the account status does not allow recovery';
  const manager = service.state.keys.activeOf(account.id).some((k) => k.scopes.includes('account:manage'));
  return manager ? 'an active account:manage key remains' : undefined;
}

/**
 * The bot challenge comes first (docs/service.md, "Credential delivery"): a body without `challenge_token`, or with an empty
 * one, is `403 challenge_failed` before the rest of the body is looked at.
 */
export function screenRecoveryRequest(json: unknown): void {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return;
  const token = (json as { challenge_token?: unknown }).challenge_token;
  if (token === undefined || token === '') throw challengeFailed();
}

const challengeFailed = () =>
  new ServiceRefusal(403, 'challenge_failed', 'the bot challenge is missing, used, expired or for another action or host: reload the page');

/**
 * `POST /v1/recovery/requests`: checks the single-use bot challenge, queues the address without
 * looking it up, and always answers the same 202.
 */
export async function requestRecovery(ctx: OperationContextOf<'recovery.request'>): Promise<OperationResultOf<'recovery.request'>> {
  const { service } = ctx;
  // Room for a link for this request and every one still queued, whatever the address (the answer must not tell
  // one that has an account from one that has not); refused before the challenge is spent, so it serves the retry.
  assertMailRoom(service, service.state.recoveries.length + 1);
  const hostname = new URL(service.options.publicOrigin).hostname;
  const token = ctx.body.challenge_token;
  const valid =
    token.length > 0 && service.state.challenges.consume(await sha256Hex(token), RECOVERY_ACTION, hostname, service.clock.now());
  if (!valid) throw challengeFailed();
  // The link's token is drawn now, for every address alike, so a deterministic mock draws in the order of the requests.
  service.state.recoveries.push({ email: ctx.body.email, at: service.clock.now(), token: linkToken(service, 'recovery') });
  setTimeout(() => void resolveRecoveryQueue(service).catch(() => undefined), 0);
  return { status: 202, body: ACCEPTED };
}

/** Resolves queued recoveries after any running one: a link only for an eligible account with a verified mailbox. */
export function resolveRecoveryQueue(service: ServiceContext): Promise<void> {
  return service.state.recoveries.drain(async (request) => {
    const account = service.state.accounts.findByEmail(request.email);
    if (!account || recoveryBlocker(service, account)) return;
    await mailLink(service, account, 'recovery', RECOVERY_LINK_TTL_MS, request.token);
  });
}

/**
 * `POST /v1/recovery/claims`: revokes every key of the account and creates one replacement with both
 * scopes; the exact same token replays the answer for 10 minutes.
 */
export async function claimRecovery(ctx: OperationContextOf<'recovery.claim'>): Promise<OperationResultOf<'recovery.claim'>> {
  const { service } = ctx;
  const token = ctx.body.recovery_token;
  const { record, account } = await findToken(service, token, 'recovery');
  // A consumed link's exact retry lives for its 10-minute replay window even past the link's 30 minutes.
  assertLive(service, record, account, { validity: record.usedAt === null });
  if (record.usedAt === null) {
    const blocker = recoveryBlocker(service, account);
    if (blocker) throw new ServiceRefusal(403, 'recovery_unavailable', `recovery is not available: ${blocker}; contact support`);
  }
  const plaintext = newApiKey(service.state.random);
  const hash = await sha256Hex(plaintext);
  const body = await answerOnce<AccountRecoverySuccess>(
    record,
    token,
    RECOVERY_PURPOSE,
    service.state.random,
    service.clock.now(),
    async () => {
      const now = service.clock.now();
      // A full key store refuses the claim before any key is revoked; the link stays unused for a retry.
      service.state.keys.assertRoom(1, now);
      for (const key of service.state.keys.activeOf(account.id)) service.state.keys.revoke(key, now);
      service.state.keys.insert({ accountId: account.id, name: 'Recovered key', scopes: BOTH_SCOPES, now }, plaintext, hash);
      return {
        api_key: plaintext,
        scopes: [...BOTH_SCOPES],
        recovery_expires_at: new Date(now + CREDENTIAL_REPLAY_WINDOW_MS).toISOString(),
        message: 'Every earlier key is revoked. Store this key now: it is shown only here and is never e-mailed.',
      };
    },
  );
  return { status: 200, body };
}
