import type { RandomSource } from '../state/random';

/** `req_` + 32 lowercase hex, drawn from the mock's source. */
export const newRequestId = (random: RandomSource): string => `req_${random.hex(16)}`;
