import type { DuelModel } from '../models';
import { normalCdf } from '../normal';
import { moneylineOnly, type Outcome } from '../outcome';

/**
 * The duel engine (matchups, fights, chess): the home side's performance edge is its strength
 * plus a standard normal that unfolds over the event as a Brownian path; the home side wins when
 * the edge ends above `drawBand`, the away side below `-drawBand`, and it is a draw in between.
 */

/** The outcome before the start: strength as (mean, news variance still to come). */
export function duelOutcome(model: DuelModel, strength: readonly [number, number]): Outcome {
  const sd = Math.sqrt(1 + strength[1]);
  return moneyline(model, strength[0], sd);
}

/** The outcome in play: a share `rest` of the event left, the path at `path` so far. */
export function duelLiveOutcome(model: DuelModel, strength: number, path: number, rest: number): Outcome {
  return moneyline(model, strength + path, Math.sqrt(Math.max(rest, 1e-6)));
}

const moneyline = (model: DuelModel, mean: number, sd: number): Outcome => {
  const home = 1 - normalCdf((model.drawBand - mean) / sd);
  const away = normalCdf((-model.drawBand - mean) / sd);
  return moneylineOnly(home, Math.max(0, 1 - home - away), away);
};

/** The winner of a duel (0 home, 1 away, 2 draw) from its final edge. */
export const duelWinner = (model: DuelModel, edge: number): 0 | 1 | 2 => (edge > model.drawBand ? 0 : edge < -model.drawBand ? 1 : 2);
