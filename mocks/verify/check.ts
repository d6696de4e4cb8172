import { CannotCheck } from './cannot-check';
import type { Exchange } from './masked-exchange';
import type { RuleKey } from './rules';
import type { SendOptions } from './sender';
import type { Setup, SetupStep } from './setup';
import type { RequestTemplate, Values } from './template';
import type { FindingClass } from './types';

/** A check: its rule, its requests (written once for plan and run), and either `run` or judging every answer. */

/** The options that shape the plan. */
export interface PlanOptions {
  readonly allowMutations: boolean;
  readonly waitForCursorExpiry: boolean;
  /** Given with the options (else learned while running). */
  readonly requestsPerSecond: number | undefined;
  /** A data-only key was given. */
  readonly dataKey: boolean;
}

/** A problem a check found, before it becomes a finding. */
export interface Problem {
  readonly class: FindingClass;
  readonly message: string;
  readonly exchange?: Exchange | undefined;
  /** Sent this many times at once (a burst), for its curl. */
  readonly times?: number | undefined;
}

/** Where a check reports problems (`times`: the size of the burst its curl repeats). */
export interface Judge {
  /** The service does something else than the rule says. */
  breaking(message: string, exchange?: Exchange, times?: number): void;
  /** The service says more than the rule: a field or value the contract does not define. */
  additive(message: string, exchange?: Exchange, times?: number): void;
}

/** What a running check can do. */
export interface CheckContext extends Judge {
  readonly id: string;
  readonly requests: readonly RequestTemplate[];
  readonly options: PlanOptions;
  readonly setup: Setup;
  /** Paced, within the budget. */
  send(template: RequestTemplate, values?: Values, options?: SendOptions): Promise<Exchange>;
  /** Sets the key that `temporary` requests send (a key the run made); it is masked everywhere. */
  useTemporaryKey(key: string): void;
  readonly rate: number;
  /** Shared between checks of one run (what one check found for another). */
  readonly shared: Map<string, unknown>;
  sleep(ms: number): Promise<void>;
  progress(message: string): void;
}

/** One check. */
export interface CheckDef {
  readonly id: string;
  readonly rule: RuleKey;
  /** What it checks, in one line. */
  readonly title: string;
  /** Setup steps whose answers it reads. */
  readonly needs?: readonly SetupStep[];
  /** Checks that must run before it (planned with it). */
  readonly requires?: readonly string[] | ((options: PlanOptions) => readonly string[]);
  readonly requests?: readonly RequestTemplate[] | ((options: PlanOptions) => readonly RequestTemplate[]);
  /** Why it cannot be planned with these options, or undefined. */
  readonly unavailable?: (options: PlanOptions) => string | undefined;
  readonly run?: (ctx: CheckContext) => Promise<void>;
  /** Judges every answer of the run; returns how many it judged (none: could-not-check, never a pass). */
  readonly judge?: (exchanges: readonly Exchange[], judge: Judge) => number;
}

export const defineCheck = (check: CheckDef): CheckDef => check;

/** The answers a check can judge: an answer came, and it is not a `5xx` (never drift). */
export const judgeable = (exchange: Exchange): boolean => exchange.status !== null && exchange.status < 500;

/** The exchange if judgeable; else `CannotCheck` (no answer, `5xx`, or `429`: the account's window, not the rule). */
export function answered(exchange: Exchange): Exchange {
  if (exchange.status === null) throw new CannotCheck(`no answer: ${exchange.error ?? 'the request failed'}`, exchange);
  if (exchange.status >= 500) throw new CannotCheck(`the service answered ${exchange.status}`, exchange);
  if (exchange.status === 429) throw new CannotCheck(`the service answered 429 ${codeOf(exchange) ?? ''}`.trim(), exchange);
  return exchange;
}

/** The error code of an error answer, if its body is the envelope. */
export function codeOf(exchange: Exchange): string | undefined {
  const error = (exchange.json as { error?: { code?: unknown } } | undefined)?.error;
  return typeof error?.code === 'string' ? error.code : undefined;
}

/** The error message of an error answer, if its body is the envelope. */
export function messageOf(exchange: Exchange): string | undefined {
  const error = (exchange.json as { error?: { message?: unknown } } | undefined)?.error;
  return typeof error?.message === 'string' ? error.message : undefined;
}

/** The rows of an answer that is an array of objects, else undefined. */
export function rowsOf(exchange: Exchange): Record<string, unknown>[] | undefined {
  const json = exchange.json;
  return Array.isArray(json) && json.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))
    ? (json as Record<string, unknown>[])
    : undefined;
}

/**
 * The answer must be a refusal with this status and code; else a breaking problem (and false).
 *
 * @example
 * expectRefusal(ctx, exchange, 400, 'invalid_parameters');
 */
export function expectRefusal(judge: Judge, exchange: Exchange, status: number, code: string): boolean {
  answered(exchange);
  const got = codeOf(exchange);
  if (exchange.status === status && got === code) return true;
  judge.breaking(`expected ${status} ${code}, got ${exchange.status}${got === undefined ? '' : ` ${got}`}`, exchange);
  return false;
}

/** The answer must be a 2xx with a JSON body; else a breaking problem (and false). */
export function expectSuccess(judge: Judge, exchange: Exchange): boolean {
  answered(exchange);
  const status = exchange.status as number;
  if (status >= 200 && status < 300 && exchange.json !== undefined) return true;
  const code = codeOf(exchange);
  judge.breaking(`expected a success with a JSON body, got ${status}${code === undefined ? '' : ` ${code}`}`, exchange);
  return false;
}
