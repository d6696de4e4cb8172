import type { ClaimSuccess } from '../../../../src/schemas';
import { showKeyOnce } from './key-once';
import { token } from './token';
import { failure, post, show } from './view';

/** `/claim#token=clm_...` or `/claim`: the first key, through the claim token or the checkout cookie; shown once. */
export async function claimPage(): Promise<void> {
  const r = await post<ClaimSuccess>('/v1/checkout/claims', token ? { claim_token: token } : {});
  if (r.status === 200 && r.json.api_key) showKeyOnce(r.json.api_key);
  else if (r.status === 202) show('Payment is not complete yet. Reload this page once it is.');
  else
    failure(r, {
      invalid_token: token
        ? 'This claim link is not valid. Open the link from your checkout confirmation exactly as it was sent.'
        : 'There is no paid checkout in this browser. Open the claim link from your checkout confirmation.',
      token_used:
        'This key was already claimed, and is shown only once. If you did not store it, recover access with your recovery e-mail.',
    });
}
