import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { OddsQuery, PropOddsQuery } from '../../src/schemas';
import { expectFail } from './fixtures';

const SINCE = '2026-11-20T12:00:00Z';

describe('OddsQuery (docs/service.md, Prices, odds rules)', () => {
  it('accepts an empty query (latest mode)', () => {
    expect(z.decode(OddsQuery, {})).toEqual({});
  });

  it('decodes full_history and main_lines_only as booleans', () => {
    expect(z.decode(OddsQuery, { full_history: '1', main_lines_only: '0' })).toEqual({ full_history: true, main_lines_only: false });
    expect(z.decode(OddsQuery, { full_history: 'false', main_lines_only: 'true' })).toEqual({ full_history: false, main_lines_only: true });
  });

  it('since alone is accepted', () => {
    expect(z.decode(OddsQuery, { since: SINCE })).toEqual({ since: SINCE });
  });

  it('since with full_history=1 is accepted', () => {
    expect(z.decode(OddsQuery, { since: SINCE, full_history: '1' })).toEqual({ since: SINCE, full_history: true });
    expect(z.decode(OddsQuery, { since: SINCE, full_history: 'true' })).toEqual({ since: SINCE, full_history: true });
  });

  it('since with full_history=0 is rejected, naming since', () => {
    expectFail(OddsQuery, { since: SINCE, full_history: '0' }, ['since']);
    expectFail(OddsQuery, { since: SINCE, full_history: 'false' }, ['since']);
  });

  it('full_history=0 without since is accepted', () => {
    expect(z.decode(OddsQuery, { full_history: '0' })).toEqual({ full_history: false });
  });

  it('since must be an RFC 3339 UTC timestamp', () => {
    for (const bad of ['2026-11-20', '2026-11-20T12:00:00+02:00', '1763640000', 'yesterday']) {
      expectFail(OddsQuery, { since: bad }, ['since']);
    }
  });

  it('rejects boolean spellings other than 1, 0, true, false', () => {
    expectFail(OddsQuery, { full_history: 'yes' }, ['full_history']);
    expectFail(OddsQuery, { main_lines_only: 'on' }, ['main_lines_only']);
  });

  it('rejects unknown parameters', () => {
    expectFail(OddsQuery, { market: 'spread' });
    expectFail(OddsQuery, { limit: '10' });
  });

  it('encodes booleans as 1/0', () => {
    expect(z.encode(OddsQuery, { full_history: true, main_lines_only: false, since: SINCE })).toEqual({
      full_history: '1',
      main_lines_only: '0',
      since: SINCE,
    });
  });
});

describe('PropOddsQuery', () => {
  it('takes an optional full_history only', () => {
    expect(z.decode(PropOddsQuery, {})).toEqual({});
    expect(z.decode(PropOddsQuery, { full_history: '1' })).toEqual({ full_history: true });
    expect(z.encode(PropOddsQuery, { full_history: false })).toEqual({ full_history: '0' });
  });

  it('rejects since and main_lines_only, which the prop odds route does not take', () => {
    expectFail(PropOddsQuery, { since: SINCE });
    expectFail(PropOddsQuery, { main_lines_only: '1' });
  });

  it('rejects a malformed full_history', () => {
    expectFail(PropOddsQuery, { full_history: 'yes' }, ['full_history']);
  });
});
