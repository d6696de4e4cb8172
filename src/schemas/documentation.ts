import * as z from 'zod/mini';
import { CLV_DEFAULTS, ClvQuery } from './analytics';
import { League, Sport } from './catalog';
import { ErrorCode, ERROR_CODES } from './errors';
import { Event, LiveStatus } from './events';
import { ClosingLine, OddsSnapshot, PriceStatus, ResultStatus } from './prices';
import { Market, MARKETS, timestamp } from './primitives';
import { SpecialMarket, SpecialOddsSnapshot } from './props';
import { DAYS_DEFAULT, LIMIT_DEFAULT, qBool, qDays, qLimit } from './query';
import { Result } from './results';

/**
 * What docs/openapi.json says beyond what the SDK validates: defaults, the closed code lists of
 * docs/service.md ("Numeric codes and identifiers"), formats and bounds. The SDK stays lenient where
 * the service may grow; the document states the contract. Not in the SDK's bundle.
 */
export interface SchemaNote {
  default?: number;
  enum?: readonly (string | number)[];
  format?: 'date-time';
  minimum?: number;
}

/** Notes by schema: where a schema is a nullable row field, the note applies to its value. */
export const schemaNotes = z.registry<SchemaNote>();

const codes = (table: Readonly<Record<string, number>>): SchemaNote => ({ enum: Object.values(table) });
const positive: SchemaNote = { minimum: 1 };
const nonNegative: SchemaNote = { minimum: 0 };

/** Notes on the fields of a row schema, by field name. */
function noteFields<S extends Record<string, z.core.SomeType>>(shape: S, notes: { [K in keyof S]?: SchemaNote }): void {
  for (const [name, note] of Object.entries(notes)) if (note) schemaNotes.add(shape[name] as z.core.$ZodType, note);
}

schemaNotes.add(qLimit, { default: LIMIT_DEFAULT });
schemaNotes.add(qDays, { default: DAYS_DEFAULT });
// Booleans default to 0 on the wire (docs/service.md, "Parameter formats").
schemaNotes.add(qBool, { default: 0 });
noteFields(ClvQuery.shape, { period: { default: CLV_DEFAULTS.period }, stake: { default: CLV_DEFAULTS.stake } });

schemaNotes.add(timestamp, { format: 'date-time' });
schemaNotes.add(Market, { enum: MARKETS });
schemaNotes.add(ErrorCode, { enum: Object.keys(ERROR_CODES) });

noteFields(Sport.shape, { sport_id: positive });
noteFields(League.shape, { league_id: positive });
noteFields(Event.shape, { event_id: positive, parent_id: positive, live_status: codes(LiveStatus) });
// The three price rows share these fields.
noteFields(OddsSnapshot.shape, {
  event_id: positive,
  period: nonNegative,
  status: codes(PriceStatus),
  red_cards_home: nonNegative,
  red_cards_away: nonNegative,
});
noteFields(ClosingLine.shape, { result_status: codes(ResultStatus) });
noteFields(Result.shape, { period: nonNegative, status: codes(ResultStatus) });
// Props and outrights share these fields.
noteFields(SpecialMarket.shape, { special_id: positive, contestant_id: positive, event_id: positive, period: nonNegative });
noteFields(SpecialOddsSnapshot.shape, { special_id: positive, contestant_line_id: positive });
