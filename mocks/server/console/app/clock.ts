import { act } from './actions';
import { type Answer, call } from './client';
import { byId, onSubmit } from './dom';

/** The clock panel: the mock's time, jumps forward, set it; and the reset to the seeded state. */

export function renderClock(clock: Answer<'clock.get'>): void {
  const now = byId('now', HTMLTimeElement);
  now.textContent = clock.now;
  now.dateTime = clock.now;
}

export function wireClock(): void {
  for (const el of document.querySelectorAll<HTMLButtonElement>('[data-advance]')) {
    el.addEventListener('click', () => {
      void act(
        'Advancing the clock',
        async () => `Clock now ${(await call('clock.set', { body: { advance_ms: Number(el.dataset['advance']) } })).now}`,
      );
    });
  }
  const input = byId('clock-input', HTMLInputElement);
  onSubmit(byId('clock-form', HTMLFormElement), () => {
    void act('Setting the clock', async () => `Clock set to ${(await call('clock.set', { body: { now: input.value.trim() } })).now}`);
  });
  onSubmit(byId('reset-form', HTMLFormElement), () => {
    void act('Reset to the seeded state', async () => {
      await call('reset');
      return undefined;
    });
  });
}
