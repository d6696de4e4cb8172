import { parseDateHeader } from '../../../src/schemas';
import { CannotCheck } from '../cannot-check';
import { defineCheck, judgeable, rowsOf } from '../check';

/** docs/service.md, "Events": the default listing and the order of every listing. */

/** Slack for the service's `Date`, which has whole seconds, and the time the answer travelled. */
const CLOCK_SLACK_MS = 5_000;

/** `(starts, event_id)` of an event row, for ordering; undefined when either is missing. */
export function positionOf(row: Record<string, unknown>): [number, number] | undefined {
  const starts = typeof row['starts'] === 'string' ? Date.parse(row['starts']) : NaN;
  const id = row['event_id'];
  return Number.isNaN(starts) || typeof id !== 'number' ? undefined : [starts, id];
}

/** Whether position `a` comes strictly before `b`. */
export const before = (a: [number, number], b: [number, number]): boolean => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

export const upcomingEvents = defineCheck({
  id: 'events.upcoming',
  rule: 'events',
  title: 'the default listing holds future pre-match events only',
  needs: ['upcoming'],
  async run(ctx) {
    const answer = ctx.setup.answer('upcoming');
    const rows = rowsOf(answer) ?? [];
    if (rows.length === 0) throw new CannotCheck('no upcoming event to judge', answer);
    const date = parseDateHeader(answer.answerHeaders.get('Date'));
    for (const row of rows) {
      const starts = typeof row['starts'] === 'string' ? Date.parse(row['starts']) : NaN;
      if (date !== undefined && starts <= date.getTime() - CLOCK_SLACK_MS)
        ctx.breaking(`event ${String(row['event_id'])} started at ${String(row['starts'])}, before the answer's Date`, answer);
      const status = row['live_status'];
      if (status !== null && status !== undefined && status !== 0)
        ctx.breaking(`event ${String(row['event_id'])} has live_status ${String(status)}; the default listing is pre-match (0)`, answer);
    }
  },
});

export const eventOrder = defineCheck({
  id: 'events.order',
  rule: 'events',
  title: 'every listing is in (starts, event_id) order',
  judge(exchanges, judge) {
    // Listings with rows: an answer that is not a list of rows (not the service's) orders nothing.
    const listings = exchanges.filter(
      (e) => judgeable(e) && e.template.route === 'events.list' && e.status! < 300 && rowsOf(e) !== undefined,
    );
    for (const exchange of listings) {
      const positions = (rowsOf(exchange) ?? []).map(positionOf);
      const at = positions.findIndex((p, i) => i > 0 && p !== undefined && positions[i - 1] !== undefined && before(p, positions[i - 1]!));
      if (at > 0) judge.breaking(`row ${at} comes before row ${at - 1} by (starts, event_id): the listing is out of order`, exchange);
    }
    return listings.length;
  },
});
