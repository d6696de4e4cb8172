/**
 * Scoring models: the mean and spread of the score of one event, which drive both the simulated
 * results and the fair probabilities the prices are quoted from.
 */
export interface ScoringModel {
  /** Mean units (goals, points, games) one side scores over the full event. */
  readonly perSide: number;
  /** Standard deviation of the final margin (home minus away). */
  readonly sdMargin: number;
  /** Standard deviation of the final total. */
  readonly sdTotal: number;
  /** Expected margin in favour of the home side. */
  readonly homeEdge: number;
  /** Standard deviation of the strength gap between two sides, in units of margin. */
  readonly strengthSpread: number;
  /** Whether a draw is a priced outcome of the moneyline (`odds0`). */
  readonly draws: boolean;
  /** Step between the main spread line and its alternates. */
  readonly altSpread: number;
  /** Step between the main total line and its alternates. */
  readonly altTotal: number;
  /** Scores are few and discrete (drawn as Poisson counts rather than a normal). */
  readonly lowScoring: boolean;
}

/** A low-scoring sport (goals): Poisson scores, margin and total spreads from the mean. */
export const goals = (perSide: number, draws = true, homeEdgeShare = 0.14): ScoringModel => {
  const sd = Math.sqrt(2 * perSide);
  return {
    perSide,
    sdMargin: sd * 1.05,
    sdTotal: sd * 1.15,
    homeEdge: perSide * homeEdgeShare,
    strengthSpread: sd * 0.45,
    draws,
    altSpread: 1,
    altTotal: 1,
    lowScoring: perSide < 8,
  };
};

/** A high-scoring sport (points) with explicit spreads and alternate steps. */
export const points = (
  perSide: number,
  sdMargin: number,
  sdTotal: number,
  options: { draws?: boolean; alt?: number; homeEdge?: number } = {},
): ScoringModel => ({
  perSide,
  sdMargin,
  sdTotal,
  homeEdge: options.homeEdge ?? sdMargin * 0.2,
  strengthSpread: sdMargin * 0.5,
  draws: options.draws ?? false,
  altSpread: options.alt ?? Math.max(1, Math.round(sdMargin / 6)),
  altTotal: options.alt ?? Math.max(1, Math.round(sdTotal / 6)),
  lowScoring: perSide < 8,
});
