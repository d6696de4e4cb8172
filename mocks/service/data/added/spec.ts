import * as z from 'zod/mini';
import { KnownMarket } from '../../../../src/schemas';

/**
 * An instant of an added event: an RFC 3339 timestamp, or a minute of play, relative to the
 * kickoff (`-120` is two hours before it, `45` the 45th minute, fractions allowed).
 */
export type Instant = string | number;

/** One step of a line's price timeline: a price, a move, a suspension, or the line taken off. */
export interface PriceStep {
  /** When the step is recorded. */
  at: Instant;
  /** Decimal prices: `[home, away]` or `[home, draw, away]`; `[over, under]` for the totals families. Required on a line's first step; a step without keeps the previous prices. */
  odds?: number[] | undefined;
  /** The spread or total, from the home/over side (never for the moneyline). Required on the first step of the other markets; a new value moves the line. */
  line?: number | undefined;
  /** `open` (default), `suspended` (status 2) or `off_board` (status 3, still listed). */
  status?: 'open' | 'suspended' | 'off_board' | undefined;
  /** The line leaves the board from this step on (no row, no closing line), until a later step quotes it again. */
  removed?: true | undefined;
}

/** The price timeline of one line of a market and period. */
export interface MarketSpec {
  market: KnownMarket;
  /** The period (0, the default, is the full event); one the sport defines. */
  period?: number | undefined;
  /** An alternate line (default: the primary one; one primary line per market and period). */
  alternate?: boolean | undefined;
  /** `max_win` of its rows. Default 5,000. */
  max_win?: number | undefined;
  /** The steps, in time order: the first is the opening price, the last before the kickoff the closing one. */
  prices: PriceStep[];
}

/** A running score: from `at` on, the period's score is this (default 0-0 until the first). */
export interface ScoreSpec {
  at: Instant;
  /** Default 0, the full event. */
  period?: number | undefined;
  score_home: number;
  score_away: number;
}

/** A period's score as settled. */
export interface PeriodResultSpec {
  period: number;
  score_home: number;
  score_away: number;
  sets_home?: number | undefined;
  sets_away?: number | undefined;
}

/** One contestant of a prop and its prices. */
export interface PropContestantSpec {
  name: string;
  /** Default: its contestant line id. */
  contestant_id?: number | undefined;
  /** Price steps in time order, all before the prop's cutoff. */
  prices: { at: Instant; odds: number; handicap?: number | null | undefined }[];
}

/** A prop (special market) of the event. */
export interface PropSpec {
  name: string;
  /** Default `multi_way`. */
  bet_type?: 'multi_way' | 'over_under' | undefined;
  /** Default `Event props`. */
  category?: string | undefined;
  units?: string | null | undefined;
  /** Default 0. */
  period?: number | undefined;
  /** When the prop stops being offered. Default: the kickoff. */
  cutoff?: Instant | undefined;
  /** `max_win` of its price rows. Default 1,000. */
  max_win?: number | undefined;
  contestants: PropContestantSpec[];
}

/**
 * An event described by a test (`mock.data.addEvent(spec)`, `POST /__admin/events`): teams, sport,
 * league, kickoff, lifecycle and price timelines. Wire names, as in the service's rows. Give the
 * kickoff as `starts` or as `minute` (the minute of play on the mock's clock now).
 */
export interface EventSpec {
  /** An id from 1 to 9,999,999 (never a generated event's). Default: the next free one from 9,000,001. Adding an id again replaces its event. */
  event_id?: number | undefined;
  sport_id: number;
  /** Default: the sport's first league. */
  league_id?: number | undefined;
  runner_home: string;
  runner_away: string;
  /** Kickoff, RFC 3339. */
  starts?: string | undefined;
  /** Or: the minute of play the event is at on the mock's clock now (`-90` kicks off in 90 minutes, `30` is 30 minutes in). */
  minute?: number | undefined;
  /** End of play. Default: minute 120. At most 480 minutes after the kickoff. */
  ends?: Instant | undefined;
  /** When results are settled: default 15 minutes after the end; `null`, never (results stay pending). */
  settles?: Instant | null | undefined;
  /** Listed (in the events route) from. Default: 14 days before the kickoff. */
  listed_from?: Instant | undefined;
  /** Settles as cancelled with this reason (results status 3, no scores). */
  cancelled?: string | undefined;
  /** A re-settlement after the first one: the periods whose score changes (results status 2). */
  correction?: { at: Instant; result: PeriodResultSpec[] } | undefined;
  /** One entry per line: the primary and alternate lines of each market and period. */
  markets?: MarketSpec[] | undefined;
  /** Windows in which every line is suspended (status 2). */
  suspensions?: { from: Instant; to: Instant }[] | undefined;
  /** Running scores in play. */
  scores?: ScoreSpec[] | undefined;
  /** Settled scores per period. Default: the running score at the end of play. */
  result?: PeriodResultSpec[] | undefined;
  props?: PropSpec[] | undefined;
}

/** The most events a mock holds added at once, and the sizes one spec may have. */
export const ADDED_LIMITS = { events: 1_000, markets: 200, stepsPerLine: 2_000, props: 99, contestants: 99 } as const;

const text = z.string().check(z.minLength(1), z.maxLength(200));
const nonNegative = z.number().check(z.gte(0));
const period = z.int().check(z.gte(0), z.lte(255));
const instant = z.union([z.iso.datetime({ offset: true }), z.number()]);
const price = z.number().check(z.gt(1), z.lte(10_000));

const PriceStepSchema = z.strictObject({
  at: instant,
  odds: z.optional(z.array(price).check(z.minLength(2), z.maxLength(3))),
  line: z.optional(z.number()),
  status: z.optional(z.enum(['open', 'suspended', 'off_board'])),
  removed: z.optional(z.literal(true)),
});

const MarketSpecSchema = z.strictObject({
  market: KnownMarket,
  period: z.optional(period),
  alternate: z.optional(z.boolean()),
  max_win: z.optional(nonNegative),
  prices: z.array(PriceStepSchema).check(z.minLength(1), z.maxLength(ADDED_LIMITS.stepsPerLine)),
});

const ScoreSpecSchema = z.strictObject({ at: instant, period: z.optional(period), score_home: nonNegative, score_away: nonNegative });

const PeriodResultSchema = z.strictObject({
  period,
  score_home: nonNegative,
  score_away: nonNegative,
  sets_home: z.optional(z.int().check(z.gte(0))),
  sets_away: z.optional(z.int().check(z.gte(0))),
});

const PropSpecSchema = z.strictObject({
  name: text,
  bet_type: z.optional(z.enum(['multi_way', 'over_under'])),
  category: z.optional(text),
  units: z.optional(z.nullable(text)),
  period: z.optional(period),
  cutoff: z.optional(instant),
  max_win: z.optional(nonNegative),
  contestants: z
    .array(
      z.strictObject({
        name: text,
        contestant_id: z.optional(z.int().check(z.positive())),
        prices: z
          .array(z.strictObject({ at: instant, odds: price, handicap: z.optional(z.nullable(z.number())) }))
          .check(z.minLength(1), z.maxLength(ADDED_LIMITS.stepsPerLine)),
      }),
    )
    .check(z.minLength(1), z.maxLength(ADDED_LIMITS.contestants)),
});

/** The schema of an `EventSpec`: unknown fields are refused (a typo'd field name fails at once). */
export const EventSpecSchema = z.strictObject({
  event_id: z.optional(z.int().check(z.gte(1), z.lte(9_999_999))),
  sport_id: z.int().check(z.positive()),
  league_id: z.optional(z.int().check(z.positive())),
  runner_home: text,
  runner_away: text,
  starts: z.optional(z.iso.datetime({ offset: true })),
  minute: z.optional(z.number()),
  ends: z.optional(instant),
  settles: z.optional(z.nullable(instant)),
  listed_from: z.optional(instant),
  cancelled: z.optional(text),
  correction: z.optional(z.strictObject({ at: instant, result: z.array(PeriodResultSchema).check(z.minLength(1)) })),
  markets: z.optional(z.array(MarketSpecSchema).check(z.maxLength(ADDED_LIMITS.markets))),
  suspensions: z.optional(z.array(z.strictObject({ from: instant, to: instant })).check(z.maxLength(100))),
  scores: z.optional(z.array(ScoreSpecSchema).check(z.maxLength(10_000))),
  result: z.optional(z.array(PeriodResultSchema)),
  props: z.optional(z.array(PropSpecSchema).check(z.maxLength(ADDED_LIMITS.props))),
});

/** The schema's output is exactly the documented interface (checked at compile time). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.output<typeof EventSpecSchema>, EventSpec> = true;
void sameShape;
