import { describe, expect, it } from 'vitest';
import { routes } from '../../src/schemas';
import { MASK, maskSecrets, requestTarget } from '../../mocks/service/pipeline/request-target';

/**
 * The request target the control plane's detail shows (docs/mock-server.md, "Control plane: `/__admin`"): as sent
 * once the route decoded it, else with every value that may be a secret masked (docs/service.md, "Parameter formats").
 */

const KEY = `svc_live_${'Ab3'.repeat(10)}xy`;
const url = (target: string) => new URL(`http://mock.test${target}`);

describe('maskSecrets', () => {
  it.each([
    ['an API key', KEY],
    ...['clm_', 'rcv_', 'emv_', 'res_', 'chl_', 'rot_', 'ckv_'].map((prefix) => [`a ${prefix} token`, `${prefix}Zm9v-YmFy_0123`]),
  ])('masks %s wherever it appears, and only it', (_, secret) => {
    expect(maskSecrets(`before ${secret} after`)).toBe(`before ${MASK} after`);
    expect(maskSecrets(`/v1/x/${secret}/y?a=${secret}`)).toBe(`/v1/x/${MASK}/y?a=${MASK}`);
  });

  it('leaves words that only look like a prefix: no token without a word boundary before it, or without characters after it', () => {
    expect(maskSecrets('xclm_abc svc_live_ rot_ pres_x')).toBe('xclm_abc svc_live_ rot_ pres_x');
    expect(maskSecrets('/v1/events/evt_123/odds?sport_id=1')).toBe('/v1/events/evt_123/odds?sport_id=1');
  });
});

describe('requestTarget', () => {
  const odds = routes['events.odds'];

  it('shows a decoded request as sent, path and query, secrets still masked', () => {
    expect(requestTarget(url('/v1/events/evt_1/odds?full_history=1'), odds, true)).toBe('/v1/events/evt_1/odds?full_history=1');
    expect(requestTarget(url(`/v1/events/evt_1/odds?full_history=1&note=${KEY}`), odds, true)).toBe(
      `/v1/events/evt_1/odds?full_history=1&note=${MASK}`,
    );
  });

  it('masks the placeholders of a refused request, and the values of the names the route knows; an unknown name is masked whole', () => {
    expect(requestTarget(url('/v1/events/evt_1/odds?full_history=2&pasted=1'), odds, false)).toBe(
      `/v1/events/${MASK}/odds?full_history=${MASK}&${MASK}`,
    );
    expect(requestTarget(url('/v1/events/evt_1/odds'), odds, false)).toBe(`/v1/events/${MASK}/odds`);
    expect(requestTarget(url('/v1/events?sport_id=1'), routes['events.list'], false)).toBe(`/v1/events?sport_id=${MASK}`);
  });

  it('matches the template against the end of the path of a mounted service', () => {
    expect(requestTarget(url('/odds-api/v1/events/evt_1/odds?full_history=1'), odds, false)).toBe(
      `/odds-api/v1/events/${MASK}/odds?full_history=${MASK}`,
    );
  });

  it("masks an unknown path's opaque segments (24 or more token characters) and its whole query", () => {
    const opaque = 'a1B2-c3D4_e5F6.g7H8~i9J0';
    expect(opaque).toHaveLength(24);
    expect(requestTarget(url(`/v1/nowhere/${opaque}/x?token=1&b=2`), undefined, false)).toBe(`/v1/nowhere/${MASK}/x?${MASK}`);
    // One character shorter, or one character outside the set, is a plain segment.
    expect(requestTarget(url(`/v1/nowhere/${opaque.slice(1)}`), undefined, false)).toBe(`/v1/nowhere/${opaque.slice(1)}`);
    expect(requestTarget(url(`/v1/nowhere/${opaque}!`), undefined, false)).toBe(`/v1/nowhere/${opaque}!`);
    expect(requestTarget(url('/v1/nowhere'), undefined, false)).toBe('/v1/nowhere');
    expect(requestTarget(url(`/v1/${KEY}`), undefined, false)).toBe(`/v1/${MASK}`);
  });

  it('an unknown path is masked even when it claims to be decoded', () => {
    expect(requestTarget(url('/v1/nowhere?token=1'), undefined, true)).toBe(`/v1/nowhere?${MASK}`);
  });
});
