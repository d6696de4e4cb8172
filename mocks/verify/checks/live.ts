import { CURSOR_MAX_LENGTH, LIVE_CURSOR_TTL_MS } from '../../../src/schemas';
import { CannotCheck } from '../cannot-check';
import { defineCheck, expectRefusal, expectSuccess, rowsOf, type CheckContext } from '../check';
import type { Exchange } from '../masked-exchange';
import type { RequestTemplate } from '../template';
import { before, positionOf } from './events';

/** docs/service.md, "Events" (live paging): forward pages without repeats; a cursor bound to its filters and five minutes. */

/** Pages read after the first. */
const NEXT_PAGES = 3;
const LIVE: readonly (readonly [string, string])[] = [
  ['live', '1'],
  ['limit', '2'],
];

const livePage = (purpose: string, times = 1): RequestTemplate => ({
  method: 'GET',
  path: '/v1/events',
  query: LIVE,
  route: 'events.list',
  key: 'main',
  purpose,
  times,
});
/** A live page with a `{cursor}`; `refusal` when the service must refuse it (free). */
const withCursor = (
  purpose: string,
  options: { refusal: boolean; extra?: readonly (readonly [string, string])[]; times?: number },
): RequestTemplate => ({
  ...livePage(purpose, options.times),
  query: [...LIVE, ...(options.extra ?? []), ['cursor', '{cursor}']],
  samples: { cursor: 'cursor', sport_id: '1' },
  refusal: options.refusal,
});

const FIRST = livePage('the first live page (two events at most)');
const NEXT = withCursor('the next pages, with X-Next-Cursor', { refusal: false, times: NEXT_PAGES });

/** The first live page's cursor, or `CannotCheck` when nothing is live to page through. */
async function firstCursor(ctx: CheckContext, template: RequestTemplate): Promise<{ page: Exchange; cursor: string }> {
  const page = await ctx.send(template);
  if (!expectSuccess(ctx, page)) throw new CannotCheck('the first live page failed', page);
  const cursor = page.meta.nextCursor;
  if (cursor === undefined) throw new CannotCheck('the first live page has no X-Next-Cursor: too little is live now to page through', page);
  return { page, cursor };
}

export const livePaging = defineCheck({
  id: 'events.live-paging',
  rule: 'events',
  title: 'live pages (live=1) hold in-play events only, move forward and never repeat one; a cursor is at most 1,024 characters',
  requests: [FIRST, NEXT],
  async run(ctx) {
    const first = await firstCursor(ctx, FIRST);
    let page = first.page;
    let cursor: string | undefined = first.cursor;
    const seen = new Set<number>();
    // The furthest (starts, event_id) of the pages so far: a page moves forward when all its events come after it.
    let furthest: [number, number] | undefined;
    for (let n = 0; ; n++) {
      const positions: [number, number][] = [];
      for (const row of rowsOf(page) ?? []) {
        const id = row['event_id'];
        if (row['live_status'] !== 1)
          ctx.breaking(`event ${String(id)} on a live page has live_status ${String(row['live_status'])}; the rule is 1`, page);
        if (typeof id === 'number' && seen.has(id)) ctx.breaking(`event ${id} is on two live pages`, page);
        if (typeof id === 'number') seen.add(id);
        const position = positionOf(row);
        if (position !== undefined) positions.push(position);
      }
      const back = furthest === undefined ? undefined : positions.find((p) => !before(furthest!, p));
      if (back !== undefined)
        ctx.breaking(
          `page ${n + 1} goes back: an event of ${new Date(back[0]).toISOString()} (event ${back[1]}) is not after the previous pages`,
          page,
        );
      for (const position of positions) if (furthest === undefined || before(furthest, position)) furthest = position;
      if (cursor !== undefined && cursor.length > CURSOR_MAX_LENGTH)
        ctx.breaking(`X-Next-Cursor of ${cursor.length} characters; the rule is at most ${CURSOR_MAX_LENGTH}`, page);
      if (cursor === undefined || n === NEXT_PAGES) return;
      page = await ctx.send(NEXT, { cursor });
      if (!expectSuccess(ctx, page)) return;
      cursor = page.meta.nextCursor;
    }
  },
});

const REFUSED_FIRST = livePage('a live page for its cursor');
const ALTERED = withCursor('the cursor with one character changed: refused', { refusal: true });
const REFILTERED = withCursor('the cursor with another filter (a sport): refused', { refusal: true, extra: [['sport_id', '{sport_id}']] });

/** The cursor with one character in its middle changed. */
const altered = (cursor: string): string => {
  const at = Math.floor(cursor.length / 2);
  return `${cursor.slice(0, at)}${cursor[at] === 'A' ? 'B' : 'A'}${cursor.slice(at + 1)}`;
};

export const cursorRefused = defineCheck({
  id: 'events.cursor-refused',
  rule: 'events',
  title: 'an altered cursor, or one sent with other filters, is 400 invalid_parameters',
  needs: ['sports'],
  requests: [REFUSED_FIRST, ALTERED, REFILTERED],
  async run(ctx) {
    const sport = (rowsOf(ctx.setup.answer('sports')) ?? [])[0]?.['sport_id'];
    if (typeof sport !== 'number') throw new CannotCheck('the catalog lists no sport', ctx.setup.answer('sports'));
    const { cursor } = await firstCursor(ctx, REFUSED_FIRST);
    expectRefusal(ctx, await ctx.send(ALTERED, { cursor: altered(cursor) }), 400, 'invalid_parameters');
    expectRefusal(ctx, await ctx.send(REFILTERED, { cursor, sport_id: String(sport) }), 400, 'invalid_parameters');
  },
});

const EXPIRY_FIRST = livePage('a live page for its cursor');
const EXPIRED = withCursor('the cursor five minutes later: refused', { refusal: true });

export const cursorExpiry = defineCheck({
  id: 'events.cursor-expiry',
  rule: 'events',
  title: 'a cursor older than five minutes is 400 invalid_parameters',
  requests: [EXPIRY_FIRST, EXPIRED],
  unavailable: (o) => (o.waitForCursorExpiry ? undefined : 'waits five minutes: give --wait-cursor-expiry'),
  async run(ctx) {
    const { cursor } = await firstCursor(ctx, EXPIRY_FIRST);
    const wait = LIVE_CURSOR_TTL_MS + 2_000;
    ctx.progress(`waiting ${wait / 1000} s for the live cursor to expire`);
    await ctx.sleep(wait);
    expectRefusal(ctx, await ctx.send(EXPIRED, { cursor }), 400, 'invalid_parameters');
  },
});
