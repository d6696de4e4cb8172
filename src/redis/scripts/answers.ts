/**
 * The scripts of the fleet's answer store (answer-store.ts), declared (their Lua: answers-lua.ts).
 * The keys, arguments and reply layout are those of every earlier release, so that an older process
 * and a newer one share a namespace's answers mid-deploy (test/coordinator/redis-mixed-versions.test.ts).
 */
import { arg, field, numberOf, type ReplyValue } from './codecs';
import type { Declarations, Family } from './declare';

/** What every reply ends with: the store's size as the script left it. */
export interface StoreSize {
  /** Answers kept. */
  readonly entries: number;
  /** Their bytes, as the store counts them. */
  readonly bytes: number;
}

/**
 * The keys of an answer's scripts, in `KEYS` order, with their Redis types: the namespace's index, totals,
 * clear stamps and their index, then the answer's own two.
 */
export const ANSWER_KEYS = {
  /** Answer digest -> when it expires. */
  index: 'zset',
  /** `bytes`, `maxTtl`, and `answer:<digest>` -> its bytes. */
  totals: 'hash',
  /** Selection (`*`, or `route\npath\nquery` with `*` for any) -> when it was cleared. */
  clears: 'hash',
  /** Selection -> when it was cleared (the oldest are dropped). */
  clearIndex: 'zset',
  /** The answer: sentAt, claim, route, path, query, body. */
  answer: 'hash',
  /** The claim of the answer's fetching: its holder's token. */
  claim: 'string',
} as const satisfies Record<string, 'hash' | 'zset' | 'string'>;

/** The answers' family: their keys, the prefix and digest every script takes, the size at the end. */
export const ANSWERS_FAMILY = {
  keys: Object.keys(ANSWER_KEYS) as readonly (keyof typeof ANSWER_KEYS)[],
  common: {
    /** The prefix of the answers' keys (the index holds their digests). */
    prefix: arg.text,
    /** The answer's digest ('' for a script about none). */
    digest: arg.text,
  },
  statuses: {},
  fields: 2,
  tail: (values: readonly ReplyValue[]): StoreSize | undefined => {
    const entries = numberOf(values[0]);
    const bytes = numberOf(values[1]);
    return entries === undefined || bytes === undefined ? undefined : { entries, bytes };
  },
} as const satisfies Family<StoreSize>;

/** When the latest clear that selects the answer was stamped (Redis's clock; 0: none). */
const CLEARED = { cleared: field.number } as const;

/** The answer store's scripts: their arguments after the family's, and their replies. */
export const ANSWER_SCRIPTS = {
  /**
   * Looks for a served answer: one sent after every clear that selects it, and either younger than
   * `readMs` or the answer of the fetch `holder` a waiter waits for. Else, with a claim token, claims
   * the fetching (`SET NX PX`) or names who holds it. `gone`: the holder's fetch ended without an
   * answer, or its claim lapsed.
   */
  lookup: {
    args: {
      route: arg.text,
      path: arg.text,
      query: arg.text,
      readMs: arg.number,
      token: arg.maybeText,
      claimMs: arg.number,
      holder: arg.maybeText,
    },
    replies: {
      hit: { sentAt: field.number, body: field.text },
      claimed: CLEARED,
      wait: { ...CLEARED, holder: field.text },
      gone: CLEARED,
      miss: CLEARED,
    },
  },
  /**
   * Keeps an answer until `sentAt + ttlMs` (Redis's clock), and at least `handoffMs` from now when it
   * ends the caller's claim (the waiters read it by the claim). Refused when a clear selects it since
   * its sending, when already expired, or when larger than `maxBytes`. Room is made by dropping
   * expired answers, then those that expire soonest.
   */
  keep: {
    args: {
      route: arg.text,
      path: arg.text,
      query: arg.text,
      sentAt: arg.number,
      ttlMs: arg.number,
      token: arg.maybeText,
      body: arg.text,
      bytes: arg.number,
      maxBytes: arg.number,
      handoffMs: arg.number,
    },
    replies: { kept: {}, cleared: {}, expired: {}, large: {} },
  },
  /** Ends a claim if the caller still holds it (its fetch failed): the waiters fetch themselves. */
  release: { args: { token: arg.text }, replies: { released: {} } },
  /**
   * Stamps a clear of a selection: answers sent before it are never served again. Past `most`
   * stamps, they collapse into one clear of everything (never serving less than asked).
   */
  clear: { args: { selection: arg.text, most: arg.number }, replies: { cleared: {} } },
} as const satisfies Declarations<typeof ANSWERS_FAMILY>;
