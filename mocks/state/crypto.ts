/**
 * Secrets on the service side, with Web Crypto only (the handlers also run in a service worker).
 */

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const toHex = (bytes: Uint8Array): string => {
  let out = '';
  for (const byte of bytes) out += HEX[byte];
  return out;
};

/** SHA-256 of a string, as lowercase hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest));
}

/** Compares two strings in time that depends only on their length. */
export function timingSafeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** `count` random bytes as lowercase hex. */
export const randomHex = (count: number): string => toHex(crypto.getRandomValues(new Uint8Array(count)));

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random characters of `[A-Za-z0-9]`, without modulo bias. */
export function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && out.length < length) out += ALNUM[byte % 62];
    }
  }
  return out;
}


/** A new plaintext API key: `svc_live_` + 32 characters of `[A-Za-z0-9]`. */
export const newApiKey = (): string => `svc_live_${randomAlnum(32)}`;

/** An id of the form `prefix` + 32 lowercase hex. */
export const newId = (prefix: string): string => `${prefix}${randomHex(16)}`;
