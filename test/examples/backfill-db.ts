import { DatabaseSync } from 'node:sqlite';

/** What a backfill's SQLite file holds: its events, odds rows (in a stable order) and credits. */
export function backfillContents(file: string): { events: unknown[]; odds: unknown[]; credits: number } {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return {
      events: db.prepare('SELECT event_id, starts, history_done, history_rows FROM events ORDER BY event_id').all(),
      odds: db.prepare('SELECT * FROM odds ORDER BY event_id, timestamp, line_id, market, period, alt_line_id, line').all(),
      credits: (db.prepare('SELECT credits FROM job').get() as { credits: number }).credits,
    };
  } finally {
    db.close();
  }
}
