import { describe, expect, it } from 'vitest';
import { AnswerHeaders } from '../../mocks/service/http-messages';
import { answerHeadersOf, toFetchResponse } from '../../mocks/service/fetch-adapter';

describe('AnswerHeaders: the headers of an answer, as the pipeline builds them', () => {
  it('reads and replaces names case-insensitively, keeping the name as first set', () => {
    const h = new AnswerHeaders({ 'X-Request-Id': 'req_1' });
    expect(h.get('x-request-id')).toBe('req_1');
    h.set('x-REQUEST-id', 'req_2');
    expect(h.toObject()).toEqual({ 'X-Request-Id': 'req_2' });
    expect(h.has('X-Cache')).toBe(false);
    h.set('X-Cache', 'HIT');
    h.delete('x-cache');
    expect(h.get('X-Cache')).toBeNull();
  });

  it('joins appended values with a comma, and keeps every Set-Cookie apart', () => {
    const h = new AnswerHeaders();
    h.append('Vary', 'Origin');
    h.append('vary', 'Accept');
    h.append('Set-Cookie', 'a=1; HttpOnly');
    h.append('set-cookie', 'b=2; HttpOnly');
    expect(h.get('Vary')).toBe('Origin, Accept');
    expect(h.cookies).toEqual(['a=1; HttpOnly', 'b=2; HttpOnly']);
    expect(h.toObject()).toEqual({ Vary: 'Origin, Accept' });
  });

  it('keeps a snapshot as it was taken, exact in size, which later changes never reach', () => {
    const h = new AnswerHeaders({ 'X-Request-Id': 'req_1' });
    h.append('Set-Cookie', 'a=1');
    const kept = h.snapshot();
    h.set('X-Cache', 'HIT');
    h.append('Set-Cookie', 'b=2');
    h.set('x-request-id', 'req_2');
    expect(kept.toPairs()).toEqual(['X-Request-Id', 'req_1']);
    expect(kept.toPairs()).toHaveLength(2);
    expect(kept.cookies).toEqual(['a=1']);
    expect(h.toPairs()).toEqual(['X-Request-Id', 'req_2', 'X-Cache', 'HIT']);
    expect(h.cookies).toEqual(['a=1', 'b=2']);
    expect(h.get('X-Request-Id')).toBe('req_2');
    // A second snapshot of changed headers is unaffected by what follows too.
    const again = h.snapshot();
    h.delete('X-Cache');
    expect(again.toPairs()).toEqual(['X-Request-Id', 'req_2', 'X-Cache', 'HIT']);
    expect(again.toPairs()).toContain('X-Cache');
    expect(kept.toPairs()).toEqual(['X-Request-Id', 'req_1']);
    expect(kept.toPairs()).not.toContain('X-Cache');
    expect(h.get('X-Cache')).toBeNull();
  });

  it('keeps every header past the room it starts with, in order, through deletes and re-adds', () => {
    const h = new AnswerHeaders();
    const names = Array.from({ length: 45 }, (_, i) => `X-H${i}`);
    for (const name of names) h.set(name, name.toLowerCase());
    h.delete('X-H0');
    h.delete('x-h44');
    h.set('X-H0', 'again');
    const expected = [...names.slice(1, 44), 'X-H0'].flatMap((name) => [name, name === 'X-H0' ? 'again' : name.toLowerCase()]);
    expect(h.toPairs()).toEqual(expected);
    expect(h.get('x-h44')).toBeNull();
    expect(h.get('X-H43')).toBe('x-h43');
    expect(Object.keys(h.toObject())).toHaveLength(44);
    expect(h.toPairs(2)).toHaveLength(expected.length + 2);
  });

  it('turns into a Fetch Response and back without losing a header or a cookie', async () => {
    const h = new AnswerHeaders({ 'Content-Type': 'application/json' });
    h.append('Set-Cookie', 'a=1');
    h.append('Set-Cookie', 'b=2');
    const response = toFetchResponse({ status: 201, headers: h, body: '{"ok":true}' });
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({ ok: true });
    const back = answerHeadersOf(response.headers);
    expect(back.get('content-type')).toBe('application/json');
    expect(back.cookies).toEqual(['a=1', 'b=2']);
    expect(toFetchResponse({ status: 0, headers: h, body: null, dropped: true }).type).toBe('error');
  });
});
