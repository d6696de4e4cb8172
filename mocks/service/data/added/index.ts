/** The events a test adds (`mock.data.addEvent`): their spec checked and compiled, and their source (lifecycle, rows, props and results). */
export type { AddedEvent, AddedProp } from './event';
export { decodeAddedSpecialId } from './props';
export { AddedEvents, isAddedId } from './registry';
export { addedSource } from './source';
export { SpecError } from './spec-error';
export type { EventSpec, Instant, MarketSpec, PeriodResultSpec, PriceStep, PropContestantSpec, PropSpec, ScoreSpec } from './spec';
