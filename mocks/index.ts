/**
 * `sports-odds-data/mocks`: the reference mock of the Sports Odds Data Service as MSW handlers.
 * @packageDocumentation
 */
export {
  createMockService,
  type AddedEventSummary,
  type LedgerEntry,
  type MockAccount,
  type MockData,
  type MockService,
  type MockState,
} from './service/mock-service';
export { createFixtures, fixtures, type Fixtures, type FixtureOptions, type Factory } from './fixtures';
export { formatVerifyReport, planVerification, PreflightError, verifyService } from './verify';
export type {
  CheckOutcome,
  CheckResult,
  ExchangeView,
  Finding,
  FindingClass,
  KeyRole,
  PlannedCheck,
  PlannedRequest,
  RecordedFixture,
  RecordedOverride,
  VerifyOptions,
  VerifyPlan,
  VerifyReport,
  VerifyReportFormat,
  VerifySummary,
} from './verify';
export type { EventSpec, Instant, MarketSpec, PeriodResultSpec, PriceStep, PropContestantSpec, PropSpec, ScoreSpec } from './service/data';
export { MockError } from './service/use/error';
export type { CallerView, DecodedBodyOf, OverrideInfo, Resolver, ResolverContext, UseOptions } from './service/use/types';
export type { Clock } from './service/clock';
export type { DemoAccount, MockServiceOptions } from './service/options';
export type {
  AppliedFault,
  ArmedFault,
  DropFault,
  DropFaultSpec,
  DropPoint,
  Fault,
  FaultKind,
  FaultListing,
  FaultSpec,
  FaultTarget,
  FaultWait,
  HoldFault,
  HoldFaultSpec,
  LatencyFault,
  LatencyFaultSpec,
  StatusFault,
  StatusFaultOptions,
  StatusFaultSpec,
  WireKind,
} from './service/faults';
export type { PlanConfig } from './service/state/plans';
export type { AccountInit } from './service/actions/provision';
export type { Charge } from './service/state/meter';
export type { OutboxMessage } from './service/state/outbox';
export type { ActivityEntry } from './service/state/activity';
export type { Bounds } from './service/state/bounded';
export type { StoreBounds } from './service/state/store-bounds';
export { StoreFullError } from './service/state/store-full';
export type { ServiceRefusalCode } from './service/service-refusal';
