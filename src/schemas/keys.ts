import * as z from 'zod/mini';
import { ApiKeySecret, dateTime, KeyId, ROTATION_NONCE_PATTERN } from './primitives';

/** The two scopes of a key (docs/service.md, "Authentication, keys and scopes"). */
export const SCOPES = ['data:read', 'account:manage'] as const;
export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

/** 1 to 2 unique scopes (docs/service.md, "Account and key routes"). */
export const APIKeyScopes = z.array(Scope).check(
  z.minLength(1, 'at least one scope is required'),
  z.maxLength(2, 'at most two scopes'),
  z.refine((scopes) => new Set(scopes).size === scopes.length, 'scopes must be unique'),
);
export type APIKeyScopes = z.infer<typeof APIKeyScopes>;

/** The scopes of a primary, support-issued, claimed or recovered key. */
export const BOTH_SCOPES: APIKeyScopes = ['data:read', 'account:manage'];

/** An API key record of the inventory (docs/service.md, "Account and key routes"). Never holds the plaintext key. */
export const ApiKey = z.object({
  id: KeyId,
  name: z.string(),
  /** `svc_live_` + the key's first 4 random characters. */
  prefix: z.string().check(z.regex(/^svc_live_[A-Za-z0-9]{4}$/)),
  scopes: APIKeyScopes,
  status: z.enum(['active', 'revoked']),
  created_at: dateTime,
  last_used_at: z.nullable(dateTime),
  revoked_at: z.nullable(dateTime),
});
export interface ApiKey extends z.infer<typeof ApiKey> {}

/** `GET /v1/account/keys`. */
export const ApiKeyList = z.array(ApiKey);
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** `POST /v1/account/keys` body: a name and optional scopes (default `["data:read"]`). */
export const CreateKeyRequest = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  scopes: z.optional(APIKeyScopes),
});
export interface CreateKeyRequest extends z.infer<typeof CreateKeyRequest> {}

/** The creation answer (`201`): the record plus the plaintext key, shown once. */
export const ApiKeyCreated = z.object({ ...ApiKey.shape, api_key: ApiKeySecret });
export interface ApiKeyCreated extends z.infer<typeof ApiKeyCreated> {}

/** The `Idempotency-Key` header of a rotation: `rot_` + unpadded base64url of 32 random bytes. */
export const IdempotencyKey = z
  .string()
  .check(z.regex(ROTATION_NONCE_PATTERN, 'Idempotency-Key must be rot_ followed by the unpadded base64url of 32 random bytes'));

/** `POST /v1/account/keys/rotate` answer: the replacement and its 15-minute retry window. */
export const KeyRotationSuccess = z.object({
  api_key: ApiKeySecret,
  scopes: APIKeyScopes,
  /** End of the 15-minute window in which the exact old key and nonce replay this answer. */
  recovery_expires_at: dateTime,
  message: z.string(),
});
export interface KeyRotationSuccess extends z.infer<typeof KeyRotationSuccess> {}

/** Path parameter of the revocation route. */
export const KeyIdParam = KeyId;
