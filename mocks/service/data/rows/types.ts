import type {
  ClosingLine,
  Event,
  League,
  OddsSnapshot,
  OpeningLine,
  Outright,
  PeriodDefinition,
  Result,
  SpecialMarket,
  SpecialOddsSnapshot,
  Sport,
} from '../../../../src/schemas';

/**
 * A row as the source sends it: every schema field present (null where not available), plus a
 * source-only field the service strips (docs/service.md, "Overview": unknown source fields are removed).
 */
type Raw<T> = { [K in keyof T]-?: Exclude<T[K], undefined> } & { source_feed_id: number };

export type SportRow = Raw<Sport>;
export type LeagueRow = Raw<League>;
/** The deprecated team-totals labels are absent (not null) where the source does not send them. */
export type PeriodRow = Omit<Raw<PeriodDefinition>, 'team_totals_description' | 'team_totals_short_description'> &
  Partial<Pick<Raw<PeriodDefinition>, 'team_totals_description' | 'team_totals_short_description'>>;
export type EventRow = Raw<Event>;
export type OddsRow = Raw<OddsSnapshot>;
export type OpeningRow = Raw<OpeningLine>;
export type ClosingRow = Raw<ClosingLine>;
export type ResultRow = Raw<Result>;
export type SpecialRow = Raw<SpecialMarket>;
export type OutrightRow = Raw<Outright>;
export type SpecialOddsRow = Raw<SpecialOddsSnapshot>;
