/**
 * `sports-odds-data`: the typed, credit-aware client of the Sports Odds Data Service.
 * @packageDocumentation
 */
export { SportsOdds } from './client';
export { SportsOddsCredentials, type CredentialsOptions } from './resources/credentials';
export {
  MemoryRotationStore,
  RotationPendingError,
  type RotationStore,
  type PendingRotation,
  type RotateOptions,
  type OnKeyRotated,
  type KeyRotatedInfo,
} from './core/rotation';
export { ROTATION_REPLAY_WINDOW_MS, CREDENTIAL_REPLAY_WINDOW_MS } from './core/replay';
export { APIPromise } from './core/api-promise';
export { LiveScan, CURSOR_TTL_MS, type LivePage, type LiveScanState } from './core/pagination';
export {
  SportsOddsError,
  APIError,
  BadRequestError,
  InvalidParametersError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  GoneError,
  UnsupportedMediaTypeError,
  RateLimitError,
  QuotaExceededError,
  InternalServerError,
  ServiceError,
  UnavailableError,
  ConnectionError,
  TimeoutError,
  AbortError,
  ResponseValidationError,
  BudgetExceededError,
  CursorExpiredError,
  IncompleteScanError,
  type ParameterIssue,
  type ValidationIssue,
  type BudgetLimit,
} from './core/errors';
export type { ClientOptions, ApiKeySource, BudgetOptions, Fetch, RateLimitOptions } from './core/options';
export type { CreditSnapshot, WindowState } from './core/budget';
export type { Hooks, RequestInfo, ResponseInfo, RetryInfo } from './core/hooks';
export type { Logger, LogLevel } from './core/logger';
export type { ResponseMeta, WithMeta, CreditHeaders } from './core/meta';
export type { PollOptions } from './core/polling';
export type { RequestOptions, RouteInput, ParamsOf, QueryOf, ResponseOf } from './core/types';
export type { LiveFilters, PollFilters, LiveEventScan } from './resources/events';
export type { Catalog } from './resources/catalog';
export type { Events } from './resources/events';
export type { Props } from './resources/props';
export type { Outrights } from './resources/outrights';
export type { Analytics } from './resources/analytics';
export type { AccountResource, RequestHealthFilters } from './resources/account';
export type { Keys } from './resources/keys';
export type {
  Sport,
  League,
  PeriodDefinition,
  Event,
  OddsSnapshot,
  OpeningLine,
  ClosingLine,
  Result,
  SpecialMarket,
  Outright,
  SpecialOddsSnapshot,
  ClosingLineValue,
  Account,
  Plan,
  Quota,
  QuotaWindow,
  RecoveryEmailStatus,
  Usage,
  UsageDay,
  BillingPortal,
  Scope,
  APIKeyScopes,
  ApiKey,
  ApiKeyCreated,
  CreateKeyRequest,
  KeyRotationSuccess,
  RequestHealthReport,
  RequestHealthRange,
  RequestHealthSummary,
  RequestHealthDaily,
  RequestHealthIssue,
  RequestHealthEvent,
  RequestHealthGuidance,
  RequestGuidanceMessage,
  CheckoutIntentRequest,
  CheckoutIntentResponse,
  ClaimRequest,
  ClaimSuccess,
  ClaimPending,
  AccountRecoveryRequest,
  AccountRecoveryAccepted,
  AccountRecoveryClaimRequest,
  AccountRecoverySuccess,
  RecoveryEmailVerificationRequest,
  RecoveryEmailVerificationSuccess,
  RecoveryEmailVerificationAccepted,
  ErrorCode,
  KnownErrorCode,
  Market,
  RouteId,
} from './schemas';
