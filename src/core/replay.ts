/** The replay windows of credential mutations (docs/service.md, "Constants"); the replay itself loads with the first rotation. */
export { CREDENTIAL_REPLAY_WINDOW_MS, ROTATION_REPLAY_WINDOW_MS } from '../schemas/limits';
