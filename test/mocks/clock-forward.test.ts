import { describe, expect, it } from 'vitest';
import { createClock } from '../../mocks/service/clock';
import { call, codeOf, NOW, useMockServer } from '../helpers/mock-server';

/**
 * The clock only moves forward (issue 23, item 4; docs/testing.md, "The clock only moves forward"): it
 * never shows an instant earlier than one it has shown, so no window, meter, cache or cursor sees time
 * run back. An earlier instant or a negative advance is refused naming the current time, in process
 * (`RangeError`) and on the control plane (`400 invalid_parameters`); a reset lets it go back as far
 * as the mock's start, where the seeded state is stamped.
 */
const T0 = Date.parse(NOW);
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const newMock = useMockServer();

const refusal = (at: number, to: number) =>
  `the clock only moves forward: it stands at ${iso(at)}, and ${iso(to)} is earlier (a reset lets it go back as far as its start, ${iso(T0)}, until the mock uses it)`;

describe('mock.clock', () => {
  it('refuses an earlier instant and a negative advance once the mock used it, naming the current time, and stays where it was', async () => {
    const mock = newMock();
    mock.clock.advance(HOUR);
    expect((await call(mock, '/v1/catalog/sports')).status).toBe(200);
    const at = mock.clock.now();
    expect(() => mock.clock.set(at - 1)).toThrow(new RangeError(refusal(at, at - 1)));
    expect(() => mock.clock.freeze(at - 1)).toThrow(new RangeError(refusal(at, at - 1)));
    expect(() => mock.clock.advance(-1)).toThrow(
      new RangeError(`the clock only moves forward: advance it by 0 ms or more (it stands at ${iso(at)})`),
    );
    expect(mock.clock.now()).toBe(at);
    mock.clock.set(at);
    mock.clock.advance(0);
    mock.clock.freeze(at + 1);
    expect(mock.clock.now()).toBe(at + 1);
  });

  it('counts every use by the mock, not only requests: a handle that records something (ledger) is one', () => {
    const mock = newMock();
    mock.clock.advance(HOUR);
    mock.ledger();
    expect(() => mock.clock.set(T0)).toThrow(new RangeError(refusal(T0 + HOUR, T0)));
  });

  it('may be set anywhere from its start until the mock first uses it; reading it yourself uses nothing', () => {
    const mock = newMock();
    mock.clock.advance(HOUR);
    expect(mock.clock.now()).toBe(T0 + HOUR);
    expect(mock.clock.date().getTime()).toBe(T0 + HOUR);
    mock.clock.set(T0 + 1);
    mock.clock.freeze(NOW);
    expect(mock.clock.now()).toBe(T0);
    expect(() => mock.clock.set(T0 - 1)).toThrow(new RangeError(refusal(T0, T0 - 1)));
    expect(mock.clock.now()).toBe(T0);
  });

  it('is frozen at its configured start after real time passed, as `createMockService({ now }); mock.clock.freeze(now)` does', () => {
    let real = 1_000_000;
    const clock = createClock(T0, () => real);
    real += 5_000; // five seconds of real time; nobody read the clock
    clock.freeze(T0);
    expect(clock.now()).toBe(T0);
    clock.resume();
    real += 5_000;
    expect(clock.now()).toBe(T0 + 5_000);
    expect(() => clock.set(T0)).toThrow(new RangeError(refusal(T0 + 5_000, T0)));
  });

  it('goes back as far as the mock start after a reset, never further, and the seeded account is stamped there', async () => {
    const mock = newMock();
    mock.clock.advance(26 * HOUR);
    expect((await call(mock, '/v1/catalog/sports')).status).toBe(200);
    expect(() => mock.clock.freeze(NOW)).toThrow(RangeError);
    void mock.reset();
    mock.clock.freeze(NOW);
    expect(mock.clock.now()).toBe(T0);
    expect(() => mock.clock.set(T0 - 1)).toThrow(new RangeError(refusal(T0, T0 - 1)));
    const [demo] = mock.ledger();
    expect(demo).toMatchObject({ charged: 0, period: { starts_at: iso(T0) }, daily: { starts_at: '2026-11-21T00:00:00.000Z' } });
    expect(mock.accounts()[0]!.createdAt).toBe(T0);
    const answer = await call(mock, '/v1/catalog/sports');
    expect([answer.status, answer.headers.get('X-Cache'), answer.headers.get('X-Credits-Daily-Reset')]).toEqual([
      200,
      'MISS',
      '2026-11-22T00:00:00.000Z',
    ]);
  });

  it('refuses a live cursor issued before a reset that set the clock back, since it comes from later than now', async () => {
    const mock = newMock();
    mock.clock.advance(HOUR);
    const page = await call(mock, '/v1/events?live=1&limit=1');
    const cursor = page.headers.get('X-Next-Cursor');
    expect(cursor).not.toBeNull();
    expect((await call(mock, `/v1/events?live=1&limit=1&cursor=${cursor}`)).status).toBe(200);
    void mock.reset();
    mock.clock.freeze(NOW);
    const refused = await call<{ error: { message: string } }>(mock, `/v1/events?live=1&limit=1&cursor=${cursor}`);
    expect([refused.status, codeOf(refused)]).toEqual([400, 'invalid_parameters']);
    expect(refused.body.error.message).toBe(
      'cursor was issued after the current time (before a reset of the mock): restart the scan without a cursor',
    );
  });
});
