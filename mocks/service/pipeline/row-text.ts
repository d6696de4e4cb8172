import type * as z from 'zod/mini';
import type { RouteDef } from '../../../src/schemas';
import { defOf } from '../../../src/schemas/schema-def';
import { checkedOutput } from './output';

/**
 * A data route's answer of rows written as text one row at a time: each row validated against the
 * route's row schema as it comes (unknown source fields stripped, as `validateOutput` does for a
 * whole answer), then serialized, so that a long answer (a 5,000-row history) never holds its rows
 * as objects, nor a validated copy of them, at once. The text is the one `validateOutput` and
 * `JSON.stringify` make of the same rows.
 *
 * @example
 * const out = new RowText(routes['events.odds']);
 * for (const row of rows) out.add(row);
 * const result = { body: [], text: out.text(), rows: out.count, truncated: false };
 */
export class RowText {
  readonly #row: z.core.$ZodType;
  readonly #parts: string[] = [];

  constructor(route: RouteDef) {
    const answer = route.responses[200];
    const def = answer === undefined ? undefined : defOf(answer);
    // An array with checks of its own (a length bound) is judged whole, never row by row.
    if (def?.type !== 'array' || (def.checks?.length ?? 0) > 0) throw new TypeError(`${route.id} does not answer plain rows`);
    this.#row = def.element;
  }

  /** Validates a row and appends its text; a row that fails its schema is the mock's `500 internal_error`. */
  add(row: unknown): void {
    this.#parts.push(JSON.stringify(checkedOutput(this.#row, row, `${this.#parts.length}.`)));
  }

  /** Rows written so far. */
  get count(): number {
    return this.#parts.length;
  }

  /** The answer's text: the rows as a JSON array. */
  text(): string {
    return `[${this.#parts.join(',')}]`;
  }
}
