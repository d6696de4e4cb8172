import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newApiKey, newId, randomAlnum, randomHex, sha256Hex, timingSafeEqual, useSha256 } from '../../../mocks/service/state/crypto';
import { randomSource, webRandom } from '../../../mocks/service/state/random';

/** Web Crypto's source, and a deterministic mock's (seeded): each made anew per test. */
const SOURCES = [
  ['Web Crypto', () => webRandom],
  ['a seed', () => randomSource({ deterministic: true, seed: 'crypto-test' }, 'state')],
] as const;

/** The service's secrets (docs/service.md, "Numeric codes and identifiers"): Web Crypto only, digests as lowercase hex. */

describe('sha256Hex', () => {
  it('is the SHA-256 of the UTF-8 text as 64 lowercase hex digits (FIPS 180-2 vectors)', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    // Every byte value, leading zeros included, comes out as two digits.
    expect(await sha256Hex('svc_live_é')).toBe(createHash('sha256').update('svc_live_é', 'utf8').digest('hex'));
  });

  it('uses an injected implementation (the standalone server hashes synchronously with node:crypto)', async () => {
    const nodeSha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    useSha256(nodeSha256);
    const digest = sha256Hex('abc');
    expect(typeof digest).toBe('string');
    expect(digest).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('timingSafeEqual', () => {
  it('is true exactly for equal strings', () => {
    expect(timingSafeEqual('', '')).toBe(true);
    expect(timingSafeEqual('a3f9', 'a3f9')).toBe(true);
    expect(timingSafeEqual('a3f9', 'a3f8')).toBe(false);
    expect(timingSafeEqual('b3f9', 'a3f9')).toBe(false);
  });

  it('is false when one string is a prefix of the other, either way round', () => {
    expect(timingSafeEqual('a3f9', 'a3f')).toBe(false);
    expect(timingSafeEqual('a3f', 'a3f9')).toBe(false);
    expect(timingSafeEqual('', 'a')).toBe(false);
  });

  it('compares whole strings, whatever their lengths', () => {
    expect(timingSafeEqual('abc', 'abc')).toBe(true);
    expect(timingSafeEqual('abc', 'abd')).toBe(false);
    expect(timingSafeEqual('abc', 'ab')).toBe(false);
    expect(timingSafeEqual('', '')).toBe(true);
    // A NUL past the end of the shorter string is no match (its missing characters count as 0).
    expect(timingSafeEqual('ab\u0000', 'ab')).toBe(false);
  });
});

describe('random identifiers', () => {
  it('randomHex gives `count` random bytes as lowercase hex, distinct across many refills of its pool', () => {
    const seen = new Set<string>();
    // 16 bytes at a time through several 4 KiB batches.
    for (let i = 0; i < 1_000; i++) {
      const hex = randomHex(16);
      expect(hex).toMatch(/^[0-9a-f]{32}$/);
      seen.add(hex);
    }
    expect(seen.size).toBe(1_000);
    expect(randomHex(1)).toMatch(/^[0-9a-f]{2}$/);
    expect(randomHex(0)).toBe('');
  });

  it('randomHex serves counts larger than its pool', () => {
    const a = randomHex(5_000);
    const b = randomHex(5_000);
    expect(a).toMatch(/^[0-9a-f]{10000}$/);
    expect(b).toMatch(/^[0-9a-f]{10000}$/);
    expect(a).not.toBe(b);
  });

  it.each(SOURCES)('randomAlnum of %s gives exactly `length` characters of [A-Za-z0-9]', (_name, random) => {
    for (const length of [1, 2, 32, 63]) expect(randomAlnum(random(), length)).toMatch(new RegExp(`^[A-Za-z0-9]{${length}}$`));
    expect(randomAlnum(random(), 0)).toBe('');
  });

  it.each(SOURCES)('randomAlnum of %s draws every one of the 62 characters equally often (no modulo bias)', (_name, random) => {
    const source = random();
    const n = 200_000;
    const counts = new Map<string, number>();
    for (let i = 0; i < n / 1_000; i++) for (const ch of randomAlnum(source, 1_000)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // Binomial(n, 1/62): a byte mapped without rejection would give 'A'..'H' about 25% more.
    const expected = n / 62;
    const sd = Math.sqrt(n * (1 / 62) * (61 / 62));
    for (const [ch, count] of counts) expect({ ch, off: Math.abs(count - expected) < 7 * sd }).toEqual({ ch, off: true });
  });

  it.each(SOURCES)(
    'API keys of %s are svc_live_ + 32 characters of [A-Za-z0-9], and ids are the prefix + 32 lowercase hex',
    (_name, random) => {
      const source = random();
      const keys = new Set(Array.from({ length: 50 }, () => newApiKey(source)));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
      expect(newId(source, 'key_')).toMatch(/^key_[0-9a-f]{32}$/);
      expect(newId(source, 'gdn_')).toMatch(/^gdn_[0-9a-f]{32}$/);
    },
  );
});

describe('a deterministic source', () => {
  const seeded = (seed: string, stream: 'setup' | 'state' = 'state', drawn = 0) =>
    randomSource({ deterministic: true, seed }, stream, drawn);

  it('draws the same values from the same seed and stream, and others from another seed or stream', () => {
    const a = seeded('s');
    const b = seeded('s');
    const draws = [a.hex(16), newApiKey(a), a.hex(12)];
    expect([b.hex(16), newApiKey(b), b.hex(12)]).toEqual(draws);
    expect(seeded('t').hex(16)).not.toBe(draws[0]);
    expect(seeded('s', 'setup').hex(16)).not.toBe(draws[0]);
    expect(seeded('s').seeded).toBe(true);
    expect(webRandom.seeded).toBe(false);
  });

  it('counts the 32-bit words it drew, and one started at that count goes on with the same values', () => {
    const a = seeded('s');
    a.hex(16);
    a.bytes(5);
    expect(a.drawn).toBe(6);
    const next = a.hex(16);
    expect(seeded('s', 'state', 6).hex(16)).toBe(next);
  });

  it('never draws the same 32-bit word twice in a stream (the mix is a bijection of the counter)', () => {
    const source = seeded('s');
    const bytes = source.bytes(4 * 100_000);
    const words = new Set<number>();
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < bytes.length; i += 4) words.add(view.getUint32(i));
    expect(words.size).toBe(100_000);
  });

  it('a Web Crypto source draws differently each time', () => {
    expect(webRandom.hex(16)).not.toBe(webRandom.hex(16));
  });
});
