/**
 * The code under test: what your application does with the SDK. Here, a board of the next events
 * of a sport with their full-event moneyline prices, and the credits it cost.
 */
import { NotFoundError, type SportsOdds } from 'sports-odds-data';

/** One line of the board; every price may be missing (the service makes each field nullable). */
export interface BoardLine {
  eventId: number;
  match: string;
  starts: string;
  home: number | null;
  draw: number | null;
  away: number | null;
}

/** The board and what it cost. */
export interface PriceBoard {
  lines: BoardLine[];
  /** Events listed without a moneyline (no price yet, or the event vanished). */
  missing: number;
  credits: number;
}

/** The next `size` events of a sport with their latest full-event moneyline. */
export async function priceBoard(odds: SportsOdds, sportId: number, size = 5): Promise<PriceBoard> {
  const before = odds.credits.spent;
  const events = await odds.events.list({ sport_id: sportId, limit: size });
  const lines: BoardLine[] = [];
  let missing = 0;
  for (const event of events) {
    if (event.event_id == null) continue;
    try {
      const rows = await odds.events.odds(event, { main_lines_only: true });
      const moneyline = rows.find((r) => r.market === 'moneyline' && r.period === 0);
      if (!moneyline) {
        missing += 1;
        continue;
      }
      lines.push({
        eventId: event.event_id,
        match: `${event.runner_home ?? '?'} v ${event.runner_away ?? '?'}`,
        starts: event.starts ?? '',
        home: moneyline.odds1 ?? null,
        draw: moneyline.odds0 ?? null,
        away: moneyline.odds2 ?? null,
      });
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      missing += 1;
    }
  }
  return { lines, missing, credits: odds.credits.spent - before };
}
