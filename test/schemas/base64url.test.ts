import { describe, expect, it } from 'vitest';
import { fromBase64Url, randomToken, toBase64Url, tokenPattern } from '../../src/schemas';

describe('base64url', () => {
  it('round-trips bytes without padding, with the URL alphabet', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = toBase64Url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(text)).toEqual(bytes);
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  });

  it('makes tokens of docs/service.md, Numeric codes and identifiers: prefix + 43 characters ending in one of AEIMQUYcgkosw048', () => {
    for (const prefix of ['rot_', 'clm_', 'rcv_', 'emv_']) {
      for (let i = 0; i < 200; i++) expect(randomToken(prefix)).toMatch(tokenPattern(prefix));
    }
    expect(randomToken('x_', 16)).toMatch(/^x_[A-Za-z0-9_-]{22}$/);
  });
});
