import type { ServiceContext } from '../contract';
import { ServiceRefusal } from '../service-refusal';
import type { AccountRecord } from '../state/accounts';
import { sha256Hex } from '../state/crypto';
import type { TokenKind, TokenRecord } from '../state/tokens';

/** `400 invalid_token`: malformed or unknown (docs/service.md, "Errors"). */
export const invalidToken = () => new ServiceRefusal(400, 'invalid_token', 'this link is not valid: request a new one');
/** `410 token_expired`: past its validity, or invalidated by a recovery-authority change. */
const tokenExpired = () => new ServiceRefusal(410, 'token_expired', 'this link has expired: request a new one');

/** A token of `kind` and its account; unknown is `400 invalid_token`. */
export async function findToken(
  service: ServiceContext,
  token: string,
  kind: TokenKind,
): Promise<{ record: TokenRecord; account: AccountRecord }> {
  const record = service.state.tokens.get(await sha256Hex(token), service.clock.now());
  const account = record && record.kind === kind ? service.state.accounts.get(record.accountId) : undefined;
  if (!record || !account) throw invalidToken();
  return { record, account };
}

/**
 * Past its validity, or issued for another mailbox or recovery-authority generation: `410 token_expired`.
 * With `validity: false` only the mailbox and generation are checked: the exact retry of a consumed
 * token is bounded by its own replay window (docs/service.md, "Constants"), not by the link's validity.
 */
export function assertLive(service: ServiceContext, record: TokenRecord, account: AccountRecord, { validity = true } = {}): void {
  const changed = account.email !== record.email || account.recovery.generation !== record.generation;
  if (changed || (validity && service.clock.now() >= record.expiresAt)) throw tokenExpired();
}
