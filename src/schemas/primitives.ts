import * as z from 'zod/mini';

/** Shared building blocks of every schema, in `zod/mini` so that the SDK bundle tree-shakes. */

/** A data-row field: the spec makes every one nullable, and availability varies, so it may be absent too. */
export const field = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

/** An integer that is safe in JavaScript (the service's int64 values stay below 2^53). */
export const int64 = z.int();

/** An int64 that is never negative (credits, counts). */
export const count = z.int().check(z.nonnegative());

/** A UTC timestamp of a data row: kept as the service's string, since rows only need it as a label or a sort key. */
export const timestamp = z.string();

/** An RFC 3339 date-time (UTC `Z` or an offset) in account and health records. */
export const dateTime = z.iso.datetime({ offset: true });

/** A calendar date `YYYY-MM-DD`. */
export const date = z.iso.date();

/** Boolean-like availability flags the service sends as `true`/`false` or `1`/`0`. */
export const flag = z.union([z.boolean(), z.int()]);

/** A string whose known values are typed while new ones still parse (an older SDK never breaks on an addition). */
export const openEnum = <const T extends readonly string[]>(_known: T) =>
  z.string() as unknown as z.ZodMiniType<T[number] | (string & {}), string>;

/** The five normalized market families of the service. */
export const MARKETS = ['moneyline', 'spread', 'totals', 'home_totals', 'away_totals'] as const;
/** A market family: one of the known five, or a newer one the service added. */
export const Market = openEnum(MARKETS);
export type Market = z.infer<typeof Market>;
/** The five known market families, closed (for input, where the service rejects anything else). */
export const KnownMarket = z.enum(MARKETS);
export type KnownMarket = z.infer<typeof KnownMarket>;

/** A positive integer in JSON. */
export const positiveInt = z.int().check(z.positive());

/** 32 lowercase hex characters after a prefix: key ids, request ids, guidance ids. */
const hexId = (prefix: string) => z.string().check(z.regex(new RegExp(`^${prefix}[0-9a-f]{32}$`)));

/** `key_` + 32 lowercase hex. */
export const KeyId = hexId('key_');
/** `req_` + 32 lowercase hex; the same value as the `X-Request-Id` header. */
export const RequestId = hexId('req_');
/** `gdn_` + 32 lowercase hex. */
export const GuidanceId = hexId('gdn_');

/** `svc_live_` + 32 characters of `[A-Za-z0-9]`. */
export const API_KEY_PATTERN = /^svc_live_[A-Za-z0-9]{32}$/;
/** A plaintext API key, as returned (once) by creation, claim, recovery and rotation. */
export const ApiKeySecret = z.string().check(z.regex(API_KEY_PATTERN));

/** The last of 43 base64url characters of 32 bytes carries 4 data bits and 2 zero bits: one of these 16. */
export const LAST_CHAR_OF_32_BYTES = 'AEIMQUYcgkosw048';

/** `prefix` + unpadded base64url of exactly 32 random bytes. */
export const tokenPattern = (prefix: string) => new RegExp(`^${prefix}[A-Za-z0-9_-]{42}[${LAST_CHAR_OF_32_BYTES}]$`);

/** Rotation nonce (`Idempotency-Key`): `rot_` + unpadded base64url of 32 bytes. */
export const ROTATION_NONCE_PATTERN = tokenPattern('rot_');
export const RotationNonce = z.string().check(z.regex(ROTATION_NONCE_PATTERN));

/** A JSON date-time in UTC with `Z`, as the query parameters require (docs/service.md, "Parameter formats"). */
export const utcDateTime = z.iso.datetime();
