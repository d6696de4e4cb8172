/** Secrets on the service side, with Web Crypto only (the handlers also run in a service worker). */

import { toBase64Url } from '../../../src/schemas/base64url';
import { toHex, type RandomSource, webRandom } from './random';

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

/** `count` random bytes of Web Crypto as lowercase hex (page nonces: never drawn from a seed). */
export const randomHex = (count: number): string => webRandom.hex(count);

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random characters of `[A-Za-z0-9]` from `random`, without modulo bias. */
export function randomAlnum(random: RandomSource, length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of random.bytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALNUM[byte % 62];
    }
  }
  return out;
}

/** A new plaintext API key from `random`: `svc_live_` + 32 characters of `[A-Za-z0-9]`. */
export const newApiKey = (random: RandomSource): string => `svc_live_${randomAlnum(random, 32)}`;

/** An id from `random` of the form `prefix` + 32 lowercase hex. */
export const newId = (random: RandomSource, prefix: string): string => `${prefix}${random.hex(16)}`;

/** `prefix` + unpadded base64url of `count` bytes from `random` (32: credential tokens). */
export const newToken = (random: RandomSource, prefix: string, count = 32): string => `${prefix}${toBase64Url(random.bytes(count))}`;
