import {
  VERIFICATION_LINK_TTL_MS,
  VERIFICATION_RESEND_INTERVAL_MS,
  type RecoveryEmailVerificationAccepted,
  type RecoveryEmailVerificationSuccess,
} from '../../../src/schemas';
import type { OperationContextOf, OperationResultOf, ServiceContext } from '../contract';
import type { AccountRecord } from '../state/accounts';
import { assertMailRoom, mailLink } from '../actions/mail-link';
import { ServiceRefusal } from '../service-refusal';
import { assertLive, findToken } from './token-checks';

const ACCEPTED: RecoveryEmailVerificationAccepted = {
  status: 'accepted',
  message: 'If the recovery mailbox still needs verification, a verification link is on its way.',
};

/**
 * E-mails a verification link for the current mailbox (24 hours, single use); with room left for the links of
 * the recovery requests still queued (`StoreFullError` otherwise, and the resend interval is not started).
 */
async function sendVerification(service: ServiceContext, account: AccountRecord): Promise<void> {
  assertMailRoom(service, service.state.recoveries.length + 1);
  account.verificationSentAt = service.clock.now();
  await mailLink(service, account, 'verification', VERIFICATION_LINK_TTL_MS);
}

/**
 * `POST /v1/account/recovery-email/verification/resend`: always the same generic 202; really sends
 * only while unverified and at most once per 10 minutes.
 */
export async function resendVerification(
  ctx: OperationContextOf<'recoveryEmail.resend'>,
): Promise<OperationResultOf<'recoveryEmail.resend'>> {
  const { account } = ctx.caller!;
  const now = ctx.service.clock.now();
  const coolingDown = account.verificationSentAt !== null && now - account.verificationSentAt < VERIFICATION_RESEND_INTERVAL_MS;
  if (!account.recovery.verified && !coolingDown) await sendVerification(ctx.service, account);
  return { status: 202, body: ACCEPTED };
}

/**
 * `POST /v1/recovery-email/verifications` (docs/service.md, "Credential delivery"): single use within 24 hours; authorizes the
 * current mailbox and advances the recovery-authority generation, killing older recovery links.
 */
export async function verifyRecoveryEmail(
  ctx: OperationContextOf<'recoveryEmail.verify'>,
): Promise<OperationResultOf<'recoveryEmail.verify'>> {
  const { record, account } = await findToken(ctx.service, ctx.body.verification_token, 'verification');
  if (record.usedAt !== null) throw new ServiceRefusal(409, 'token_used', 'this verification link was already used');
  assertLive(ctx.service, record, account);
  const now = ctx.service.clock.now();
  record.usedAt = now;
  account.recovery = { verified: true, verifiedAt: now, generation: account.recovery.generation + 1 };
  const body: RecoveryEmailVerificationSuccess = {
    status: 'verified',
    recovery_email_verified: true,
    recovery_email_verified_at: new Date(now).toISOString(),
    message: 'This mailbox can now be used to recover access to the account.',
  };
  return { status: 200, body };
}
