/** Unpadded base64url of nonces and tokens (docs/service.md, "Numeric codes and identifiers"); no `Buffer` (browsers). */

/** Unpadded base64url of bytes. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of unpadded base64url text; throws on text that is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * `prefix` + unpadded base64url of `count` random bytes (32: rotation nonces and credential tokens).
 *
 * @example
 * randomToken('rot_'); // 'rot_' + 43 characters, the last one of AEIMQUYcgkosw048
 */
export const randomToken = (prefix: string, count = 32): string => `${prefix}${toBase64Url(crypto.getRandomValues(new Uint8Array(count)))}`;
