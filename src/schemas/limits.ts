/** The constants of docs/service.md's "Constants" that the SDK and the mock both keep: one definition each. */

/** Active keys per account. */
export const MAX_ACTIVE_KEYS = 5;
/** A live cursor is valid for five minutes after it is issued. */
export const LIVE_CURSOR_TTL_MS = 5 * 60_000;
/** The exact old key + exact nonce replay a rotation for 15 minutes. */
export const ROTATION_REPLAY_WINDOW_MS = 15 * 60_000;
/** Resubmitting the exact same claim or recovery credential replays its answer for 10 minutes. */
export const CREDENTIAL_REPLAY_WINDOW_MS = 10 * 60_000;
/** A recovery link lasts 30 minutes. */
export const RECOVERY_LINK_TTL_MS = 30 * 60_000;
/** A verification link lasts 24 hours. */
export const VERIFICATION_LINK_TTL_MS = 24 * 3_600_000;
/** At most one verification e-mail per customer per 10 minutes. */
export const VERIFICATION_RESEND_INTERVAL_MS = 10 * 60_000;
/** Request-health failure events are kept 30 days. */
export const DETAIL_RETENTION_DAYS = 30;
/** The plan catalog's lowest per-second rate: paced to until the plan's is known, so no `429 rate_limited` by itself. */
export const LOWEST_PLAN_RPS = 2;
