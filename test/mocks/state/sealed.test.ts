import { describe, expect, it } from 'vitest';
import { seal, unseal } from '../../../mocks/service/state/sealed';
import { webRandom } from '../../../mocks/service/state/random';

/**
 * A replayable answer (a rotation's for 15 minutes, a claim's or recovery's for 10) is kept sealed under
 * the exact credential the client resubmits: only that client's exact retry opens it.
 */
describe('sealed answers', () => {
  const answer = { api_key: 'svc_live_Abcdefghijklmnopqrstuvwxyz012345', id: 'key_1', scopes: ['data:read'] };

  it('open with the credential and purpose they were sealed with, as the same JSON value', async () => {
    const sealed = await seal(answer, 'rot_nonce-1', 'rotation', webRandom);
    expect(await unseal(sealed, 'rot_nonce-1', 'rotation')).toEqual(answer);
  });

  it('never hold the plaintext: the sealed bytes do not contain the key', async () => {
    const sealed = await seal(answer, 'rot_nonce-1', 'rotation', webRandom);
    const bytes = new TextDecoder('latin1').decode(sealed.data);
    expect(bytes).not.toContain('svc_live_');
    expect(sealed.iv.byteLength).toBe(12);
  });

  it('do not open with another credential, or for another purpose', async () => {
    const sealed = await seal(answer, 'rot_nonce-1', 'rotation', webRandom);
    expect(await unseal(sealed, 'rot_nonce-2', 'rotation')).toBeUndefined();
    expect(await unseal(sealed, 'rot_nonce-1', 'claim')).toBeUndefined();
    expect(await unseal(sealed, '', 'rotation')).toBeUndefined();
  });

  it('seal the same value differently each time (a fresh IV), and each still opens', async () => {
    const a = await seal(answer, 'clm_x', 'claim', webRandom);
    const b = await seal(answer, 'clm_x', 'claim', webRandom);
    expect(Buffer.from(a.iv).equals(Buffer.from(b.iv))).toBe(false);
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(false);
    expect(await unseal(b, 'clm_x', 'claim')).toEqual(answer);
  });

  it('do not open once tampered with', async () => {
    const sealed = await seal(answer, 'rcv_x', 'recovery', webRandom);
    const data = new Uint8Array(sealed.data.slice(0));
    data[0] = data[0]! ^ 1;
    expect(await unseal({ iv: sealed.iv, data: data.buffer }, 'rcv_x', 'recovery')).toBeUndefined();
  });
});
