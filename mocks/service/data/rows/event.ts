import { liveStatusAt, startsAt, versionAt, type Fixture } from '../events';
import { sourceFeedId } from './snapshots';
import type { EventRow } from './types';
import { isoSeconds } from '../../../../src/schemas/instant-text';

/** The event record (docs/service.md, "Events") of a fixture as it stands at `now`. */
export function eventRow(f: Fixture, now: number): EventRow {
  return {
    event_id: f.eventId,
    parent_id: f.parentId,
    starts: isoSeconds(startsAt(f, now)),
    runner_home: f.home,
    runner_away: f.away,
    live_status: liveStatusAt(f, now),
    opening_available: f.priced && now >= f.openAt,
    closing_available: f.priced && now >= f.starts,
    resulting_unit: f.child?.resultingUnit ?? f.sport.resultingUnit,
    version: versionAt(f, now),
    source_feed_id: sourceFeedId(f),
  };
}
