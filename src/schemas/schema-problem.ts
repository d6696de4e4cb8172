import * as z from 'zod/mini';
import { issueText, valueAt } from './issue-words';
import { defOf, zodAccepts } from './schema-def';

/**
 * Why a value is not exactly a body of a schema, in the words the mock's overrides and `verify` both use:
 * refused by the schema, or carrying a field the schema does not define. Shared by the mock and verify,
 * which meet only here (and verify also at the SDK's public entry).
 */

type Schema = z.core.$ZodType;

/**
 * A zod issue path as the messages write it.
 *
 * @example
 * pathText(['markets', 0, 'prices', 2, 'at']); // 'markets[0].prices[2].at'
 */
export const pathText = (path: readonly PropertyKey[]): string =>
  path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The path of the first field of `value` that `schema` does not define (a typo'd name), if any. */
function unknownField(schema: Schema, value: unknown, path: PropertyKey[]): PropertyKey[] | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return value === null || value === undefined ? undefined : unknownField(def.innerType, value, path);
    case 'array':
      if (!Array.isArray(value)) return undefined;
      for (let i = 0; i < value.length; i++) {
        const found = unknownField(def.element, value[i], [...path, i]);
        if (found) return found;
      }
      return undefined;
    case 'object': {
      if (!isRecord(value)) return undefined;
      for (const key of Object.keys(value)) {
        const field = def.shape[key];
        if (field === undefined) return [...path, key];
        const found = unknownField(field, value[key], [...path, key]);
        if (found) return found;
      }
      return undefined;
    }
    case 'union': {
      const option = def.options.find((o) => zodAccepts(o, value));
      return option === undefined ? undefined : unknownField(option, value, path);
    }
    default:
      return undefined;
  }
}

/** Why a value is not exactly a body of a schema: `invalid` (refused) or `extra` (a field the schema does not define). */
export interface SchemaProblem {
  kind: 'invalid' | 'extra';
  path: PropertyKey[];
  text: string;
}

/**
 * Why `answer` is not exactly a body of `schema`; undefined when it is.
 *
 * @example
 * schemaProblem(Sport, { sport_id: 'one' }); // { kind: 'invalid', path: ['sport_id'], text: 'expected number, ...' }
 */
export function schemaProblem(schema: Schema, answer: unknown): SchemaProblem | undefined {
  const parsed = z.safeParse(schema, answer);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path ?? [];
    return { kind: 'invalid', path, text: issue === undefined ? 'invalid' : issueText(issue, valueAt(answer, path)) };
  }
  const extra = unknownField(schema, answer, []);
  return extra === undefined ? undefined : { kind: 'extra', path: extra, text: 'not defined' };
}
