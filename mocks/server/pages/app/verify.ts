import type { RecoveryEmailVerificationSuccess } from '../../../../src/schemas';
import { token } from './token';
import { failure, post, show, working } from './view';

/** `/verify-recovery-email#token=emv_...`: confirms the recovery mailbox. */
export async function verifyPage(): Promise<void> {
  if (!token) return show('Open the link from the verification e-mail: this page needs it.', true);
  working('Verifying…');
  const r = await post<RecoveryEmailVerificationSuccess>('/v1/recovery-email/verifications', { verification_token: token });
  if (r.status === 200) show(r.json.message ?? '');
  else
    failure(r, {
      invalid_token: 'This verification link is not valid. Open the latest verification e-mail, or ask for a new one from your account.',
      token_expired: 'This verification link has expired. Ask for a new one from your account.',
      token_used: 'This mailbox was already verified with this link.',
    });
}
