/** Credit arithmetic of docs/service.md's "Metering: credits, windows and headers", shared by the mock and the SDK. */

/** Rows per credit block. */
export const ROWS_PER_CREDIT = 20;

/** Row cap of a history response (`full_history=1` or `since`). */
export const HISTORY_ROW_CAP = 5000;
/** Row cap of every other data response. */
export const DEFAULT_ROW_CAP = 500;

/** Live candidates read per page, at most. */
export const LIVE_CANDIDATES_READ = 1000;
/** Live candidates verified per page: max(4, 2 x limit), capped at 512. */
export const LIVE_VERIFY_CAP = 512;

/** Statuses that cost one credit after a metered request's work reached the data (docs/service.md, "Metering"). */
export const CHARGEABLE_FAILURE_STATUSES: ReadonlySet<number> = new Set([400, 404, 502, 503]);

/** Credits of a row count, rounded up to 20-row blocks, never below 1 (an empty result costs 1). */
export const creditsForRows = (rows: number): number => Math.max(1, Math.ceil(rows / ROWS_PER_CREDIT));

/** How many live candidates a page verifies for a `limit`. */
export const liveVerifyBudget = (limit: number): number => Math.min(LIVE_VERIFY_CAP, Math.max(4, 2 * limit));

/** The reservation envelope of a live page: the greater of row credits and verification credits. */
export const liveEnvelope = (limit: number): number =>
  Math.max(Math.ceil(limit / ROWS_PER_CREDIT), Math.ceil(liveVerifyBudget(limit) / ROWS_PER_CREDIT));

/** The envelope of an ordinary route: `ceil(cap / 20)`, at least 1. */
export const ordinaryEnvelope = (rowCap: number): number => creditsForRows(rowCap);

/** The settled cost of a live page: the greater of row credits and verified work, in 20-unit blocks. */
export const liveCost = (rows: number, verified: number): number => Math.max(creditsForRows(rows), Math.ceil(verified / ROWS_PER_CREDIT));
