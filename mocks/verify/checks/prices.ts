import { CannotCheck } from '../cannot-check';
import { defineCheck, expectRefusal, expectSuccess, rowsOf, type CheckContext } from '../check';
import type { RequestTemplate } from '../template';
import { isoSeconds } from '../../../src/schemas/instant-text';

/** docs/service.md, "Prices": latest by default, history with `full_history` and `since`. */

/** The first event of a few days ago with closing lines: its id, as the path parameter. */
export function pastEventId(ctx: CheckContext): string {
  const answer = ctx.setup.answer('past');
  const event = (rowsOf(answer) ?? []).find(
    (e) => (e['closing_available'] === true || e['closing_available'] === 1) && typeof e['event_id'] === 'number',
  );
  if (event === undefined) throw new CannotCheck('no event of three to two days ago has closing lines', answer);
  return String(event['event_id']);
}

const ODDS = '/v1/events/{event_id}/odds';
const SAMPLE_SINCE = { since: '2026-01-01T00:00:00Z' };
const LATEST: RequestTemplate = { method: 'GET', path: ODDS, route: 'events.odds', key: 'main', purpose: "the event's latest prices" };
const SINCE: RequestTemplate = {
  method: 'GET',
  path: ODDS,
  query: [
    ['full_history', '1'],
    ['since', '{since}'],
  ],
  samples: SAMPLE_SINCE,
  route: 'events.odds',
  key: 'main',
  purpose: 'its history since a second before its latest snapshot',
};
const SINCE_WITHOUT_HISTORY: RequestTemplate = {
  ...SINCE,
  query: [
    ['full_history', '0'],
    ['since', '{since}'],
  ],
  purpose: 'since with full_history=0: refused',
  refusal: true,
};

/** What the latest prices were, for the history checks. */
interface Latest {
  eventId: string;
  /** Per period: the snapshot's line_id, its rows and its time. */
  periods: Map<number, { lineId: number; rows: number; at: number }>;
  /** A second before the newest snapshot, as `since`. */
  since: string;
}

const LATEST_KEY = 'prices.latest';

export const latestPrices = defineCheck({
  id: 'prices.latest',
  rule: 'prices',
  title: 'latest prices (the default) hold, per period, the rows of one snapshot: its greatest positive line_id',
  needs: ['past'],
  requests: [LATEST],
  async run(ctx) {
    const eventId = pastEventId(ctx);
    const answer = await ctx.send(LATEST, { event_id: eventId });
    if (!expectSuccess(ctx, answer)) return;
    const rows = rowsOf(answer) ?? [];
    if (rows.length === 0) throw new CannotCheck(`event ${eventId} has no prices`, answer);
    const periods = new Map<number, { lineId: number; rows: number; at: number }>();
    for (const row of rows) {
      const { period, line_id: lineId, timestamp } = row;
      if (typeof period !== 'number' || typeof lineId !== 'number') continue;
      if (lineId <= 0) ctx.breaking(`line_id ${lineId} is not positive`, answer);
      const kept = periods.get(period);
      if (kept !== undefined && kept.lineId !== lineId) {
        ctx.breaking(`period ${period} has rows of line_id ${kept.lineId} and ${lineId}; latest answers one snapshot per period`, answer);
        continue;
      }
      const at = typeof timestamp === 'string' ? Date.parse(timestamp) : NaN;
      periods.set(period, { lineId, rows: (kept?.rows ?? 0) + 1, at: Math.max(kept?.at ?? -Infinity, Number.isNaN(at) ? -Infinity : at) });
    }
    const newest = Math.max(...[...periods.values()].map((p) => p.at));
    if (!Number.isFinite(newest)) throw new CannotCheck(`the latest prices of event ${eventId} have no timestamps`, answer);
    ctx.shared.set(LATEST_KEY, { eventId, periods, since: isoSeconds(newest - 1000) } satisfies Latest);
  },
});

const latestOf = (ctx: CheckContext): Latest => {
  const latest = ctx.shared.get(LATEST_KEY) as Latest | undefined;
  if (latest === undefined) throw new CannotCheck('the latest prices were not found (prices.latest)');
  return latest;
};

export const historySince = defineCheck({
  id: 'prices.since',
  rule: 'prices',
  title: "history since a time holds only later snapshots, and ends at the latest one's line_id with all its rows",
  requires: ['prices.latest'],
  requests: [SINCE],
  async run(ctx) {
    const latest = latestOf(ctx);
    const answer = await ctx.send(SINCE, { event_id: latest.eventId, since: latest.since });
    if (!expectSuccess(ctx, answer)) return;
    const rows = rowsOf(answer) ?? [];
    const since = Date.parse(latest.since);
    const late = rows.find((r) => typeof r['timestamp'] === 'string' && Date.parse(r['timestamp']) <= since);
    if (late !== undefined)
      ctx.breaking(`a row of ${String(late['timestamp'])} in the history since ${latest.since}; the rule is later snapshots only`, answer);
    for (const [period, { lineId, rows: count, at }] of latest.periods) {
      if (at <= since) continue;
      const ofPeriod = rows.filter((r) => r['period'] === period && typeof r['line_id'] === 'number');
      const greatest = Math.max(...ofPeriod.map((r) => r['line_id'] as number));
      const atLatest = ofPeriod.filter((r) => r['line_id'] === lineId).length;
      if (greatest !== lineId || atLatest !== count) {
        ctx.breaking(
          `period ${period}: latest answered ${count} rows of line_id ${lineId}, the history since ${latest.since} ends at line_id ${Number.isFinite(greatest) ? greatest : 'none'} with ${atLatest} of them`,
          answer,
        );
      }
    }
  },
});

export const sinceNeedsHistory = defineCheck({
  id: 'prices.since-needs-history',
  rule: 'prices',
  title: 'since with full_history=0 is 400 invalid_parameters',
  requires: ['prices.latest'],
  requests: [SINCE_WITHOUT_HISTORY],
  async run(ctx) {
    const latest = latestOf(ctx);
    expectRefusal(ctx, await ctx.send(SINCE_WITHOUT_HISTORY, { event_id: latest.eventId, since: latest.since }), 400, 'invalid_parameters');
  },
});
