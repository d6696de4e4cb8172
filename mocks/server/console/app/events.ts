import type { EventSpec } from '../../../service/data';
import { act } from './actions';
import { type Answer, call } from './client';
import { button, byId, fill, h, onSubmit } from './dom';
import { day } from './format';

/** The added-events panel (`mock.data.addEvent` from the console): the events a test added; add one from its JSON spec, remove one. */

export function renderEvents(events: Answer<'events.list'>): void {
  const rows = events.map((e) =>
    h(
      'tr',
      { 'data-event': e.event_id },
      h('td', {}, h('code', { text: e.event_id })),
      h('td', { text: `${e.sport_id} · league ${e.league_id}` }),
      h('td', { text: `${e.runner_home} – ${e.runner_away}` }),
      h('td', { title: e.starts, text: day(e.starts) }),
      h(
        'td',
        {},
        button('remove', () => {
          void act(`Removed event ${e.event_id}`, async () => {
            await call('events.remove', { params: { id: String(e.event_id) } });
            return undefined;
          });
        }),
      ),
    ),
  );
  fill(byId('events', HTMLTableElement), rows, 5, 'no event added: every event is generated');
}

export function wireEvents(): void {
  onSubmit(byId('event-form', HTMLFormElement), () => {
    void act('Adding the event', async () => {
      let spec: EventSpec;
      try {
        spec = JSON.parse(byId('event-spec', HTMLTextAreaElement).value) as EventSpec;
      } catch {
        throw new Error('the spec is not valid JSON');
      }
      const { event_id } = await call('events.add', { body: spec });
      return `Added event ${event_id}: every /v1 route serves it now`;
    });
  });
}
