import * as z from 'zod/mini';
import { KeyId } from './primitives';
import { qPositiveInt } from './query';

/** Path parameters of a route that takes none. */
export const NoParams = z.strictObject({});
/** `{event_id}` of an event's routes. */
export const EventParams = z.strictObject({ event_id: qPositiveInt });
/** `{prop_id}` of a prop's odds. */
export const PropParams = z.strictObject({ prop_id: qPositiveInt });
/** `{id}` of a key. */
export const KeyParams = z.strictObject({ id: KeyId });
