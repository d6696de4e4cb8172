import { describe, expect, it } from 'vitest';
import { AnswerHead } from '../../src/core/answer/received';

// An answer's metadata is parsed once, when first read: every reader sees the same object, and
// what the ledger read first (the credit headers alone) is that object's credits.
describe("an answer's metadata", () => {
  const headers = () => new Headers({ 'x-credits-cost': '2', 'x-credits-daily-remaining': '98', 'x-request-id': `req_${'1'.repeat(32)}` });

  it('is one object however often it is read', () => {
    const head = new AnswerHead(headers(), 200, 1, Date.parse('2026-11-22T12:00:00Z'));
    const meta = head.meta;
    expect(head.meta).toBe(meta);
    expect(head.credits).toBe(meta.credits);
    expect([meta.status, meta.attempts, head.cost, meta.credits.cost]).toEqual([200, 1, 2, 2]);
  });

  it('keeps the credits read before it as its own', () => {
    const head = new AnswerHead(headers(), 200, 2, Date.parse('2026-11-22T12:00:00Z'));
    const credits = head.credits;
    expect(head.meta.credits).toBe(credits);
    expect(head.meta).toBe(head.meta);
    expect(head.meta.attempts).toBe(2);
  });
});
