/**
 * Responses that must be replayable for a while (a rotation for 15 minutes, a claim or recovery for
 * 10) without the service keeping a plaintext key: the answer is sealed with AES-GCM under a key
 * derived (HKDF-SHA-256) from the exact credential the client resubmits, so only that client's
 * exact retry can open it.
 */

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

/** Seals a JSON value under a key derived from `credential`. */
export async function seal(value: unknown, credential: string, purpose: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await deriveKey(credential, purpose),
    encoder.encode(JSON.stringify(value)),
  );
  return { iv, data };
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
