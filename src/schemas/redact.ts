/** Masking of the service's secrets in text: its key, bearer, nonce and token formats. */

const KEY_PATTERN = /svc_live_[A-Za-z0-9]+/g;
const BEARER_PATTERN = /(Bearer\s+)[^\s,;"']+/gi;
/** Rotation nonces and credential tokens (`rot_`, `clm_`, `rcv_`, `emv_`, `res_`, the checkout cookie's `ckv_`). */
const TOKEN_PATTERN = /\b(rot|clm|rcv|emv|res|ckv)_[A-Za-z0-9_-]{16,}/g;

/**
 * A text with every API key, bearer credential, nonce and token masked (`svc_live_****`); `secrets`
 * are further exact strings to mask.
 *
 * @example
 * redact('Authorization: Bearer svc_live_abc'); // 'Authorization: Bearer ****'
 */
export function redact(text: string, secrets: ReadonlySet<string> = new Set()): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('****');
  return out.replace(BEARER_PATTERN, '$1****').replace(KEY_PATTERN, 'svc_live_****').replace(TOKEN_PATTERN, '$1_****');
}
