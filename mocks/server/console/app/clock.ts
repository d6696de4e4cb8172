import { isoTrimmed } from '../../../../src/schemas/instant-text';
import { act } from './actions';
import { type Answer, call } from './client';
import { byId, onSubmit } from './dom';

/** The clock panel: the mock's time, jumps forward, set it; and the reset to the seeded state. */

const DAY_MS = 86_400_000;

/** The next UTC midnight after `now` (an RFC 3339 instant), and the same instant written at +01:00. */
function clockExamples(now: string): { utc: string; offset: string } {
  const next = Math.floor(Date.parse(now) / DAY_MS) * DAY_MS + DAY_MS;
  const utc = isoTrimmed(next);
  return { utc, offset: `${utc.slice(0, 11)}01:00:00+01:00` };
}

export function renderClock(clock: Answer<'clock.get'>): void {
  const now = byId('now', HTMLTimeElement);
  now.textContent = clock.now;
  now.dateTime = clock.now;
  // The examples follow the mock's time: a date before it is refused (the clock only moves forward).
  const { utc, offset } = clockExamples(clock.now);
  const input = byId('clock-input', HTMLInputElement);
  input.placeholder = utc;
  input.title = `An RFC 3339 date-time with its offset, such as ${utc}`;
  byId('clock-example', HTMLElement).textContent = utc;
  byId('clock-example-offset', HTMLElement).textContent = offset;
  byId('clock-frozen', HTMLElement).textContent = clock.frozen ? 'frozen: it moves only when set or advanced' : 'running';
  const freeze = byId('clock-freeze', HTMLButtonElement);
  freeze.textContent = clock.frozen ? 'Resume' : 'Freeze';
  freeze.dataset['frozen'] = String(clock.frozen);
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
  const freeze = byId('clock-freeze', HTMLButtonElement);
  freeze.addEventListener('click', () => {
    const frozen = freeze.dataset['frozen'] !== 'true';
    void act(frozen ? 'Freezing the clock' : 'Resuming the clock', async () => {
      const clock = await call('clock.set', { body: { frozen } });
      return `Clock ${clock.frozen ? 'frozen' : 'running'} at ${clock.now}`;
    });
  });
  // A state document from a file: put back at once, the clock at its instant (the control plane checks it).
  const upload = byId('state-upload', HTMLInputElement);
  upload.addEventListener('change', () => {
    const file = upload.files?.[0];
    if (file === undefined) return;
    void act('Uploading the state', async () => {
      const text = await file.text();
      upload.value = '';
      let document: unknown;
      try {
        document = JSON.parse(text);
      } catch {
        throw new Error(`${file.name} is not JSON`);
      }
      const restored = await call('state.put', { body: document });
      const left = restored.omitted.length === 0 ? '' : ` (left out: ${restored.omitted.join('; ')})`;
      return `State of ${file.name} restored: the clock at ${restored.now}${left}`;
    });
  });
  onSubmit(byId('reset-form', HTMLFormElement), () => {
    void act('Reset to the seeded state', async () => {
      await call('reset');
      return undefined;
    });
  });
}
