import { InvalidParametersError } from '../core/errors';

/** An event: its id, or any row that carries one (an `Event`, an `OddsSnapshot`, a `SpecialMarket`...). */
export type EventRef = number | { readonly event_id?: number | null | undefined };

/** A prop: its `special_id`, or any row that carries one (a `SpecialMarket`, an `Outright`...). */
export type PropRef = number | { readonly special_id?: number | null | undefined };

/** An API key: its id, or its record (an `ApiKey`). */
export type KeyRef = string | { readonly id: string };

/** The id a reference names; a row whose id is null or absent is refused locally (nothing sent). */
function idOf<T>(ref: T | Readonly<Record<string, unknown>>, field: string): T {
  if (typeof ref !== 'object' || ref === null) return ref as T;
  const id = (ref as Readonly<Record<string, unknown>>)[field];
  if (id === null || id === undefined) {
    throw InvalidParametersError.local([
      { path: field, message: `the row given carries no ${field} (${id === null ? 'null' : 'absent'}): nothing to call with` },
    ]);
  }
  return id as T;
}

/**
 * The event id of a reference.
 *
 * @example
 * eventIdOf(42); // 42
 * eventIdOf(upcoming[0]); // its event_id, or InvalidParametersError when it is null
 */
export const eventIdOf = (ref: EventRef): number => idOf<number>(ref, 'event_id');

/** The prop id (`special_id`) of a reference. */
export const propIdOf = (ref: PropRef): number => idOf<number>(ref, 'special_id');

/** The key id of a reference. */
export const keyIdOf = (ref: KeyRef): string => idOf<string>(ref, 'id');
