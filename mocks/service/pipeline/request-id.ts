import { randomHex } from '../state/crypto';

/** `req_` + 32 lowercase hex. */
export const newRequestId = (): string => `req_${randomHex(16)}`;
