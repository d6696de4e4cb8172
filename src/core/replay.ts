/**
 * The replay windows of credential mutations (docs/service.md, "Constants"), public constants of the SDK. The replay
 * itself (`replay-route.ts`) is loaded with the first rotation: a client that never rotates does
 * not carry it.
 */
export { CREDENTIAL_REPLAY_WINDOW_MS, ROTATION_REPLAY_WINDOW_MS } from '../schemas/limits';
