import type { ServiceContext } from '../contract';
import type { AccountRecord } from '../state/accounts';
import { newToken, sha256Hex } from '../state/crypto';
import type { TokenKind, TokenRecord } from '../state/tokens';

const PREFIX: Record<TokenKind, string> = { recovery: 'rcv_', verification: 'emv_' };

/** The first-party page link of a token: the token travels only in the URL fragment. */
const pageLink = (service: ServiceContext, page: string, token: string): string => `${service.options.publicOrigin}${page}#token=${token}`;

const PAGE: Record<TokenKind, string> = { recovery: '/recover', verification: '/verify-recovery-email' };

/**
 * Refuses (`StoreFullError`) unless `count` more links fit: a token each in the token store and a message
 * each in the outbox, neither of which drops an entry to make room.
 */
export function assertMailRoom(service: ServiceContext, count = 1): void {
  const now = service.clock.now();
  service.state.tokens.assertRoom(now, count);
  service.state.outbox.assertRoom(now, count);
}

/** A new single-use token of `kind`, drawn from the mock's random source. */
export const linkToken = (service: ServiceContext, kind: TokenKind): string => newToken(service.state.random, PREFIX[kind]);

/**
 * "E-mails" a link: issues a single-use token of `kind` (only its SHA-256 kept) bound to the account's
 * current mailbox and recovery-authority generation, valid for `ttlMs`, and puts its page link in the
 * outbox; both or neither (`StoreFullError` when either store is full).
 */
export async function mailLink(
  service: ServiceContext,
  account: AccountRecord,
  kind: TokenKind,
  ttlMs: number,
  token = linkToken(service, kind),
): Promise<void> {
  const hash = await sha256Hex(token);
  // From here on synchronous: the room checked is the room used.
  const { tokens, outbox } = service.state;
  const now = service.clock.now();
  assertMailRoom(service);
  const record: TokenRecord = {
    kind,
    usedAt: null,
    accountId: account.id,
    email: account.email,
    generation: account.recovery.generation,
    expiresAt: now + ttlMs,
  };
  tokens.add(hash, record, now);
  outbox.send({ to: account.email, kind, link: pageLink(service, PAGE[kind], token), sent_at: new Date(now).toISOString() }, now);
}
