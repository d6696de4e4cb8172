import { countOutcome, duelLiveOutcome, duelOutcome, normalOutcome, RACE_START, raceOutcome, unplayed, type Outcome } from '../pricing';
import { type Fixture, matchOf } from './fixtures';
import { duelStateAt, periodStateAt, type Play, raceStateAt } from './play';

/** A generated event's period outcome, pre-match or in play: the one place handing model and state to its engine. */

/** The regulation share and segment count of a period of a timed event. */
function periodShare(f: Fixture, period: number): [share: number, segments: number] {
  const segments = f.sport.format.periods.find((p) => p.period === period)?.segments ?? [];
  const { shares } = matchOf(f);
  return [segments.reduce((s, i) => s + (shares[i] ?? 0), 0), segments.length];
}

/** Before kickoff, after k news items: the strength and pace so far, the news to come integrated. */
export function prematchOutcome(f: Fixture, period: number, k: number): Outcome {
  const match = matchOf(f);
  const { model } = match;
  const news = match.news();
  const strength = [news.strength[k] as number, news.restStrength[k] as number] as const;
  const pace = [news.pace[k] as number, news.restPace[k] as number] as const;
  switch (model.engine) {
    case 'count':
    case 'normal': {
      const [share, segments] = periodShare(f, period);
      const state = unplayed(share, segments, period === 0 && !model.draws && model.overtime !== null);
      return model.engine === 'count' ? countOutcome(model, strength, pace, state) : normalOutcome(model, strength, pace, state);
    }
    case 'race':
      return raceOutcome(model, strength, pace, period, RACE_START);
    case 'duel':
      return duelOutcome(model, strength);
  }
}

/** In play at t: the close's strength and pace (every news item in), the play so far. */
export function liveOutcome(f: Fixture, play: Play, period: number, t: number): Outcome {
  const match = matchOf(f);
  const { model } = match;
  const strength = [match.close[0], 0] as const;
  const pace = [match.close[1], 0] as const;
  switch (model.engine) {
    case 'count':
      return countOutcome(model, strength, pace, periodStateAt(f, play, period, t));
    case 'normal':
      return normalOutcome(model, strength, pace, periodStateAt(f, play, period, t));
    case 'race':
      return raceOutcome(model, strength, pace, period, raceStateAt(f, play, t));
    case 'duel': {
      const { rest, path } = duelStateAt(f, play, t);
      return duelLiveOutcome(model, strength[0], path, rest);
    }
  }
}
