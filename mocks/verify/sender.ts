import { type Admission, BudgetExceededError, type Coordinator, memoryCoordinator } from '../../src';
import { LOWEST_PLAN_RPS, parseCreditHeaders } from '../../src/schemas';
import { exchangeOf, MALFORMED_KEY, masker, type Exchange } from './masked-exchange';
import { networkError } from './preflight';
import { fill, plannedOf, queryOf, targetOf, worstCaseOf, type RequestTemplate, type Values } from './template';
import type { KeyRole } from './types';

/** The run reached its budget: the next request could take it past `maxCredits`. Nothing was sent. */
export class BudgetStop extends Error {
  override name = 'BudgetStop';
}

/** How a send is made. */
export interface SendOptions {
  /** Sent in a burst, outside the pacing (the rate-limit check). */
  readonly burst?: boolean;
}

/** What the sender needs. */
export interface SenderInit {
  readonly baseUrl: string;
  readonly maxCredits: number;
  readonly timeout: number;
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** The clock the pacing reads (ms since the epoch). */
  readonly now: () => number;
  /** The pacing's waits. */
  readonly sleep: (ms: number) => Promise<void>;
}

/**
 * Sends the plan's requests through the SDK's coordinator (worst case reserved within `maxCredits`, paced)
 * and records them masked. A request off the plan, or over its worst case, is a check's bug and throws.
 */
export class Sender {
  readonly exchanges: Exchange[] = [];
  /** The keys by role; checks set `data` and `temporary` when they make one. */
  readonly keys: Partial<Record<KeyRole, string>> = {};
  rate: number = LOWEST_PLAN_RPS;
  readonly #secrets = new Set<string>();
  readonly #mask = masker(this.#secrets);
  readonly #coordinator: Coordinator;
  readonly #sends = new Map<RequestTemplate, number>();

  constructor(private readonly init: SenderInit) {
    this.#coordinator = memoryCoordinator({ now: init.now, sleep: init.sleep });
  }

  /** Masks this exact secret in everything recorded from now on. */
  addSecret(secret: string): void {
    this.#secrets.add(secret);
  }

  /** Masks text as every exchange is. */
  mask(text: string): string {
    return this.#mask(text);
  }

  /** Credits the service charged so far (the sum of `X-Credits-Cost`). */
  get spent(): number {
    return this.#coordinator.credits().spent;
  }

  /** Sends one request of the plan as `check`; rejects with `BudgetStop` when it cannot fit the budget. */
  async send(check: string, template: RequestTemplate, values: Values = {}, options: SendOptions = {}): Promise<Exchange> {
    const pairs = queryOf(template, values);
    const planned = plannedOf(template);
    const worstCase = worstCaseOf(template.route, template.key, pairs);
    const sends = (this.#sends.get(template) ?? 0) + 1;
    if (worstCase > planned.worstCase || sends > planned.times) {
      throw new Error(
        `verify: ${check} sends ${template.method} ${template.path} beyond its plan (worst case ${worstCase} > ${planned.worstCase}, or send ${sends} > ${planned.times})`,
      );
    }
    this.#sends.set(template, sends);
    const target = targetOf(template, values);
    if (target.includes('{')) throw new Error(`verify: ${check} left a placeholder in ${target}`);
    const url = `${this.init.baseUrl}${target}`;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(template.headers ?? {})) headers[name] = fill(value, values);
    const body = template.body === undefined ? undefined : JSON.stringify(template.body);
    let admission: Admission;
    try {
      admission = await this.#coordinator.admit({
        envelope: worstCase > 0 ? worstCase : undefined,
        budget: { maxCredits: this.init.maxCredits },
        serviceNow: this.init.now,
        rate: options.burst === true ? undefined : () => this.rate,
      });
    } catch (error) {
      if (error instanceof BudgetExceededError)
        throw new BudgetStop(error.message.replace('the call', `${template.method} ${template.path}`));
      throw error;
    }
    const base = {
      check,
      template,
      method: template.method,
      url: this.#mask(url),
      query: pairs,
      key: template.key,
      body: body === undefined ? undefined : this.#mask(body),
      headers: Object.fromEntries(Object.entries(headers).map(([n, v]) => [n, this.#mask(v)])),
      concurrent: options.burst === true,
    };
    let exchange: Exchange;
    try {
      const response = await this.init.fetch(url, {
        method: template.method,
        headers: {
          accept: 'application/json',
          ...this.#authorization(template.key),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(this.init.timeout),
      });
      const text = await response.text();
      exchange = exchangeOf(base, { status: response.status, headers: response.headers, text }, this.#mask);
      await this.#coordinator.settle(
        admission,
        { cost: exchange.meta.credits.cost, credits: parseCreditHeaders(response.headers) },
        this.init.now(),
      );
    } catch (error) {
      await this.#coordinator.settle(admission, undefined, this.init.now());
      exchange = exchangeOf(base, { error: networkError(error) }, this.#mask);
    }
    this.exchanges.push(exchange);
    return exchange;
  }

  #authorization(role: KeyRole): Record<string, string> {
    if (role === 'none') return {};
    if (role === 'malformed') return { authorization: `Bearer ${MALFORMED_KEY}` };
    const key = this.keys[role];
    if (key === undefined) throw new Error(`verify: no ${role} key to send with`);
    return { authorization: `Bearer ${key}` };
  }
}
