/** Secrets on the service side, with Web Crypto only (the handlers also run in a service worker). */

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const toHex = (bytes: Uint8Array): string => {
  const out: string[] = new Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = HEX[bytes[i] as number] as string;
  return out.join('');
};

/** A SHA-256 of text as lowercase hex, synchronous or not. */
export type Sha256 = (text: string) => string | Promise<string>;

const webSha256: Sha256 = async (text) => toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
let sha256: Sha256 = webSha256;

/** Uses another SHA-256 (the standalone server's synchronous `node:crypto`); it must match Web Crypto's digests. */
export function useSha256(implementation: Sha256): void {
  sha256 = implementation;
}

/** SHA-256 of a string, as lowercase hex. */
export const sha256Hex = (text: string): string | Promise<string> => sha256(text);

/** Compares two strings in time that depends only on their length. */
export function timingSafeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** Random bytes drawn 4 KiB at a time and hexed once per batch: an id is a slice, not built byte by byte. */
const POOL = new Uint8Array(4096);
let poolHex = '';
let poolAt = POOL.length;

/** Character codes of `0-9a-f`, and the pool's hex as character codes, decoded to one string per batch. */
const HEX_CODES = new TextEncoder().encode('0123456789abcdef');
const POOL_CODES = new Uint8Array(2 * POOL.length);
const ASCII = new TextDecoder();

function poolToHex(): string {
  for (let i = 0; i < POOL.length; i++) {
    const byte = POOL[i] as number;
    POOL_CODES[2 * i] = HEX_CODES[byte >> 4] as number;
    POOL_CODES[2 * i + 1] = HEX_CODES[byte & 15] as number;
  }
  return ASCII.decode(POOL_CODES);
}

/** `count` random bytes as lowercase hex. */
export function randomHex(count: number): string {
  if (count > POOL.length) return toHex(crypto.getRandomValues(new Uint8Array(count)));
  if (poolAt + count > POOL.length) {
    crypto.getRandomValues(POOL);
    poolHex = poolToHex();
    poolAt = 0;
  }
  const out = poolHex.slice(2 * poolAt, 2 * (poolAt + count));
  poolAt += count;
  return out;
}

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
