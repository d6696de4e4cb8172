import {
  AbortError,
  APIError,
  BudgetExceededError,
  InvalidParametersError,
  NotFoundError,
  SportsOddsError,
  type ParameterIssue,
} from '../core/errors';
import type { RequestOptions, WithMeta } from '../core/types';
import { encodeParams } from '../core/validation/zod-encode';
import { closingLineValue, type ClvBet } from '../domain/clv';
import { decodeParams } from '../core/validation/zod-decode';
import type { ClosingLine } from '../schemas/prices';
import { dataRoutes } from '../schemas/data-routes';
import type { ClvBatchBet, ClvBatchResult, ClvBook } from './clv-batch';

/** What the run calls: one event's closing lines. */
export type ClosingLinesOf = (eventId: number, options: RequestOptions) => PromiseLike<WithMeta<ClosingLine[]>>;

const clvQuery = dataRoutes['analytics.clv'].query;

/**
 * Each bet checked as the CLV route's query is, before anything is sent (a refusal names every bad bet by its index), and
 * read back as the route would read it: its numbers as sent on the wire, so the values agree with the route's bit for bit.
 */
async function betsAsReceived(bets: unknown): Promise<ClvBet[]> {
  if (!Array.isArray(bets)) {
    throw new SportsOddsError(
      `clvMany() takes an array of bets (the queries of analytics.clv); got ${bets === null ? 'null' : typeof bets}`,
    );
  }
  const received: ClvBet[] = [];
  const issues: ParameterIssue[] = [];
  for (const [index, bet] of bets.entries()) {
    try {
      received.push(decodeParams<ClvBet>(clvQuery, await encodeParams(clvQuery, bet)));
    } catch (error) {
      if (!(error instanceof InvalidParametersError)) throw error;
      issues.push(...error.issues.map((issue) => ({ ...issue, path: `bets[${index}]${issue.path ? `.${issue.path}` : ''}` })));
    }
  }
  // Every bad bet named at once, so that a caller can set them aside and send the rest.
  if (issues.length > 0) throw InvalidParametersError.local(issues);
  return received;
}

/** Thrown as is: refused before sending (budget), or stopped by the caller. */
const throwsThrough = (error: unknown): boolean => error instanceof BudgetExceededError || error instanceof AbortError;

/**
 * The batch: the bets checked, then one closing-lines request per distinct event in the order they first appear
 * (one at a time, so the budget sees one envelope at a time and pacing spaces them), each bet's value computed
 * from its event's rows by the CLV route's computation.
 */
export async function runClvBatch(bets: readonly ClvBatchBet[], closingLinesOf: ClosingLinesOf, options: RequestOptions): Promise<ClvBook> {
  const received = await betsAsReceived(bets);
  // The bets of each event, by their index, in the order the events first appear.
  const byEvent = new Map<number, number[]>();
  for (const [index, bet] of received.entries()) byEvent.set(bet.event_id, [...(byEvent.get(bet.event_id) ?? []), index]);
  const outcomes: ClvBatchResult[] = [];
  let credits = 0;
  for (const [eventId, indexes] of byEvent) {
    let rows: ClosingLine[];
    try {
      const answer = await closingLinesOf(eventId, options);
      credits += answer.meta.reuse === undefined ? (answer.meta.credits.cost ?? 0) : 0;
      rows = answer.data;
    } catch (error) {
      if (throwsThrough(error) || !(error instanceof SportsOddsError)) throw error;
      if (error instanceof APIError) credits += error.meta.credits.cost ?? 0;
      for (const index of indexes) {
        const bet = bets[index] as ClvBatchBet;
        outcomes[index] =
          error instanceof NotFoundError ? { status: 'no_event', bet, message: error.serviceMessage } : { status: 'failed', bet, error };
      }
      continue;
    }
    for (const index of indexes) {
      const bet = bets[index] as ClvBatchBet;
      const match = closingLineValue(received[index] as ClvBet, rows);
      outcomes[index] =
        match.kind === 'value' ? { status: 'ok', bet, value: match.value } : { status: 'no_closing_line', bet, message: match.message };
    }
  }
  return { results: outcomes, meta: { bets: bets.length, events: byEvent.size, requests: byEvent.size, credits } };
}
