/**
 * Key rotation and the replay of credential mutations (docs/service.md, "Authentication, keys and scopes"): the rotator
 * (`key-rotator.ts`), the pending record (`record.ts`), the exact replay of a request (`replay.ts`); the rotation's run
 * (`run.ts`) loads with the first rotation, and what it is given is typed in `kit.ts`.
 */
export { KeyRotator } from './key-rotator';
export { parsePendingRotation } from './record';
export { replayRoute } from './replay';
