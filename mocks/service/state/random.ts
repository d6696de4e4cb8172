/**
 * The mock's one source of random values (ids, keys, tokens, secrets), with Web Crypto or a pure counter-based generator only
 * (the handlers also run in a service worker). A deterministic mock draws from its seed and a counter (docs/testing.md,
 * "Replays that repeat"): predictable by design, for tests only; any other draws from Web Crypto.
 */

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Bytes as lowercase hex. */
export const toHex = (bytes: Uint8Array): string => {
  const out: string[] = new Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = HEX[bytes[i] as number] as string;
  return out.join('');
};

/** Where a mock draws its random values from. */
export interface RandomSource {
  /** Whether the values come from the seed and a counter (a deterministic mock), not from Web Crypto. */
  readonly seeded: boolean;
  /** How many 32-bit words a seeded source has drawn (what a snapshot keeps to continue the sequence); 0 for Web Crypto. */
  readonly drawn: number;
  /** `count` random bytes. */
  bytes(count: number): Uint8Array<ArrayBuffer>;
  /** `count` random bytes as lowercase hex. */
  hex(count: number): string;
}

/** Web Crypto's bytes drawn 4 KiB at a time and hexed once per batch: an id is a slice, not built byte by byte. */
const POOL = new Uint8Array(4096);
let poolHex = '';
let poolAt = POOL.length;
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

/** Web Crypto's random values: the source of every mock that is not deterministic. */
export const webRandom: RandomSource = {
  seeded: false,
  drawn: 0,
  bytes: (count) => crypto.getRandomValues(new Uint8Array(count)),
  hex(count) {
    if (count > POOL.length) return toHex(crypto.getRandomValues(new Uint8Array(count)));
    if (poolAt + count > POOL.length) {
      crypto.getRandomValues(POOL);
      poolHex = poolToHex();
      poolAt = 0;
    }
    const out = poolHex.slice(2 * poolAt, 2 * (poolAt + count));
    poolAt += count;
    return out;
  },
};

/** A bijective 32-bit mix (Wellons' triple32): distinct counters give distinct words, each one well spread. */
function mix32(input: number): number {
  let x = input | 0;
  x ^= x >>> 17;
  x = Math.imul(x, 0xed5ad4bb);
  x ^= x >>> 11;
  x = Math.imul(x, 0xac4c1b51);
  x ^= x >>> 15;
  x = Math.imul(x, 0x31848bab);
  x ^= x >>> 14;
  return x >>> 0;
}

/** A 32-bit key of a text (FNV-1a over its UTF-16 code units from `basis`, then mixed). */
function keyOf(text: string, basis: number): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mix32(h);
}

/** The seeded source: word `n` of a stream is `mix32(n + k1) ^ k2`, its keys those of the seed and the stream's name. */
class SeededRandom implements RandomSource {
  readonly seeded = true;
  readonly #offset: number;
  readonly #mask: number;
  #drawn: number;

  constructor(seed: string, stream: string, drawn: number) {
    const name = `${seed}\u0000${stream}`;
    this.#offset = keyOf(name, 0x811c9dc5);
    this.#mask = keyOf(name, 0x01000193);
    this.#drawn = drawn;
  }

  get drawn(): number {
    return this.#drawn;
  }

  bytes(count: number): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(count);
    for (let i = 0; i < count; i += 4) {
      const word = (mix32(this.#drawn + this.#offset) ^ this.#mask) >>> 0;
      this.#drawn += 1;
      for (let j = 0; j < 4 && i + j < count; j++) out[i + j] = (word >>> (24 - 8 * j)) & 0xff;
    }
    return out;
  }

  hex(count: number): string {
    return toHex(this.bytes(count));
  }
}

/**
 * The source of a mock's `stream` (`setup`: the demo key and the cursor secret; `state`: everything a request or a test draws,
 * started again by a reset): seeded from `seed` when `deterministic`, at `drawn` words in; Web Crypto's otherwise.
 *
 * @example
 * const random = randomSource({ deterministic: true, seed: 'sports-odds' }, 'state');
 * random.hex(16); // the same 32 hex digits in every run
 */
export function randomSource(
  options: { deterministic: boolean; seed: string | number },
  stream: 'setup' | 'state',
  drawn = 0,
): RandomSource {
  return options.deterministic ? new SeededRandom(String(options.seed), stream, drawn) : webRandom;
}
