import type { ServiceContext } from '../context';
import { randomBase64Url, sha256Hex } from './crypto';
import type { TokenKind, TokenRecord } from './tokens';

const PREFIX: Record<TokenKind, string> = { recovery: 'rcv_', verification: 'emv_' };

/** A new credential token: prefix + unpadded base64url of 32 random bytes (decisions.md). */
export const newToken = (prefix: string): string => `${prefix}${randomBase64Url(32)}`;

/** Issues a single-use token of `kind`, stores its SHA-256 only, and returns the plaintext once. */
export async function issueToken(service: ServiceContext, kind: keyof typeof PREFIX, record: Omit<TokenRecord, 'kind' | 'usedAt'>): Promise<string> {
  const token = newToken(PREFIX[kind]);
  service.state.tokens.add(await sha256Hex(token), { ...record, kind, usedAt: null });
  return token;
}

/** The first-party page link of a token: the token travels only in the URL fragment. */
export const pageLink = (service: ServiceContext, page: string, token: string): string =>
  `${service.options.publicOrigin}${page}#token=${token}`;
