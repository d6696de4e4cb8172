/**
 * Replayable answers (rotation 15 min, claim or recovery 10) without keeping a plaintext key: sealed with
 * AES-GCM under an HKDF-SHA-256 key from the exact credential, so only the exact retry opens it.
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
