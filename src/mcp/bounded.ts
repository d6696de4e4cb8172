import type { Json } from '../schemas/json-schema';
import { ArgumentError } from './arguments';

/** Counts the tokens of a text, or false once it passes `limit` (a real tokenizer: o200k_base). */
export type TokenLimit = (text: string, limit: number) => number | false;

/** Loads the tokenizer: `gpt-tokenizer`'s o200k_base encoding, an optional peer of this entry. */
export async function loadTokenizer(): Promise<TokenLimit> {
  try {
    const { isWithinTokenLimit } = await import('gpt-tokenizer/encoding/o200k_base');
    return isWithinTokenLimit;
  } catch {
    throw new Error('sports-odds-data/mcp needs gpt-tokenizer to bound its results: npm install gpt-tokenizer');
  }
}

/** An answer without rows over the token cap: it cannot be paged, only narrowed. */
export class OversizeError extends Error {
  override name = 'OversizeError';
}

/** Rows held for `more_rows`: the rest of an answer already paid for. */
interface HeldRows {
  kind: 'rows';
  tool: string;
  rows: Json[];
  /** The answer's fields besides its rows (credits, truncation, its continuation). */
  rest: Json;
}

/** Where a scan stands (its JSON checkpoint), held for the tool that continues it. */
interface HeldScan {
  kind: 'scan';
  tool: string;
  state: unknown;
}

type Held = HeldRows | HeldScan;

/** Continuations a session holds at most; the oldest is dropped past it. */
const MAX_HELD = 32;

/**
 * The rows of answers cut to the token cap, held for the session that received them: a
 * continuation is `<session>.<n>`, and one from another session (or an unknown one) is refused.
 */
export class Continuations {
  readonly #held = new Map<string, Held>();
  #next = 0;

  constructor(readonly session: string) {}

  /** Holds rows; the continuation that gives them. */
  hold(held: Held): string {
    const id = `${this.session}.${++this.#next}`;
    this.#held.set(id, held);
    if (this.#held.size > MAX_HELD) this.#held.delete(this.#held.keys().next().value as string);
    return id;
  }

  /** Takes what a continuation of `kind` (for `tool`, a scan's) holds; a continuation is used once. */
  take<K extends Held['kind']>(id: string, kind: K, tool?: string): Extract<Held, { kind: K }> {
    const held = this.#held.get(id);
    if (held !== undefined) {
      if (held.kind !== kind || (tool !== undefined && held.tool !== tool))
        throw new ArgumentError(`continuation: it continues ${held.tool}; give it to ${held.kind === 'rows' ? 'more_rows' : held.tool}`);
      this.#held.delete(id);
      return held as Extract<Held, { kind: K }>;
    }
    const dot = id.lastIndexOf('.');
    if (dot > 0 && id.slice(0, dot) !== this.session && /^[A-Za-z0-9]+\.\d+$/.test(id)) {
      throw new ArgumentError('continuation: issued by another session; a continuation is only valid in the session that received it');
    }
    throw new ArgumentError(
      `continuation: unknown or already used (a session keeps its ${MAX_HELD} most recent); call the original tool again`,
    );
  }
}

/** The JSON text of a result, as the text fallback carries it. */
export const textOf = (result: Json): string => JSON.stringify(result);

/**
 * A result within `maxTokens`: as it is, else its first rows with a `continuation` for `more_rows`
 * (never cut silently); one without rows that does not fit is refused with its size.
 */
export function bound(result: Json, tool: string, maxTokens: number, tokens: TokenLimit, held: Continuations): Json {
  if (tokens(textOf(result), maxTokens) !== false) return result;
  const rows = result['rows'];
  if (!Array.isArray(rows)) {
    throw new OversizeError(`the answer is over the cap of ${maxTokens} tokens and has no rows to page: narrow the query`);
  }
  const { rows: _rows, count: _count, remaining: before, continuation: _c, ...rest } = result;
  const prior = typeof before === 'number' ? before : 0;
  const shaped = (n: number): Json => ({
    ...rest,
    rows: rows.slice(0, n),
    count: n,
    remaining: rows.length - n + prior,
    continuation: `${held.session}.000000`,
  });
  // The most rows that fit: a binary search on the measured text.
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (tokens(textOf(shaped(mid)), maxTokens) !== false) lo = mid;
    else hi = mid - 1;
  }
  // Not even one row fits: paging would never move; only fewer columns can.
  if (lo === 0) throw new OversizeError(`one row is over the cap of ${maxTokens} tokens: keep fewer columns (fields) or narrow the query`);
  const out = shaped(lo);
  out['continuation'] = held.hold({
    kind: 'rows',
    tool,
    rows: rows.slice(lo) as Json[],
    rest: { ...rest, ...(prior > 0 ? { remaining: prior } : {}) },
  });
  return out;
}

/** The next rows of a held answer, bounded the same way. */
export function moreRows(id: string, maxTokens: number, tokens: TokenLimit, held: Continuations): Json {
  const { tool, rows, rest } = held.take(id, 'rows');
  return bound({ ...rest, rows, count: rows.length, credits: 0 }, tool, maxTokens, tokens, held);
}
