/**
 * `sports-odds-data`: the typed, credit-aware client of the Sports Odds Data Service.
 * @packageDocumentation
 */
export { SportsOdds } from './client';
export { VERSION } from './version';
export { SportsOddsCredentials, type CredentialsOptions } from './resources/credentials';
export { MemoryRotationStore } from './core/coordination';
export { memoryCoordinator, type MemoryCoordinatorOptions } from './core/coordination';
export { LOWEST_PLAN_RPS, ROTATION_REPLAY_WINDOW_MS, CREDENTIAL_REPLAY_WINDOW_MS } from './schemas/limits';
export { APIPromise } from './core/answer';
export { Scan, type ScanPage, type ScanProgress, type CreditEstimate, type RequestCost } from './core/scans';
export { LiveScan, CURSOR_TTL_MS, type LivePage, type LiveScanState, type PageFetcher } from './core/scans';
export {
  EventScan,
  type EventScanFetchers,
  type EventScanFilters,
  type EventScanPage,
  type EventScanSegment,
  type EventScanState,
} from './core/scans';
export { OddsHistory, type OddsHistoryFetcher, type OddsHistoryPage, type OddsHistoryState } from './core/scans';
export { Poll, type PollBatch, type PollDeps, type PollOptions } from './core/scans';
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
  CoordinatorError,
  CoordinatorStateLostError,
  RotationPendingError,
  type LostState,
  type APIErrorInit,
  type ParameterIssue,
  type ValidationIssue,
  type BudgetLimit,
} from './core/errors';
export type {
  ClientOptions,
  ClientOverrides,
  ApiKeySource,
  BudgetOptions,
  Fetch,
  HeadersOption,
  RateLimitOptions,
  CreditSnapshot,
  WindowState,
  Hooks,
  RequestInfo,
  ResponseInfo,
  RetryInfo,
  Logger,
  LogLevel,
  Now,
  Sleep,
  ResponseMeta,
  WithMeta,
  RawAnswer,
  RotationStore,
  PendingRotation,
  Coordinator,
  AdmitRequest,
  Admission,
  KeyCoordination,
  RateCoordination,
  RotationAnswer,
  RotationLock,
  CreditSource,
  RotateOptions,
  OnKeyRotated,
  KeyRotatedInfo,
  RequestOptions,
  RouteInput,
  ParamsOf,
  QueryOf,
  DecodedQueryOf,
  BodyOf,
  ResponseOf,
  SuccessSchemas,
  TracingOptions,
  TracerLike,
  TracerProviderLike,
  SpanLike,
  SpanAttributesLike,
  SpanAttributeValue,
  AnswerReuse,
  CacheOptions,
  CacheStats,
  StoredAnswer,
  SharedAnswers,
  SharedLookup,
  SharedPlace,
} from './core/types';
export type { CacheControl, CachedInput } from './core/reuse';
export type { AnswerSelection } from './core/reuse';
export type { CreditHeaders } from './schemas/headers';
export type { RouteCaller } from './resources/resource';
export type { EventRef, PropRef, KeyRef } from './resources/refs';
export type {
  LiveFilters,
  PollFilters,
  LiveEventScan,
  EventPoll,
  ScanOptions,
  EventScanOptions,
  OddsHistoryQuery,
} from './resources/events';
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
