import type { AccountRecoveryAccepted, AccountRecoverySuccess } from '../../../../src/schemas';
import { showKeyOnce } from './key-once';
import { token } from './token';
import { el, failure, post, state, working } from './view';

/** The recovery request form, with a note above it (why a link did not work). */
function requestForm(note?: string): void {
  const form = el('form', undefined, { id: 'request' });
  const label = el('label', 'Account e-mail ');
  const email = el('input', undefined, { id: 'email', type: 'email', required: '', autocomplete: 'email' }) as HTMLInputElement;
  label.append(email);
  form.append(label, ' ', el('button', 'Send recovery link'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send(email.value);
  });
  state(...(note ? [el('p', note, { id: 'status', class: 'error' })] : []), form);
}

/** Gets a bot challenge for this hostname, then sends the recovery request. */
async function send(email: string): Promise<void> {
  working('Sending…');
  const challenge = await post<{ challenge_token: string }>('/__challenge', {});
  if (challenge.status !== 201 && challenge.status !== 200) return failure(challenge);
  const r = await post<AccountRecoveryAccepted>('/v1/recovery/requests', { email, challenge_token: challenge.json.challenge_token ?? '' });
  if (r.status === 202) {
    // The answer is the same for every address (it reveals none): say when no link comes, and what to do then.
    state(el('p', r.json.message ?? '', { id: 'status' }), el('p', NO_MAIL, { id: 'no-mail', class: 'muted' }));
  } else failure(r);
}

/** Why a recovery link may never come (docs/service.md, "Authentication, keys and scopes"). */
const NO_MAIL =
  'No e-mail comes when the account still has an active key with the account:manage scope: use that key instead (it can create, rotate and revoke keys), since recovery is only for an account with no such key left. None comes either when the recovery mailbox was never verified, or the address has no account. The answer above is the same in every case, so that nobody can learn which addresses have an account.';

const LINK_REFUSED: Readonly<Record<string, string>> = {
  invalid_token: 'This recovery link is not valid. Ask for a new one below.',
  token_expired: 'This recovery link has expired. Ask for a new one below.',
  token_used: 'This recovery link was already used. Ask for a new one below if you still need it.',
};

/** `/recover`: the request form; `/recover#token=rcv_...`: the recovery claim, its key shown once. */
export async function recoverPage(): Promise<void> {
  if (!token) return requestForm();
  working('Checking your recovery link…');
  const r = await post<AccountRecoverySuccess>('/v1/recovery/claims', { recovery_token: token });
  const code = r.json.error?.code;
  if (r.status === 200 && r.json.api_key)
    showKeyOnce(r.json.api_key, r.json.message || 'Every earlier key is revoked. Store this key now: it is shown only once.');
  else if (code && LINK_REFUSED[code]) requestForm(LINK_REFUSED[code]);
  else failure(r);
}
