import type { CreditSnapshot, WindowState } from '../core/types';

/** The session's limits, checked before every call that can be charged. */
export interface BudgetSettings {
  /** Most credits the session (every session of the coordinator, when shared) may spend. */
  readonly maxCredits: number;
  /** Most credits one tool call may cost at worst. */
  readonly maxCallCredits: number;
  /** A call whose worst case is above this asks the person first (elicitation), or is refused. */
  readonly confirmAboveCredits: number;
}

/** What this session spent and kept: the `credits` tool's figures. */
export class SessionLedger {
  /** Credits charged to this session's calls (sum of `X-Credits-Cost`, every attempt). */
  spent = 0;
  /** Worst case of the answered calls less what they were charged. */
  saved = 0;
  /** Tool calls answered. */
  calls = 0;
  /** Tool calls refused before anything was sent (budget, cap, confirmation). */
  refused = 0;
}

const windowWords = (name: string, w: WindowState): string | undefined =>
  w.remaining === undefined
    ? undefined
    : `the account's ${name} window has ${w.remaining}${w.limit === undefined ? '' : ` of ${w.limit}`} left${w.reset === undefined ? '' : `, resetting at ${w.reset.toISOString()}`}`;

/** The account's windows in words, as last reported. */
function windowsWords(snapshot: CreditSnapshot): string {
  const parts = [windowWords('daily', snapshot.daily), windowWords('plan-period', snapshot.period)].filter((p) => p !== undefined);
  return parts.length > 0 ? parts.join('; ') : "the account's windows are not known yet (no metered answer so far)";
}

/** Credits the session's budget still allows, calls in flight counted. */
export const creditsLeft = (settings: BudgetSettings, snapshot: CreditSnapshot): number =>
  Math.max(0, settings.maxCredits - snapshot.spent - snapshot.reserved);

/**
 * Why a call that may cost `cost` credits cannot be sent, or undefined when it fits: over the
 * per-call cap, or over what the budget has left (with the account's windows and their resets).
 */
export function refusalOf(cost: number, settings: BudgetSettings, snapshot: CreditSnapshot): string | undefined {
  if (cost > settings.maxCallCredits) {
    return `refused: this call may cost up to ${cost} credits, over the per-call cap of ${settings.maxCallCredits}; nothing was sent. Narrow it (fewer rows, no full history, fewer pages) or ask the person to raise --max-call-credits.`;
  }
  const left = creditsLeft(settings, snapshot);
  if (cost > left) return overBudget(cost, left, settings, snapshot);
  return undefined;
}

/** The refusal of a call over the session budget. */
export function overBudget(cost: number, left: number, settings: BudgetSettings, snapshot: CreditSnapshot): string {
  return `over budget: this call may cost up to ${cost} credits and ${Math.max(0, left)} of the session's ${settings.maxCredits} are left (spent ${snapshot.spent}, in flight ${snapshot.reserved}); nothing was sent. The session budget does not reset; ${windowsWords(snapshot)}.`;
}
