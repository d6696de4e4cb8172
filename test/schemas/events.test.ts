import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { Event, EventsQuery, LiveStatus } from '../../src/schemas';
import { dataRowContract, expectFail, expectOk } from './fixtures';

const eventSample = {
  event_id: 1_612_345_678,
  parent_id: null,
  starts: '2026-11-21T18:00:00Z',
  runner_home: 'Arsenal',
  runner_away: 'Chelsea',
  live_status: LiveStatus.preMatch,
  opening_available: true,
  closing_available: 0,
  resulting_unit: 'Regular',
  version: 412_993_201,
};

dataRowContract('Event', Event, eventSample);

describe('Event (docs/service.md, Events)', () => {
  it('has exactly the fields of docs/service.md (Events)', () => {
    expect(Object.keys(Event.shape).sort()).toEqual(
      [
        'event_id',
        'parent_id',
        'starts',
        'runner_home',
        'runner_away',
        'live_status',
        'opening_available',
        'closing_available',
        'resulting_unit',
        'version',
      ].sort(),
    );
  });

  it('accepts the availability flags as boolean or integer', () => {
    for (const flag of [true, false, 1, 0]) {
      expectOk(Event, { ...eventSample, opening_available: flag, closing_available: flag });
    }
  });

  it('refuses availability flags that are neither boolean nor integer', () => {
    expectFail(Event, { ...eventSample, opening_available: 'yes' }, ['opening_available']);
    expectFail(Event, { ...eventSample, closing_available: 0.5 }, ['closing_available']);
  });

  it('refuses a non-integer version or live_status', () => {
    expectFail(Event, { ...eventSample, version: 1.5 }, ['version']);
    expectFail(Event, { ...eventSample, live_status: 'live' }, ['live_status']);
  });

  it('live_status codes: 0 pre-match, 1 in play, 2 ended', () => {
    expect(LiveStatus).toEqual({ preMatch: 0, inPlay: 1, ended: 2 });
  });
});

describe('EventsQuery (docs/service.md, Events)', () => {
  it('decodes every parameter from its wire string', () => {
    expect(
      z.decode(EventsQuery, {
        sport_id: '29',
        league_id: '1980',
        starts_from: '2026-11-21T18:00:00Z',
        starts_to: '2026-11-22',
        event_id: '1612345678',
        parent_id: '1612345600',
        live: '1',
        limit: '50',
        cursor: 'opaque.cursor-value_1',
        since: '2026-11-20T00:00:00Z',
      }),
    ).toEqual({
      sport_id: 29,
      league_id: 1980,
      starts_from: '2026-11-21T18:00:00Z',
      starts_to: '2026-11-22',
      event_id: 1_612_345_678,
      parent_id: 1_612_345_600,
      live: true,
      limit: 50,
      cursor: 'opaque.cursor-value_1',
      since: '2026-11-20T00:00:00Z',
    });
  });

  it('accepts an empty query (upcoming pre-match events)', () => {
    expect(z.decode(EventsQuery, {})).toEqual({});
  });

  it('accepts the booleans 1, 0, true and false', () => {
    expect(z.decode(EventsQuery, { live: '1' })).toEqual({ live: true });
    expect(z.decode(EventsQuery, { live: '0' })).toEqual({ live: false });
    expect(z.decode(EventsQuery, { live: 'true' })).toEqual({ live: true });
    expect(z.decode(EventsQuery, { live: 'false' })).toEqual({ live: false });
  });

  it('rejects other boolean spellings, naming the parameter', () => {
    for (const bad of ['yes', 'no', 'TRUE', '2', '']) expectFail(EventsQuery, { live: bad }, ['live']);
  });

  it('encodes live=true as 1 and live=false as 0', () => {
    expect(z.encode(EventsQuery, { live: true })).toEqual({ live: '1' });
    expect(z.encode(EventsQuery, { live: false })).toEqual({ live: '0' });
  });

  it('encodes typed values into wire strings and decodes them back', () => {
    const typed = { sport_id: 29, live: true, limit: 100, cursor: 'c1', starts_to: '2026-11-22' };
    const wire = z.encode(EventsQuery, typed);
    expect(wire).toEqual({ sport_id: '29', live: '1', limit: '100', cursor: 'c1', starts_to: '2026-11-22' });
    expect(z.decode(EventsQuery, wire)).toEqual(typed);
  });

  it('rejects unknown query parameters', () => {
    expectFail(EventsQuery, { sport: '29' });
    expectFail(EventsQuery, { sport_id: '29', full_history: '1' });
  });

  it('limit: 1 and 500 accepted, 0 and 501 rejected', () => {
    expect(z.decode(EventsQuery, { limit: '1' })).toEqual({ limit: 1 });
    expect(z.decode(EventsQuery, { limit: '500' })).toEqual({ limit: 500 });
    expectFail(EventsQuery, { limit: '0' }, ['limit']);
    expectFail(EventsQuery, { limit: '501' }, ['limit']);
    expectFail(EventsQuery, { limit: '10.5' }, ['limit']);
    expectFail(EventsQuery, { limit: 'ten' }, ['limit']);
  });

  it('identifiers must be positive integers without sign, fraction or leading zero', () => {
    for (const param of ['sport_id', 'league_id', 'event_id', 'parent_id']) {
      for (const bad of ['0', '-1', '1.5', '01', 'x', '']) expectFail(EventsQuery, { [param]: bad }, [param]);
      expect(z.decode(EventsQuery, { [param]: '7' })).toEqual({ [param]: 7 });
    }
  });

  it('starts_from must be an RFC 3339 UTC timestamp', () => {
    expect(z.decode(EventsQuery, { starts_from: '2026-11-21T18:00:00Z' })).toEqual({ starts_from: '2026-11-21T18:00:00Z' });
    expectOk(EventsQuery, { starts_from: '2026-11-21T18:00:00.250Z' });
    for (const bad of ['2026-11-21', '2026-11-21T18:00:00', '2026-11-21T18:00:00+01:00', '21/11/2026', 'tomorrow']) {
      expectFail(EventsQuery, { starts_from: bad }, ['starts_from']);
    }
  });

  it('starts_to accepts an RFC 3339 UTC timestamp or a complete UTC day', () => {
    expect(z.decode(EventsQuery, { starts_to: '2026-11-21' })).toEqual({ starts_to: '2026-11-21' });
    expect(z.decode(EventsQuery, { starts_to: '2026-11-21T23:59:59Z' })).toEqual({ starts_to: '2026-11-21T23:59:59Z' });
    for (const bad of ['2026-11-31', '2026-11', '2026-11-21T18:00:00+01:00', '20261121']) {
      expectFail(EventsQuery, { starts_to: bad }, ['starts_to']);
    }
  });

  it('since must be an RFC 3339 UTC timestamp', () => {
    expectOk(EventsQuery, { since: '2026-11-20T00:00:00Z' });
    expectFail(EventsQuery, { since: '2026-11-20' }, ['since']);
    expectFail(EventsQuery, { since: '1763596800' }, ['since']);
  });

  it('cursor: at most 1024 characters, never empty', () => {
    expect(z.decode(EventsQuery, { live: '1', cursor: 'c'.repeat(1024) })).toEqual({ live: true, cursor: 'c'.repeat(1024) });
    expectFail(EventsQuery, { live: '1', cursor: 'c'.repeat(1025) }, ['cursor']);
    expectFail(EventsQuery, { live: '1', cursor: '' }, ['cursor']);
  });

  it('cursor is only valid with live=1', () => {
    expectFail(EventsQuery, { cursor: 'abc' }, ['cursor']);
    expectFail(EventsQuery, { live: '0', cursor: 'abc' }, ['cursor']);
    expectFail(EventsQuery, { live: 'false', cursor: 'abc' }, ['cursor']);
    expect(z.decode(EventsQuery, { live: 'true', cursor: 'abc' })).toEqual({ live: true, cursor: 'abc' });
  });

  it('refuses non-string wire values', () => {
    expectFail(EventsQuery, { sport_id: 29 }, ['sport_id']);
    expectFail(EventsQuery, { live: true }, ['live']);
  });
});
