import type { APIPromise } from '../core/answer';
import { internalsOf } from '../core/internals';
import type { RequestOptions, RotateOptions } from '../core/types';
import type { ApiKey, ApiKeyCreated, CreateKeyRequest, KeyRotationSuccess } from '../schemas/keys';
import { keyIdOf, type KeyRef } from './refs';
import { APIResource } from './resource';

/** The account's API keys (scope `account:manage`): inventory, creation, revocation, rotation. */
export class Keys extends APIResource {
  /**
   * Every key of the account, active and revoked (never a plaintext key).
   *
   * @example
   * const active = (await odds.keys.list()).filter((k) => k.status === 'active');
   */
  list(options?: RequestOptions): APIPromise<ApiKey[]> {
    return this.client.request('keys.list', {}, options);
  }

  /**
   * Creates a key (default scope `data:read`; at most 5 active keys, else `ConflictError`
   * `key_limit_reached`). The answer holds the plaintext key, shown once. Not retried by default:
   * a retry after a lost answer would create a second key.
   *
   * @example
   * const { id, api_key } = await odds.keys.create({ name: 'worker', scopes: ['data:read'] });
   */
  create(body: CreateKeyRequest, options?: RequestOptions): APIPromise<ApiKeyCreated> {
    return this.client.request('keys.create', { body }, { maxRetries: 0, ...options });
  }

  /**
   * Revokes a key, by id or by its record (revoking a revoked key answers the same record).
   *
   * @example
   * await odds.keys.revoke('key_0123456789abcdef0123456789abcdef');
   */
  revoke(key: KeyRef, options?: RequestOptions): APIPromise<ApiKey> {
    return this.requestWith('keys.revoke', () => ({ params: { id: keyIdOf(key) } }), options);
  }

  /**
   * Rotates the client's key (it needs `account:manage`): one replacement with the same scopes, the
   * old key revoked at once. The nonce is saved in `rotationStore` before sending, and failures are
   * replayed with the same key and nonce for up to 15 minutes; success switches the client to the new
   * key and calls `onKeyRotated`. A pending rotation (after a crash) is resumed; concurrent calls
   * share one. Refusals clear the store; an unconfirmed end throws `RotationPendingError` and keeps it.
   *
   * @example
   * const { api_key, recovery_expires_at } = await odds.keys.rotate();
   * await secrets.put('sports-odds', api_key); // the client already uses it
   */
  rotate(options?: RotateOptions): APIPromise<KeyRotationSuccess> {
    return internalsOf(this.client).rotator.rotate(options);
  }
}
