import type { EventSource } from '../source';
import type { AddedEvent, AddedProp } from './event';
import { addedEventRow, addedLastChangeAt, addedLiveState } from './lifecycle';
import { addedPropOdds } from './props';
import { addedResults } from './results';

/** The source of added events: compiled once from their spec, so nothing here is cached beyond what the event holds. */
export const addedSource: EventSource<AddedEvent, AddedProp> = {
  startsAt: (e) => e.starts,
  row: addedEventRow,
  lastChangeAt: addedLastChangeAt,
  liveState: addedLiveState,
  timeline: (e) => e.timeline,
  marks: (e) => e.marks(),
  results: addedResults,
  children: () => [],
  specials: (e) => e.props,
  specialOdds: addedPropOdds,
};
