import * as z from 'zod/mini';
import { ApiKeySecret, dateTime, tokenPattern } from './primitives';
import { APIKeyScopes, KeyRotationSuccess } from './keys';

/** Bodies of the credential-delivery operations (docs/service.md, "Credential delivery"); unknown request fields are refused. */

/** `clm_` / `rcv_` / `emv_` + unpadded base64url of 32 random bytes. */
export const ClaimToken = z.string().check(z.minLength(1), z.regex(tokenPattern('clm_')));
export const RecoveryToken = z.string().check(z.regex(tokenPattern('rcv_')));
export const VerificationToken = z.string().check(z.regex(tokenPattern('emv_')));
/** `res_` + 43 base64url characters. */
export const ResumeToken = z.string().check(z.regex(/^res_[A-Za-z0-9_-]{43}$/));

/** An e-mail address as the service takes one (`POST /v1/recovery/requests`): a valid address of at most 254 characters. */
export const EmailAddress = z.email().check(z.maxLength(254));

export const AccountRecoveryRequest = z.strictObject({
  email: EmailAddress,
  /** A fresh single-use token for the exact account-recovery action and public hostname. */
  challenge_token: z.string().check(z.maxLength(2048)),
});
export interface AccountRecoveryRequest extends z.infer<typeof AccountRecoveryRequest> {}

/** Always the same answer: it never discloses whether the address exists or anything was sent. */
export const AccountRecoveryAccepted = z.object({ status: z.literal('accepted'), message: z.string() });
export interface AccountRecoveryAccepted extends z.infer<typeof AccountRecoveryAccepted> {}

export const AccountRecoveryClaimRequest = z.strictObject({ recovery_token: RecoveryToken });
export interface AccountRecoveryClaimRequest extends z.infer<typeof AccountRecoveryClaimRequest> {}

/** The sole replacement key with both scopes; the same shape as a rotation's answer. */
export const AccountRecoverySuccess = z.object({ ...KeyRotationSuccess.shape });
export interface AccountRecoverySuccess extends z.infer<typeof AccountRecoverySuccess> {}

export const CheckoutIntentRequest = z.strictObject({ resume_token: z.optional(ResumeToken) });
export interface CheckoutIntentRequest extends z.infer<typeof CheckoutIntentRequest> {}

export const CheckoutIntentResponse = z.object({
  status: z.enum(['open', 'complete', 'closed']),
  /** Hosted payment page; only while the exact session is open. */
  checkout_url: z.optional(z.url()),
  /** Only once payment is complete. */
  next_url: z.optional(z.literal('/claim')),
});
export interface CheckoutIntentResponse extends z.infer<typeof CheckoutIntentResponse> {}

/** Exactly one of: a claim token, or an empty object (the HttpOnly cookie carries the credential). */
export const ClaimRequest = z.union([z.strictObject({ claim_token: ClaimToken }), z.strictObject({})]);
export type ClaimRequest = z.infer<typeof ClaimRequest>;

export const ClaimSuccess = z.object({
  api_key: ApiKeySecret,
  scopes: APIKeyScopes,
  email: z.email(),
  plan: z.string(),
  docs_url: z.url(),
});
export interface ClaimSuccess extends z.infer<typeof ClaimSuccess> {}

export const ClaimPending = z.object({ status: z.literal('claim_pending'), message: z.string() });
export interface ClaimPending extends z.infer<typeof ClaimPending> {}

/** A claim answers `200` with the key once paid, `202` pending before. */
export const ClaimResponse = z.union([ClaimSuccess, ClaimPending]);
export type ClaimResponse = z.infer<typeof ClaimResponse>;

export const RecoveryEmailVerificationRequest = z.strictObject({ verification_token: VerificationToken });
export interface RecoveryEmailVerificationRequest extends z.infer<typeof RecoveryEmailVerificationRequest> {}

export const RecoveryEmailVerificationSuccess = z.object({
  status: z.literal('verified'),
  recovery_email_verified: z.literal(true),
  recovery_email_verified_at: dateTime,
  message: z.string(),
});
export interface RecoveryEmailVerificationSuccess extends z.infer<typeof RecoveryEmailVerificationSuccess> {}

export const RecoveryEmailVerificationAccepted = z.object({ status: z.literal('accepted'), message: z.string() });
export interface RecoveryEmailVerificationAccepted extends z.infer<typeof RecoveryEmailVerificationAccepted> {}

/** The resend body: exactly `{}`. */
export const EmptyBody = z.strictObject({});
export interface EmptyBody extends z.infer<typeof EmptyBody> {}
