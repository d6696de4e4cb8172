import type { CreditSnapshot, WindowState } from '../core/types';
import { STATE_FIELDS } from './lua';

/** A value of a script's reply: Redis gives Lua numbers as integers, strings as strings, nil as null. */
export type ReplyValue = string | number | null;

/** One script's reply, read (lua.ts: `{status, now, a, b, c, ...state, rate}`). */
export interface Reply {
  /** `ok`, `budget` (refused by the budget), `late` (reached Redis past its deadline) or `lost` (the record is gone: `a` says what). */
  status: string;
  /** Redis's clock when the script ran, ms since the epoch. */
  now: number;
  a: ReplyValue;
  b: ReplyValue;
  c: ReplyValue;
  /** The namespace's ledger as the script left it. */
  credits: CreditSnapshot;
  /** Rotations published in the namespace. */
  generation: number;
  /** The namespace's epoch (its record's identity); undefined when the record is gone. */
  epoch: string | undefined;
  /** The plan's rate a process shared, if any. */
  rate: number | undefined;
}

const isValue = (v: unknown): v is ReplyValue => v === null || typeof v === 'string' || typeof v === 'number';

/** A number of the reply; undefined when absent (`''` or nil). */
export function numberOf(v: ReplyValue): number | undefined {
  if (v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** A string of the reply; undefined when absent. */
export const stringOf = (v: ReplyValue): string | undefined => (v === null || v === '' ? undefined : String(v));

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

/**
 * Reads a script's reply; undefined when it is not one (then the caller reports it).
 *
 * @example
 * const reply = parseReply(await redis.evalsha(sha, 12, ...keys, ...args));
 */
export function parseReply(raw: unknown): Reply | undefined {
  if (!Array.isArray(raw) || raw.length < 5 || !raw.every(isValue)) return undefined;
  const v = raw as ReplyValue[];
  const [status, now, a, b, c] = v as [ReplyValue, ReplyValue, ReplyValue, ReplyValue, ReplyValue];
  const time = numberOf(now);
  if (typeof status !== 'string' || time === undefined) return undefined;
  const field = (name: (typeof STATE_FIELDS)[number]): ReplyValue => v[5 + STATE_FIELDS.indexOf(name)] ?? null;
  const credits: CreditSnapshot = {
    spent: numberOf(field('spent')) ?? 0,
    meteredCalls: numberOf(field('calls')) ?? 0,
    reserved: numberOf(field('reserved')) ?? 0,
    period: windowOf(field('pl'), field('pr'), field('prs')),
    daily: windowOf(field('dl'), field('dr'), field('drs')),
  };
  const updatedAt = numberOf(field('upd'));
  if (updatedAt !== undefined) credits.updatedAt = new Date(updatedAt);
  const rate = numberOf(v[5 + STATE_FIELDS.length] ?? null);
  return {
    status,
    now: time,
    a,
    b,
    c,
    credits,
    generation: numberOf(field('gen')) ?? 0,
    epoch: stringOf(field('epoch')),
    rate: rate !== undefined && rate > 0 ? rate : undefined,
  };
}

/** A copy of a snapshot (the caller may change it). */
export function copyCredits(c: CreditSnapshot): CreditSnapshot {
  const copy: CreditSnapshot = { ...c, period: { ...c.period }, daily: { ...c.daily } };
  if (c.updatedAt !== undefined) copy.updatedAt = new Date(c.updatedAt.getTime());
  return copy;
}
