/** The SDK's errors, one class per kind, each a `SportsOddsError` (docs/sdk.md, "Errors and retries"). */
export { SportsOddsError } from './base';
export {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  GoneError,
  InternalServerError,
  InvalidParametersError,
  NotFoundError,
  PermissionDeniedError,
  QuotaExceededError,
  RateLimitError,
  ServiceError,
  UnavailableError,
  UnsupportedMediaTypeError,
  type APIErrorInit,
  type ParameterIssue,
} from './api';
export { AbortError, ConnectionError, TimeoutError } from './connection';
export { BudgetExceededError, CursorExpiredError, IncompleteScanError, type BudgetLimit } from './local';
export { CoordinatorError, CoordinatorStateLostError, type LostState } from './coordinator';
export { ResponseValidationError, type ValidationIssue } from './validation';
export { RotationPendingError } from './rotation';
