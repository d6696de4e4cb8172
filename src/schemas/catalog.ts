import * as z from 'zod/mini';
import { field, int64 } from './primitives';
import { qPositiveInt, query } from './query';

/** A sport of `/v1/catalog/sports` (docs/service.md, "Data routes"). */
export const Sport = z.object({
  sport_id: field(int64),
  name: field(z.string()),
  has_history: field(z.boolean()),
  has_live: field(z.boolean()),
  has_props: field(z.boolean()),
  has_outrights: field(z.boolean()),
});
export interface Sport extends z.infer<typeof Sport> {}

/** A league of `/v1/catalog/leagues` (docs/service.md, "Data routes"). */
export const League = z.object({
  league_id: field(int64),
  league_name: field(z.string()),
  country_code: field(z.string()),
  /** Higher-level competition or regional grouping. */
  container: field(z.string()),
});
export interface League extends z.infer<typeof League> {}

const label = field(z.string());

/** Period labels of a sport (docs/service.md, "Data routes"). The deprecated `team_totals_*` labels are never synthesized. */
export const PeriodDefinition = z.object({
  period: field(int64),
  description: label,
  short_description: label,
  moneyline_description: label,
  moneyline_short_description: label,
  spread_description: label,
  spread_short_description: label,
  totals_description: label,
  totals_short_description: label,
  home_totals_description: label,
  home_totals_short_description: label,
  away_totals_description: label,
  away_totals_short_description: label,
  /** @deprecated Use `home_totals_description` / `away_totals_description`. */
  team_totals_description: label,
  /** @deprecated Use `home_totals_short_description` / `away_totals_short_description`. */
  team_totals_short_description: label,
});
export interface PeriodDefinition extends z.infer<typeof PeriodDefinition> {}

/** `sport_id` is required by the leagues and periods catalogs (docs/service.md, "Parameter formats"). */
export const SportQuery = query({ sport_id: qPositiveInt });
export type SportQuery = z.output<typeof SportQuery>;
