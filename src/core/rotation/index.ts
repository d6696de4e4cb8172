/**
 * Key rotation and the replay of credential mutations (docs/service.md, "Authentication, keys and scopes"): the rotator
 * (`key-rotator.ts`), the pending record (`record.ts`, checked for the Node entry's store by `pending.ts`), the exact replay of a request (`replay.ts`); the rotation's run
 * (`run.ts`, with the key's swap) loads with the first rotation, the replay's loop (`replay-loop.ts`) with the first replay,
 * and what each is given is typed in `kit.ts`.
 */
export { KeyRotator } from './key-rotator';
export { parsePendingRotation } from './pending';
export { replayRoute } from './replay';
