import type { ServiceContext } from '../contract';
import type { AccountRecord } from '../state/accounts';
import { randomToken } from '../../../src/schemas';
import { sha256Hex } from '../state/crypto';
import type { TokenKind, TokenRecord } from '../state/tokens';

const PREFIX: Record<TokenKind, string> = { recovery: 'rcv_', verification: 'emv_' };

/** Issues a single-use token of `kind`, stores its SHA-256 only, and returns the plaintext once. */
async function issueToken(
  service: ServiceContext,
  kind: keyof typeof PREFIX,
  record: Omit<TokenRecord, 'kind' | 'usedAt'>,
): Promise<string> {
  const token = randomToken(PREFIX[kind]);
  service.state.tokens.add(await sha256Hex(token), { ...record, kind, usedAt: null }, service.clock.now());
  return token;
}

/** The first-party page link of a token: the token travels only in the URL fragment. */
const pageLink = (service: ServiceContext, page: string, token: string): string => `${service.options.publicOrigin}${page}#token=${token}`;

const PAGE: Record<TokenKind, string> = { recovery: '/recover', verification: '/verify-recovery-email' };

/**
 * "E-mails" a link: issues a token of `kind` bound to the account's current mailbox and
 * recovery-authority generation, valid for `ttlMs`, and puts its page link in the outbox.
 */
export async function mailLink(service: ServiceContext, account: AccountRecord, kind: TokenKind, ttlMs: number): Promise<void> {
  const now = service.clock.now();
  const token = await issueToken(service, kind, {
    accountId: account.id,
    email: account.email,
    generation: account.recovery.generation,
    expiresAt: now + ttlMs,
  });
  service.state.outbox.send(
    { to: account.email, kind, link: pageLink(service, PAGE[kind], token), sent_at: new Date(now).toISOString() },
    now,
  );
}
