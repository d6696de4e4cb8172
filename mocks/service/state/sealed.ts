/**
 * Replayable answers (rotation 15 min, claim or recovery 10) without keeping a plaintext key: sealed with
 * AES-GCM under an HKDF-SHA-256 key from the exact credential, so only the exact retry opens it.
 */

import type { RandomSource } from './random';

const encoder = new TextEncoder();

async function deriveKey(credential: string, purpose: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(credential), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: encoder.encode('sports-odds-mock/replay'),
      info: encoder.encode(purpose),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** A sealed JSON value. */
export interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

/** Seals a JSON value under a key derived from `credential`, its IV drawn from `random` (a seeded source's never repeat). */
export async function seal(value: unknown, credential: string, purpose: string, random: RandomSource): Promise<Sealed> {
  const iv = random.bytes(12);
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await deriveKey(credential, purpose),
    encoder.encode(JSON.stringify(value)),
  );
  return { iv, data };
}

/** A sealed value as text (a state document's): its IV and ciphertext in base64. */
export function sealedText(sealed: Sealed): { iv: string; data: string } {
  return { iv: toBase64(sealed.iv), data: toBase64(new Uint8Array(sealed.data)) };
}

/** A sealed value from its text. */
export function sealedOf(text: { iv: string; data: string }): Sealed {
  return { iv: fromBase64(text.iv), data: fromBase64(text.data).buffer };
}

/** Bytes as base64 (no Node built-ins: the mock runs in a service worker too). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Bytes of base64 text. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Opens a sealed value, or undefined when `credential` is not the one it was sealed with. */
export async function unseal<T>(sealed: Sealed, credential: string, purpose: string): Promise<T | undefined> {
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, await deriveKey(credential, purpose), sealed.data);
    return JSON.parse(new TextDecoder().decode(plain)) as T;
  } catch {
    return undefined;
  }
}
