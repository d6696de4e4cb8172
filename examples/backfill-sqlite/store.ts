/**
 * The backfill's SQLite file (`node:sqlite`): the job and its checkpoints, events, and odds rows.
 * Every page is written in one transaction with the checkpoint that follows it, so a process stopped
 * at any point resumes exactly after the last page it stored: no gap, no duplicate.
 */
import { DatabaseSync } from 'node:sqlite';
import type { Event, EventScanState, OddsHistoryState, OddsSnapshot } from '../../src';

/** What a backfill covers. */
export interface Job {
  sport_id: number;
  starts_from: string;
  starts_to: string;
}

/** An event whose history is still to fetch, with its checkpoint if a run stopped inside it. */
export interface PendingEvent {
  event_id: number;
  history: OddsHistoryState | undefined;
}

const ODDS_COLUMNS = [
  'event_id',
  'line_id',
  'alt_line_id',
  'market',
  'period',
  'line',
  'odds1',
  'odds0',
  'odds2',
  'todds1',
  'todds0',
  'todds2',
  'max_win',
  'cutoff',
  'status',
  'timestamp',
  'score_home',
  'score_away',
  'red_cards_home',
  'red_cards_away',
] as const satisfies readonly (keyof OddsSnapshot)[];

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS job (
    id INTEGER PRIMARY KEY CHECK (id = 1), sport_id INTEGER NOT NULL, starts_from TEXT NOT NULL, starts_to TEXT NOT NULL,
    credits INTEGER NOT NULL DEFAULT 0, scan_state TEXT, scan_done INTEGER NOT NULL DEFAULT 0, started_at TEXT NOT NULL, finished_at TEXT
  );
  CREATE TABLE IF NOT EXISTS events (
    event_id INTEGER PRIMARY KEY, parent_id INTEGER, starts TEXT, runner_home TEXT, runner_away TEXT, live_status INTEGER, version INTEGER,
    history_state TEXT, history_done INTEGER NOT NULL DEFAULT 0, history_rows INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE IF NOT EXISTS odds (${ODDS_COLUMNS.map((c) => (c === 'market' || c === 'cutoff' || c === 'timestamp' ? `${c} TEXT` : `${c} NUMERIC`)).join(', ')});
  CREATE INDEX IF NOT EXISTS odds_by_event ON odds (event_id, timestamp);
  CREATE TABLE IF NOT EXISTS claims (event_id INTEGER PRIMARY KEY, worker TEXT NOT NULL);
`;

/** Why a file's job is not `job`, or undefined when it is the same. */
function otherJob(row: Job, job: Job): string | undefined {
  if (row.sport_id === job.sport_id && row.starts_from === job.starts_from && row.starts_to === job.starts_to) return undefined;
  return `holds another job (sport ${row.sport_id} from ${row.starts_from} to ${row.starts_to}): give the same options, or another --db`;
}

/**
 * The backfill database of `file` for `job`, checked before anything is sent: a file that is not a
 * backfill database, or holds another job, is one line and exit 2 (`cli.fail`). `known` is false
 * for a job not started yet (its row is written by `open`).
 *
 * @example
 * const { store, known, credits } = openStore(cli, 'backfill.sqlite', job);
 */
export function openStore(
  cli: { fail(message: string): never },
  file: string,
  job: Job,
): { store: BackfillStore; known: boolean; credits: number } {
  let store: BackfillStore;
  let row: (Job & { credits: number }) | undefined;
  try {
    store = new BackfillStore(file);
    row = store.job();
  } catch (error) {
    return cli.fail(`--db ${file} is not a backfill database (${(error as Error).message})`);
  }
  const other = row === undefined ? undefined : otherJob(row, job);
  if (other !== undefined) cli.fail(`--db ${file} ${other}`);
  return { store, known: row !== undefined, credits: row?.credits ?? 0 };
}

/** The backfill database. */
export class BackfillStore {
  readonly #db: DatabaseSync;

  constructor(path: string) {
    this.#db = new DatabaseSync(path);
    // Several processes may write the same file (the fleet backfill): each waits its turn for the write lock.
    this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 30000;');
    this.#db.exec(SCHEMA);
  }

  /** The job this file holds and the credits its runs spent, or undefined before its first run. */
  job(): (Job & { credits: number }) | undefined {
    return this.#db.prepare('SELECT sport_id, starts_from, starts_to, credits FROM job WHERE id = 1').get() as
      | (Job & { credits: number })
      | undefined;
  }

  /**
   * The job this file holds, creating it on first use with the credits already `spent` for it (the
   * sport's check); a different job in the same file is refused.
   */
  open(job: Job, now: string, spent = 0): { resumed: boolean; credits: number } {
    const row = this.job();
    if (!row) {
      this.#db
        .prepare('INSERT INTO job (id, sport_id, starts_from, starts_to, started_at, credits) VALUES (1, ?, ?, ?, ?, ?)')
        .run(job.sport_id, job.starts_from, job.starts_to, now, spent);
      return { resumed: false, credits: spent };
    }
    const other = otherJob(row, job);
    if (other !== undefined) throw new Error(other);
    return { resumed: true, credits: row.credits };
  }

  /** The events scan's checkpoint, or undefined before its first page; `done` once it is complete. */
  scanState(): { state: EventScanState | undefined; done: boolean } {
    const row = this.#db.prepare('SELECT scan_state, scan_done FROM job WHERE id = 1').get() as {
      scan_state: string | null;
      scan_done: number;
    };
    return { state: row.scan_state === null ? undefined : (JSON.parse(row.scan_state) as EventScanState), done: row.scan_done === 1 };
  }

  /** Stores a page of events with the scan's next checkpoint and the credits it cost, at once. */
  saveEvents(events: readonly Event[], state: EventScanState, credits: number): void {
    const insert = this.#db.prepare(
      `INSERT INTO events (event_id, parent_id, starts, runner_home, runner_away, live_status, version) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (event_id) DO UPDATE SET parent_id = excluded.parent_id, starts = excluded.starts, runner_home = excluded.runner_home,
         runner_away = excluded.runner_away, live_status = excluded.live_status, version = excluded.version`,
    );
    this.#transaction(() => {
      for (const e of events) {
        if (e.event_id == null) continue;
        insert.run(
          e.event_id,
          e.parent_id ?? null,
          e.starts ?? null,
          e.runner_home ?? null,
          e.runner_away ?? null,
          e.live_status ?? null,
          e.version ?? null,
        );
      }
      this.#db
        .prepare('UPDATE job SET scan_state = ?, scan_done = ?, credits = credits + ? WHERE id = 1')
        .run(JSON.stringify(state), state.done ? 1 : 0, credits);
    });
  }

  /** Events whose history is not complete yet, by kickoff. */
  pendingEvents(): PendingEvent[] {
    const rows = this.#db.prepare('SELECT event_id, history_state FROM events WHERE history_done = 0 ORDER BY starts, event_id').all() as {
      event_id: number;
      history_state: string | null;
    }[];
    return rows.map((r) => ({
      event_id: r.event_id,
      history: r.history_state === null ? undefined : (JSON.parse(r.history_state) as OddsHistoryState),
    }));
  }

  /**
   * Claims the next event whose history is not complete and that no worker holds, for `worker`
   * (several processes share the file: the claim and the pick are one statement).
   */
  claimNext(worker: string): PendingEvent | undefined {
    const row = this.#db
      .prepare(
        `INSERT INTO claims (event_id, worker)
           SELECT event_id, ? FROM events WHERE history_done = 0 AND event_id NOT IN (SELECT event_id FROM claims) ORDER BY starts, event_id LIMIT 1
         RETURNING event_id`,
      )
      .get(worker) as { event_id: number } | undefined;
    if (row === undefined) return undefined;
    const state = this.#db.prepare('SELECT history_state FROM events WHERE event_id = ?').get(row.event_id) as {
      history_state: string | null;
    };
    return {
      event_id: row.event_id,
      history: state.history_state === null ? undefined : (JSON.parse(state.history_state) as OddsHistoryState),
    };
  }

  /** Forgets every claim: a new run hands out again the events an earlier run's workers held. */
  releaseClaims(): void {
    this.#db.exec('DELETE FROM claims');
  }

  /** Stores a page of an event's history with its next checkpoint and the credits it cost, at once. */
  saveOdds(eventId: number, rows: readonly OddsSnapshot[], state: OddsHistoryState, credits: number): void {
    const insert = this.#db.prepare(`INSERT INTO odds (${ODDS_COLUMNS.join(', ')}) VALUES (${ODDS_COLUMNS.map(() => '?').join(', ')})`);
    this.#transaction(() => {
      for (const row of rows) insert.run(...ODDS_COLUMNS.map((c) => row[c] ?? null));
      this.#db
        .prepare('UPDATE events SET history_state = ?, history_done = ?, history_rows = history_rows + ? WHERE event_id = ?')
        .run(JSON.stringify(state), state.done ? 1 : 0, rows.length, eventId);
      this.#db.prepare('UPDATE job SET credits = credits + ? WHERE id = 1').run(credits);
    });
  }

  /** Marks the job finished. */
  finish(now: string): void {
    this.#db.prepare('UPDATE job SET finished_at = ? WHERE id = 1').run(now);
  }

  /** Totals for the summary. */
  totals(): { events: number; done: number; rows: number; credits: number } {
    const e = this.#db.prepare('SELECT COUNT(*) AS events, SUM(history_done) AS done FROM events').get() as {
      events: number;
      done: number | null;
    };
    const o = this.#db.prepare('SELECT COALESCE(SUM(history_rows), 0) AS rows FROM events').get() as { rows: number };
    const j = this.#db.prepare('SELECT credits FROM job WHERE id = 1').get() as { credits: number } | undefined;
    return { events: e.events, done: e.done ?? 0, rows: o.rows, credits: j?.credits ?? 0 };
  }

  close(): void {
    this.#db.close();
  }

  #transaction(work: () => void): void {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      work();
      this.#db.exec('COMMIT');
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }
}
