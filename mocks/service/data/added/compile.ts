import * as z from 'zod/mini';
import { issueText, valueAt } from '../../../../src/schemas/issue-words';
import { pathText } from '../../../../src/schemas/schema-problem';
import { CLOCK_MAX_MS, CLOCK_MIN_MS } from '../../clock';
import { MAX_EVENT_LENGTH } from '../events';
import { leagueById, leaguesOfSport, sportById, type LeagueDef, type SportDef } from '../catalog';
import { lineMarks, sourceFeedId, type LineMarks } from '../rows';
import { removeMargin, type Quote } from '../pricing';
import { DAY, MINUTE, toSecond } from '../shared';
import type { AddedEvent, AddedProp, PeriodScore, ScoreMark } from './event';
import { addedSpecialIdOf, propHistory, type PropStep } from './props';
import { type EventSpec, EventSpecSchema, type Instant, type PeriodResultSpec } from './spec';
import { SpecError } from './spec-error';
import { buildAddedTimeline, type Track } from './timeline';
import { isoSeconds } from '../../../../src/schemas/instant-text';

/** Defaults of an added event's lifecycle and rows. */
const DEFAULT_END_MINUTE = 120;
const DEFAULT_SETTLE_AFTER = 15 * MINUTE;
const DEFAULT_LISTED_BEFORE = 14 * DAY;
const DEFAULT_MAX_WIN = 5_000;
const DEFAULT_PROP_MAX_WIN = 1_000;
/** alt_line_id = line_id * 10 + a digit: at most nine alternates per period. */
const MAX_ALTERNATES = 9;

/**
 * Parses an event spec: unknown fields, missing ones and wrong types are refused with the path and
 * what was expected (a `SpecError`).
 */
export function parseEventSpec(input: unknown): EventSpec {
  const parsed = z.safeParse(EventSpecSchema, input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue === undefined) throw new SpecError('', 'invalid');
  throw new SpecError(pathText(issue.path), issueText(issue, valueAt(input, issue.path)));
}

/** What compiling needs besides the spec. */
export interface CompileContext {
  /** The event's id (already chosen by the registry). */
  readonly eventId: number;
  readonly revision: number;
  /** The mock's clock when the event is added (what `minute` counts from). */
  readonly now: number;
}

/** Reads the instants of a spec once the kickoff is known. */
class Instants {
  constructor(readonly starts: number) {}

  /** An instant in ms, whole seconds: an RFC 3339 timestamp, or a minute of play from the kickoff. */
  at(value: Instant, path: string): number {
    const ms = toSecond(typeof value === 'string' ? Date.parse(value) : this.starts + value * MINUTE);
    if (!(ms >= CLOCK_MIN_MS && ms <= CLOCK_MAX_MS)) throw new SpecError(path, 'outside the instants the mock can show (1970 to 9998)');
    return ms;
  }
}

function sportOf(spec: EventSpec): { sport: SportDef; league: LeagueDef } {
  const sport = sportById(spec.sport_id);
  if (sport === undefined) throw new SpecError('sport_id', `the catalog has no sport ${spec.sport_id}`);
  if (spec.league_id === undefined) return { sport, league: leaguesOfSport(sport.sportId)[0] as LeagueDef };
  const league = leagueById(spec.league_id);
  if (league?.sport.sportId !== sport.sportId)
    throw new SpecError('league_id', `league ${spec.league_id} is not a league of sport ${sport.sportId} (${sport.name})`);
  return { sport, league };
}

function kickoff(spec: EventSpec, now: number): number {
  if ((spec.starts === undefined) === (spec.minute === undefined)) {
    throw new SpecError(
      'starts',
      'give the kickoff as starts (RFC 3339) or as minute (the minute of play on the mock clock now), exactly one of them',
    );
  }
  return toSecond(spec.starts !== undefined ? Date.parse(spec.starts) : now - spec.minute! * MINUTE);
}

/** Checks that a period is one the sport defines. */
function periodOf(sport: SportDef, period: number, path: string): number {
  if (!sport.format.periods.some((p) => p.period === period)) {
    throw new SpecError(
      path,
      `${sport.name} has no period ${period}: its periods are ${sport.format.periods.map((p) => p.period).join(', ')}`,
    );
  }
  return period;
}

/** The lines of the spec as timelines of quotes, checked: time order, lines, prices, one primary per market. */
function tracksOf(spec: EventSpec, sport: SportDef, at: Instants, window: { listedAt: number; endAt: number }): Track[] {
  const primaries = new Map<string, number>();
  const alternates = new Map<number, number>();
  return (spec.markets ?? []).map((m, index): Track => {
    const path = `markets[${index}]`;
    const period = periodOf(sport, m.period ?? 0, `${path}.period`);
    let altIndex = 0;
    if (m.alternate === true) {
      altIndex = (alternates.get(period) ?? 0) + 1;
      if (altIndex > MAX_ALTERNATES)
        throw new SpecError(
          `${path}.alternate`,
          `at most ${MAX_ALTERNATES} alternate lines per period (alt_line_id numbers them with one digit)`,
        );
      alternates.set(period, altIndex);
    } else {
      const first = primaries.get(`${period}|${m.market}`);
      if (first !== undefined)
        throw new SpecError(
          `${path}.alternate`,
          `markets[${first}] is already the primary ${m.market} line of period ${period}: mark this one alternate: true`,
        );
      primaries.set(`${period}|${m.market}`, index);
    }
    let odds: readonly number[] | undefined;
    let line: number | null | undefined = m.market === 'moneyline' ? null : undefined;
    let last = -Infinity;
    const steps = m.prices.map((s, j) => {
      const sp = `${path}.prices[${j}]`;
      const t = at.at(s.at, `${sp}.at`);
      if (t <= last) throw new SpecError(`${sp}.at`, 'the steps of a line must be in strictly increasing time order');
      if (t < window.listedAt) throw new SpecError(`${sp}.at`, `before the event is listed (${isoSeconds(window.listedAt)})`);
      if (t >= window.endAt)
        throw new SpecError(`${sp}.at`, `at or after the end of play (${isoSeconds(window.endAt)}): lines are quoted before the end`);
      last = t;
      if (s.removed === true) {
        if (s.odds !== undefined || s.line !== undefined || s.status !== undefined)
          throw new SpecError(sp, 'a removed step takes no odds, line or status');
        return { t, quote: null };
      }
      if (s.odds !== undefined) {
        if (odds !== undefined && s.odds.length !== odds.length)
          throw new SpecError(`${sp}.odds`, `${s.odds.length} prices, but the line's earlier steps have ${odds.length}`);
        odds = s.odds;
      } else if (odds === undefined) {
        throw new SpecError(`${sp}.odds`, "the line's first step needs its prices");
      }
      if (m.market === 'moneyline') {
        if (s.line !== undefined) throw new SpecError(`${sp}.line`, 'the moneyline has no line');
      } else if (s.line !== undefined) {
        line = s.line;
      } else if (line === undefined) {
        throw new SpecError(`${sp}.line`, `the first step of a ${m.market} line needs its line (from the home/over side)`);
      }
      const quote: Quote = {
        market: m.market,
        alt: altIndex,
        ...(altIndex === 0 ? {} : { altIndex }),
        line: line ?? null,
        odds,
        fair: removeMargin(odds),
        status: s.status === 'suspended' ? 2 : s.status === 'off_board' ? 3 : 1,
        maxWin: m.max_win ?? DEFAULT_MAX_WIN,
      };
      return { t, quote };
    });
    return { index, period, steps };
  });
}

/** Running scores per period, in time order, each in play. */
function scoresOf(spec: EventSpec, sport: SportDef, at: Instants, endAt: number): Map<number, ScoreMark[]> {
  const byPeriod = new Map<number, ScoreMark[]>();
  (spec.scores ?? []).forEach((s, j) => {
    const path = `scores[${j}]`;
    const period = periodOf(sport, s.period ?? 0, `${path}.period`);
    const t = at.at(s.at, `${path}.at`);
    if (t < at.starts || t > endAt)
      throw new SpecError(`${path}.at`, `a running score is entered in play, from ${isoSeconds(at.starts)} to ${isoSeconds(endAt)}`);
    const marks = byPeriod.get(period) ?? [];
    if (marks.some((m) => m.t === t)) throw new SpecError(`${path}.at`, `two scores of period ${period} at the same instant`);
    marks.push({ t, home: s.score_home, away: s.score_away });
    byPeriod.set(period, marks);
  });
  for (const marks of byPeriod.values()) marks.sort((a, b) => a.t - b.t);
  return byPeriod;
}

function resultOf(results: readonly PeriodResultSpec[], sport: SportDef, path: string): Map<number, PeriodScore> {
  const byPeriod = new Map<number, PeriodScore>();
  results.forEach((r, j) => {
    const period = periodOf(sport, r.period, `${path}[${j}].period`);
    if (byPeriod.has(period)) throw new SpecError(`${path}[${j}].period`, `period ${period} is given twice`);
    byPeriod.set(period, { home: r.score_home, away: r.score_away, setsHome: r.sets_home ?? null, setsAway: r.sets_away ?? null });
  });
  return byPeriod;
}

function propsOf(
  spec: EventSpec,
  base: { eventId: number; period: (p: number, path: string) => number; feed: number },
  at: Instants,
  listedAt: number,
): AddedProp[] {
  return (spec.props ?? []).map((p, index): AddedProp => {
    const path = `props[${index}]`;
    const specialId = addedSpecialIdOf(base.eventId, index + 1);
    const cutoff = at.at(p.cutoff ?? 0, `${path}.cutoff`);
    const betType = p.bet_type ?? 'multi_way';
    if (betType === 'over_under' && p.contestants.length !== 2)
      throw new SpecError(`${path}.contestants`, 'an over_under prop has exactly two contestants (over, under)');
    const steps: PropStep[] = [];
    p.contestants.forEach((c, ci) => {
      let last = -Infinity;
      c.prices.forEach((s, j) => {
        const sp = `${path}.contestants[${ci}].prices[${j}]`;
        const t = at.at(s.at, `${sp}.at`);
        if (t <= last) throw new SpecError(`${sp}.at`, 'the prices of a contestant must be in strictly increasing time order');
        if (t < listedAt || t >= cutoff)
          throw new SpecError(`${sp}.at`, `a prop is priced while listed and before its cutoff (${isoSeconds(cutoff)})`);
        last = t;
        steps.push({ t, c: ci, odds: s.odds, handicap: s.handicap ?? null });
      });
    });
    return {
      origin: 'added',
      specialId,
      name: p.name,
      betType,
      category: p.category ?? 'Event props',
      units: p.units ?? null,
      eventId: base.eventId,
      period: base.period(p.period ?? 0, `${path}.period`),
      runnerHome: spec.runner_home,
      runnerAway: spec.runner_away,
      cutoff,
      openAt: steps.reduce((min, s) => Math.min(min, s.t), Infinity),
      feed: base.feed,
      contestants: p.contestants.map((c, ci) => ({ id: c.contestant_id ?? specialId * 100 + ci + 1, name: c.name })),
      history: propHistory(specialId, p.contestants.length, steps, p.max_win ?? DEFAULT_PROP_MAX_WIN, base.feed),
    };
  });
}

/** Builds an added event from its parsed spec at `now`, checking lifecycle order and timelines; a `SpecError` names the path. */
export function compileEvent(spec: EventSpec, ctx: CompileContext): AddedEvent {
  const { sport, league } = sportOf(spec);
  const starts = kickoff(spec, ctx.now);
  const at = new Instants(starts);
  // The kickoff itself must be an instant the clock can show (minute 0 of play).
  at.at(0, spec.starts === undefined ? 'minute' : 'starts');
  const endAt = at.at(spec.ends ?? DEFAULT_END_MINUTE, 'ends');
  if (endAt <= starts || endAt - starts > MAX_EVENT_LENGTH) {
    throw new SpecError('ends', `play ends after the kickoff, within ${MAX_EVENT_LENGTH / MINUTE} minutes of it`);
  }
  const settledAt =
    spec.settles === null ? Infinity : spec.settles === undefined ? endAt + DEFAULT_SETTLE_AFTER : at.at(spec.settles, 'settles');
  if (settledAt < endAt) throw new SpecError('settles', `results settle at or after the end of play (${isoSeconds(endAt)})`);
  const listedAt = spec.listed_from === undefined ? starts - DEFAULT_LISTED_BEFORE : at.at(spec.listed_from, 'listed_from');
  if (listedAt > starts) throw new SpecError('listed_from', 'an event is listed before its kickoff');
  let correctedAt: number | null = null;
  if (spec.correction !== undefined) {
    correctedAt = at.at(spec.correction.at, 'correction.at');
    if (!(correctedAt > settledAt))
      throw new SpecError('correction.at', 'a correction comes after the first settlement (and settles must not be null)');
    if (spec.cancelled !== undefined) throw new SpecError('correction', 'a cancelled event is not re-settled');
  }
  if (spec.cancelled !== undefined && settledAt === Infinity)
    throw new SpecError('cancelled', 'a cancelled event settles as cancelled: settles must not be null');

  const period = (p: number, path: string) => periodOf(sport, p, path);
  const tracks = tracksOf(spec, sport, at, { listedAt, endAt });
  const suspensions = (spec.suspensions ?? []).map((w, j): [number, number] => {
    const from = at.at(w.from, `suspensions[${j}].from`);
    const to = at.at(w.to, `suspensions[${j}].to`);
    if (to <= from) throw new SpecError(`suspensions[${j}].to`, 'a suspension ends after it starts');
    return [from, to];
  });
  const scores = scoresOf(spec, sport, at, endAt);
  const result = resultOf(spec.result ?? [], sport, 'result');
  const correction = resultOf(spec.correction?.result ?? [], sport, 'correction.result');
  const resultPeriods = [...new Set([0, ...result.keys(), ...scores.keys(), ...correction.keys()])].sort((a, b) => a - b);
  const feed = sourceFeedId({ league });
  const base = {
    eventId: ctx.eventId,
    parentId: null,
    league,
    sport,
    home: spec.runner_home,
    away: spec.runner_away,
    starts,
    endAt,
    settledAt,
    correctedAt,
  };
  const timeline = buildAddedTimeline({ event: base, tracks, suspensions, scores });
  let marks: LineMarks | undefined;
  return {
    ...base,
    origin: 'added',
    revision: ctx.revision,
    listedAt,
    openAt: timeline.count > 0 ? (timeline.t[0] as number) : null,
    hasPrematch: timeline.count > 0 && timeline.live[0] === 0,
    cancelled: spec.cancelled ?? null,
    timeline,
    marks: () => (marks ??= lineMarks(timeline)),
    resultPeriods,
    scores,
    result,
    correction,
    props: propsOf(spec, { eventId: ctx.eventId, period, feed }, at, listedAt),
  };
}
