/**
 * The coordinator's scripts, declared (their Lua: coordinator-lua.ts): one per operation, every one
 * on the namespace's keys (layout.ts) and Redis's clock.
 *
 * `ARGV` begins with the family's arguments (`common`), then the script's own, in declared order;
 * the keys, arguments and reply layout are those of every earlier release, so that an older process
 * and a newer one share a namespace mid-deploy (test/coordinator/redis-mixed-versions.test.ts).
 */
import type { BudgetLimit, LostState } from '../../core/errors';
import type { CreditSnapshot, WindowState } from '../../core/types';
import { KEY_NAMES } from '../layout';
import { arg, field, numberOf, stringOf, type ReplyValue } from './codecs';
import type { Declarations, Family } from './declare';

/** The fields of the state hash that end every reply, in order, before the shared rate. */
export const STATE_FIELDS = ['spent', 'calls', 'reserved', 'pl', 'pr', 'prs', 'dl', 'dr', 'drs', 'upd', 'gen', 'epoch'] as const;

/** What every reply ends with: the namespace's state as the script left it. */
export interface NamespaceState {
  /** The namespace's ledger. */
  readonly credits: CreditSnapshot;
  /** Rotations published in the namespace. */
  readonly generation: number;
  /** The namespace's epoch (its record's identity); undefined when the record is gone. */
  readonly epoch: string | undefined;
  /** The plan's rate a process shared, if any. */
  readonly rate: number | undefined;
}

function windowOf(limit: ReplyValue, remaining: ReplyValue, reset: ReplyValue): WindowState {
  const w: WindowState = {};
  const l = numberOf(limit);
  const r = numberOf(remaining);
  const s = numberOf(reset);
  if (l !== undefined) w.limit = l;
  if (r !== undefined) w.remaining = r;
  if (s !== undefined) w.reset = new Date(s);
  return w;
}

/** The state that ends a reply: the fields of `STATE_FIELDS`, then the shared rate. */
function stateOf(values: readonly ReplyValue[]): NamespaceState {
  const at = (name: (typeof STATE_FIELDS)[number]): ReplyValue => values[STATE_FIELDS.indexOf(name)] ?? null;
  const credits: CreditSnapshot = {
    spent: numberOf(at('spent')) ?? 0,
    meteredCalls: numberOf(at('calls')) ?? 0,
    reserved: numberOf(at('reserved')) ?? 0,
    period: windowOf(at('pl'), at('pr'), at('prs')),
    daily: windowOf(at('dl'), at('dr'), at('drs')),
  };
  const updatedAt = numberOf(at('upd'));
  if (updatedAt !== undefined) credits.updatedAt = new Date(updatedAt);
  const rate = numberOf(values[STATE_FIELDS.length]);
  return {
    credits,
    generation: numberOf(at('gen')) ?? 0,
    epoch: stringOf(at('epoch')),
    rate: rate !== undefined && rate > 0 ? rate : undefined,
  };
}

const LOST_STATES = ['record', 'epoch', 'reservations'] as const satisfies readonly LostState[];
const BUDGET_LIMITS = ['maxCredits', 'dailyFloor', 'periodFloor'] as const satisfies readonly BudgetLimit[];

/** The coordinator's family: the namespace's keys, the arguments every script takes, `late` and `lost`, the state at the end. */
export const COORDINATOR_FAMILY = {
  keys: KEY_NAMES,
  common: {
    /** How long a lapsed reservation is remembered, ms. */
    retention: arg.number,
    /** An attempt's lease, ms. */
    lease: arg.number,
    /** The pacing window (a slot's hold), ms. */
    window: arg.number,
    /** When the operation's client gives up on it, on Redis's clock (none: it never reaches Redis late). */
    deadline: arg.maybeNumber,
    /** The namespace's epoch the process knows (none before its first reply). */
    knownEpoch: arg.maybeText,
    /** The epoch the namespace's first script begins its record with (the process's id). */
    firstEpoch: arg.text,
  },
  statuses: {
    /** It reached Redis after its deadline: it took nothing. */
    late: {},
    /** The record the process knew is gone or replaced: nothing changed until `RECOVER`. */
    lost: { what: field.oneOf(LOST_STATES, 'record') },
  },
  fields: 3,
  tail: stateOf,
} as const satisfies Family<NamespaceState>;

/** A rotation's sealed value and the id of the secret's key that sealed the namespace's values (none where none). */
const SEALED = { sealed: field.text, keyId: field.text } as const;

/** The credit windows an answer reported (or a recovering process last knew), in `ARGV` order: each part '' where absent. */
const WINDOWS = {
  periodLimit: arg.numeral,
  periodRemaining: arg.numeral,
  periodReset: arg.instant,
  dailyLimit: arg.numeral,
  dailyRemaining: arg.numeral,
  dailyReset: arg.instant,
} as const;

/** The coordinator's scripts: their arguments after the family's, and their replies. */
export const COORDINATOR_SCRIPTS = {
  /**
   * Admits an attempt: the budget's checks, then its reservation, then (when `rate` is given) a
   * slot, in one step; `budget` takes nothing. `serviceNow` (the service's clock) is given with a floor.
   */
  admit: {
    args: {
      id: arg.text,
      envelope: arg.numeral,
      maxCredits: arg.maybeNumber,
      dailyFloor: arg.maybeNumber,
      periodFloor: arg.maybeNumber,
      serviceNow: arg.maybeNumber,
      rate: arg.maybeNumber,
      listening: arg.flag,
    },
    replies: {
      ok: { taken: field.flag, waitMs: field.number },
      budget: { limit: field.oneOf(BUDGET_LIMITS, 'maxCredits'), available: field.number },
    },
  },
  /** Asks again for a slot (a waiter, at the time it was told). */
  slot: {
    args: { id: arg.text, rate: arg.number, listening: arg.flag },
    replies: { ok: { taken: field.flag, waitMs: field.number } },
  },
  /** Renews the leases of a process's attempts in flight. */
  renew: { args: { ids: arg.list }, replies: { ok: {} } },
  /** Ends an attempt: its hold (`held`), its reservation, its cost and the windows the answer reported; `retry` for a settle tried again. */
  settle: {
    args: {
      id: arg.text,
      held: arg.bit,
      cost: arg.maybeNumber,
      ...WINDOWS,
      retry: arg.bit,
    },
    replies: { ok: {} },
  },
  /** Gives back an admission that sent nothing. */
  release: { args: { id: arg.text }, replies: { ok: {} } },
  /** Reads the ledger. */
  read: { args: {}, replies: { ok: {} } },
  /** Shares the plan's rate for `ttlMs` (none: reads it). */
  rate: {
    args: { rate: arg.numeral, ttlMs: arg.number },
    replies: { ok: { shared: field.number } },
  },
  /** Takes the rotation lock for `token`; else the holder's remaining ms. */
  lock: { args: { token: arg.text }, replies: { ok: { taken: field.flag, leftMs: field.number } } },
  /** Renews the lock while `token` holds it. */
  relock: { args: { token: arg.text }, replies: { ok: { held: field.flag } } },
  /** Releases the lock if `token` still holds it. */
  unlock: { args: { token: arg.text }, replies: { ok: {} } },
  /** Publishes a rotation: its sealed answer under its field, the newest `most` kept, the generation incremented. */
  publish: {
    args: { field: arg.text, sealed: arg.text, keyId: arg.text, most: arg.number },
    replies: { ok: {} },
  },
  /** A published rotation. */
  rotationOf: { args: { field: arg.text }, replies: { ok: SEALED } },
  /** The pending rotation: loads, saves or clears it. */
  pending: {
    args: { op: arg.oneOf('load', 'save', 'clear'), sealed: arg.text, keyId: arg.text },
    replies: { ok: SEALED },
  },
  /** Empties the namespace and begins a fresh record under `epoch`. */
  clear: { args: { epoch: arg.text }, replies: { ok: {} } },
  /** Rebuilds a lost record from what the recovering process last knew (none known: nothing to rebuild). */
  recover: {
    args: {
      oldEpoch: arg.maybeText,
      known: arg.number,
      anchored: arg.numeral,
      newEpoch: arg.text,
      ...WINDOWS,
    },
    replies: { ok: {} },
  },
} as const satisfies Declarations<typeof COORDINATOR_FAMILY>;
