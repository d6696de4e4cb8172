/** The events a test adds (`mock.data.addEvent`): their spec checked and compiled, their lifecycle, rows, props and results. */
export { isAdded, type AddedEvent, type AddedProp } from './event';
export { addedEventRow, addedLastChangeAt, addedLiveState } from './lifecycle';
export { addedPropOdds, decodeAddedSpecialId } from './props';
export { AddedEvents, isAddedId } from './registry';
export { addedResults } from './results';
export { SpecError } from './spec-error';
export type { EventSpec, Instant, MarketSpec, PeriodResultSpec, PriceStep, PropContestantSpec, PropSpec, ScoreSpec } from './spec';
