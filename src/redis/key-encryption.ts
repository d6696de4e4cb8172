import { fromBase64Url, toBase64Url } from '../schemas/base64url';

/** Fewest bytes of a `secret`: 32 (256 bits), e.g. `openssl rand -base64 32`. */
export const MIN_SECRET_BYTES = 32;

const utf8 = new TextEncoder();
const SALT = utf8.encode('sports-odds-data/redis');
const KEY_ID = utf8.encode('sports-odds-data/redis key id');
const FORMAT = 'v1';

/** A sealed value could not be opened: the secret differs from the one that sealed it (or the value was altered). */
export class SealError extends Error {
  override name = 'SealError';
}

/**
 * Seals the keys the Redis coordinator stores, with Web Crypto: AES-256-GCM under an HKDF-SHA-256 key
 * from the secret and namespace, a random 96-bit IV, namespace and field as additional data (a moved
 * value fails). A key's field name is an HMAC of it, never the key nor a plain hash of it. The
 * secret is dropped once the (non-extractable) keys are derived.
 *
 * @example
 * const sealer = new Sealer(secret, 'acct-1');
 * const sealed = await sealer.seal('pending', JSON.stringify(record));
 * const record = JSON.parse(await sealer.open('pending', sealed));
 */
export class Sealer {
  readonly #keys: Promise<{ aes: CryptoKey; mac: CryptoKey }>;

  constructor(
    secret: Uint8Array<ArrayBuffer>,
    private readonly namespace: string,
  ) {
    this.#keys = derive(secret, namespace);
    // Reported at first use; never an unhandled rejection meanwhile.
    this.#keys.catch(() => undefined);
  }

  /** `v1.<iv>.<ciphertext>` (base64url) of `plaintext`, bound to `field`. */
  async seal(field: string, plaintext: string): Promise<string> {
    const { aes } = await this.#keys;
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: this.#data(field) }, aes, utf8.encode(plaintext));
    return `${FORMAT}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
  }

  /** The plaintext of a value sealed under `field`; `SealError` when it does not authenticate. */
  async open(field: string, sealed: string): Promise<string> {
    const { aes } = await this.#keys;
    const [format, iv, data] = sealed.split('.');
    if (format !== FORMAT || iv === undefined || data === undefined) throw new SealError('not a sealed value');
    try {
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: fromBase64Url(iv), additionalData: this.#data(field) },
        aes,
        fromBase64Url(data),
      );
      return new TextDecoder().decode(plain);
    } catch {
      throw new SealError('the value does not authenticate');
    }
  }

  /** The field name of a key: base64url HMAC-SHA-256 of it. */
  async fieldOf(key: string): Promise<string> {
    const { mac } = await this.#keys;
    return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', mac, utf8.encode(`rotation of ${key}`))));
  }

  /** An id of the secret (an HMAC of a constant), stored beside the sealed values to tell a differing secret. */
  async keyId(): Promise<string> {
    const { mac } = await this.#keys;
    return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', mac, KEY_ID)));
  }

  /** Whether `id` is this secret's key id (compared in constant time by Web Crypto). */
  async isKeyId(id: string): Promise<boolean> {
    const { mac } = await this.#keys;
    try {
      return await crypto.subtle.verify('HMAC', mac, fromBase64Url(id), KEY_ID);
    } catch {
      return false;
    }
  }

  #data(field: string): Uint8Array<ArrayBuffer> {
    return utf8.encode(`${this.namespace}\u0000${field}`);
  }
}

async function derive(secret: Uint8Array<ArrayBuffer>, namespace: string): Promise<{ aes: CryptoKey; mac: CryptoKey }> {
  const base = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  const hkdf = (purpose: string): HkdfParams => ({
    name: 'HKDF',
    hash: 'SHA-256',
    salt: SALT,
    info: utf8.encode(`${purpose} ${namespace}`),
  });
  const [aes, mac] = await Promise.all([
    crypto.subtle.deriveKey(hkdf('seal'), base, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
    crypto.subtle.deriveKey(hkdf('field'), base, { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign', 'verify']),
  ]);
  return { aes, mac };
}
