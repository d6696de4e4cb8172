import { describe, expect, it } from 'vitest';
import { ServiceClock } from '../../src/core/coordination/service-clock';

/** The instant the service's `Date` header below names. */
const SERVICE_AT = Date.parse('2026-11-21T15:00:00Z');
const IMF = 'Sat, 21 Nov 2026 15:00:00 GMT';

/** A client clock 90 s behind the service. */
const LOCAL_AT = SERVICE_AT - 90_000;

const dated = (date: string | null) => ({ get: (name: string) => (name.toLowerCase() === 'date' ? date : null) });

/** A clock on a fixed client time that has seen one answer's `Date`. */
const clockAfter = (date: string | null) => {
  const clock = new ServiceClock(() => LOCAL_AT);
  clock.observe(dated(date), LOCAL_AT);
  return clock;
};

describe("the service clock learns the service's time from the Date header", () => {
  it('stands in with the client clock until an answer tells', () => {
    const clock = new ServiceClock(() => LOCAL_AT);
    expect(clock.known).toBe(false);
    expect(clock.now()).toBe(LOCAL_AT);
  });

  it('applies the offset an IMF-fixdate Date header tells, to now and to any client instant', () => {
    const clock = clockAfter(IMF);
    expect(clock.known).toBe(true);
    expect(clock.now()).toBe(SERVICE_AT);
    expect(clock.toService(LOCAL_AT + 5_000)).toBe(SERVICE_AT + 5_000);
  });

  it('measures the offset from when the answer was received, not from when it is asked', () => {
    let local = LOCAL_AT;
    const clock = new ServiceClock(() => local);
    clock.observe(dated(IMF), LOCAL_AT);
    local += 60_000;
    expect(clock.now()).toBe(SERVICE_AT + 60_000);
  });

  it('reads a header given with surrounding blanks', () => {
    expect(clockAfter(`  ${IMF} `).now()).toBe(SERVICE_AT);
  });

  it('follows the last answer', () => {
    const clock = clockAfter(IMF);
    clock.observe(dated('Sat, 21 Nov 2026 15:10:00 GMT'), LOCAL_AT);
    expect(clock.now()).toBe(SERVICE_AT + 600_000);
  });

  it.each([
    ['no Date header', null],
    ['an empty header', ''],
    ['junk before the date', `x ${IMF}`],
    ['an offset after GMT', `${IMF}+0100`],
    ['an ISO timestamp', '2026-11-21T15:00:00Z'],
    ['a one-digit day', 'Sat, 1 Nov 2026 15:00:00 GMT'],
    ['an obsolete RFC 850 date', 'Saturday, 21-Nov-26 15:00:00 GMT'],
  ])('ignores an answer with %s: the client clock stands in', (_what, date) => {
    const clock = clockAfter(date);
    expect(clock.known).toBe(false);
    expect(clock.now()).toBe(LOCAL_AT);
  });

  it('keeps the offset it knows when a later answer has an unreadable Date', () => {
    const clock = clockAfter(IMF);
    expect(clock.now()).toBe(SERVICE_AT);
    clock.observe(dated('not a date'), LOCAL_AT);
    expect(clock.known).toBe(true);
    expect(clock.now()).toBe(SERVICE_AT);
  });
});
