import { describe, expect, it } from 'vitest';
import { fillPath, queryString } from '../../src/core/validation/url';

describe('fillPath', () => {
  it('fills every placeholder of a template with its encoded value', () => {
    expect(fillPath('/v1/events/{event_id}/odds', { event_id: '42' })).toBe('/v1/events/42/odds');
    expect(fillPath('/v1/keys/{key_id}', { key_id: 'a/b c' })).toBe('/v1/keys/a%2Fb%20c');
    expect(fillPath('/v1/props/{event_id}/{market_id}', { event_id: '7', market_id: 'x y' })).toBe('/v1/props/7/x%20y');
  });

  it('gives the same path for a template seen before, with its new values', () => {
    expect(fillPath('/v1/events/{event_id}/results', { event_id: '1' })).toBe('/v1/events/1/results');
    expect(fillPath('/v1/events/{event_id}/results', { event_id: '2' })).toBe('/v1/events/2/results');
  });

  it('leaves a template without placeholders as it is', () => {
    expect(fillPath('/v1/catalog/sports', {})).toBe('/v1/catalog/sports');
  });

  it('refuses a missing path parameter, naming it', () => {
    expect(() => fillPath('/v1/events/{event_id}/odds', {})).toThrow(new TypeError('missing path parameter event_id'));
  });
});

describe('queryString', () => {
  it('is empty without parameters', () => {
    expect(queryString({})).toBe('');
  });

  it('joins plain names and values in their order: ? first, & between', () => {
    expect(queryString({ sport_id: '4', limit: '50', full_history: 'true' })).toBe('?sport_id=4&limit=50&full_history=true');
  });

  it('form-encodes as URLSearchParams does when a value needs it', () => {
    const query = { sport_id: '4', starts_from: '2026-11-21T00:00:00Z', q: 'a b&c' };
    expect(queryString(query)).toBe(`?${new URLSearchParams(query).toString()}`);
    expect(queryString(query)).toBe('?sport_id=4&starts_from=2026-11-21T00%3A00%3A00Z&q=a+b%26c');
  });

  it('form-encodes when a name needs it, even with a plain value', () => {
    expect(queryString({ limit: '5', 'a b': '1' })).toBe('?limit=5&a+b=1');
  });

  it('form-encodes a name and a value made only of characters forms escape', () => {
    expect(queryString({ '&': ' ' })).toBe('?%26=+');
  });

  it('keeps the characters forms leave alone as they are: letters, digits, _ . * -', () => {
    expect(queryString({ ids: 'a_b.c*d-9' })).toBe('?ids=a_b.c*d-9');
  });
});
