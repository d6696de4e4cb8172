/** Time units and the dataset's fixed instants, in milliseconds. */

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** History starts here: 2021-01-01T00:00:00Z. */
export const EPOCH = Date.UTC(2021, 0, 1);

/** Fixtures become visible (are created) this long before their start: "two weeks after now". */
export const LISTING_HORIZON = 14 * DAY;

/** Odds open this long before the start. */
export const ODDS_OPEN_LEAD = 7 * DAY;

/** Rounds down to a whole second. */
export const toSecond = (ms: number): number => Math.floor(ms / SECOND) * SECOND;
