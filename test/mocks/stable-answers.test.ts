import { describe, expect, it } from 'vitest';
import { contextOf } from '../../mocks/service/internal';
import type { Event, Result } from '../../src/schemas';
import { call, NOW, useMockServer } from '../helpers/mock-server';

const newMock = useMockServer();
const DAY = 86_400_000;

/** A soccer event that started two days before the test instant, settled by now. */
async function finishedEvent(mock: ReturnType<typeof newMock>): Promise<Event> {
  const day = new Date(mock.clock.now() - 2 * DAY).toISOString().slice(0, 10);
  const events = (await call<Event[]>(mock, `/v1/events?sport_id=29&starts_from=${day}T00:00:00Z&starts_to=${day}&limit=20`)).body;
  const event = events.find((e) => e.live_status === 2 && e.closing_available);
  if (event?.event_id == null) throw new Error('no finished event');
  return event;
}

describe('stable answers: what a final event answers is computed once and served again, invisibly', () => {
  it('serves a final history again byte for byte, metered in full each time, with no X-Cache header', async () => {
    const mock = newMock();
    const event = await finishedEvent(mock);
    const path = `/v1/events/${event.event_id}/odds?full_history=1`;
    const first = await call(mock, path);
    const second = await call(mock, path);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    for (const answer of [first, second]) {
      expect(answer.headers.get('X-Cache')).toBeNull();
      expect(answer.headers.get('X-Credits-Cost')).toBe(String(Math.max(1, Math.ceil((answer.body as unknown[]).length / 20))));
      expect(answer.headers.get('X-Request-Id')).not.toBe(null);
    }
    expect(first.headers.get('X-Request-Id')).not.toBe(second.headers.get('X-Request-Id'));
    expect(contextOf(mock).state.stable.size).toBe(1);
  });

  it('keeps nothing for an event that can still change, and nothing the route may not cache', async () => {
    const mock = newMock();
    const live = (await call<Event[]>(mock, '/v1/events?live=1&limit=5')).body[0];
    if (live?.event_id == null) throw new Error('no live event');
    await call(mock, `/v1/events/${live.event_id}/odds?full_history=1`);
    await call(mock, `/v1/events/${live.event_id}/results`);
    await call(mock, '/v1/events?sport_id=29');
    expect(contextOf(mock).state.stable.size).toBe(0);
  });

  it('never serves a kept answer at an earlier instant: the clock cannot move back before it (results were pending then)', async () => {
    const event = await finishedEvent(newMock());
    const path = `/v1/events/${event.event_id}/results`;
    // The clock only moves forward: a mock that starts a minute into play, then goes to the settled present.
    const mock = newMock({ now: Date.parse(event.starts!) + 60_000 });
    const running = (await call<Result[]>(mock, path)).body;
    expect(running.every((r) => r.status === 0)).toBe(true);
    expect(contextOf(mock).state.stable.size).toBe(0);
    mock.clock.set(NOW);
    const settled = (await call<Result[]>(mock, path)).body;
    expect(settled.every((r) => r.status === 1 || r.status === 2 || r.status === 3)).toBe(true);
    expect(contextOf(mock).state.stable.size).toBe(1);
    expect(() => mock.clock.set(Date.parse(event.starts!) + 60_000)).toThrow(RangeError);
    expect((await call<Result[]>(mock, path)).body).toEqual(settled);
  });

  it("keeps an ended event's price history before its results are final (snapshots never change after the end)", async () => {
    const present = newMock();
    const event = await finishedEvent(present);
    const fixture = contextOf(present).data.eventAt(event.event_id!, present.clock.now())!;
    const mock = newMock({ now: fixture.endAt + 60_000 }); // ended, not yet settled
    await call(mock, `/v1/events/${event.event_id}/results`);
    expect(contextOf(mock).state.stable.size).toBe(0);
    await call(mock, `/v1/events/${event.event_id}/odds?full_history=1`);
    expect(contextOf(mock).state.stable.size).toBe(1);
  });
});
