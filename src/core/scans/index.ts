/**
 * Scans and polls: the paged iteration every scan is, with its progress and credit estimate (`scan.ts`), the scans of a
 * kickoff window, of live events and of an event's price history, incremental polling, and their types (`types.ts`). The
 * paging itself (`pages.ts`) loads with a scan's first page.
 */
export { Scan, type CreditEstimate, type RequestCost, type ScanPage, type ScanProgress } from './scan';
export { CURSOR_TTL_MS, LiveScan, type LivePage, type LiveScanState, type PageFetcher } from './live-scan';
export {
  EventScan,
  type EventScanFetchers,
  type EventScanFilters,
  type EventScanPage,
  type EventScanSegment,
  type EventScanState,
} from './event-scan';
export { OddsHistory, type OddsHistoryFetcher, type OddsHistoryPage, type OddsHistoryState } from './odds-history';
export { Poll, type PollBatch, type PollDeps, type PollOptions } from './polling';
