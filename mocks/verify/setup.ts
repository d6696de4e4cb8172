import { parseDateHeader } from '../../src/schemas';
import { CannotCheck } from './cannot-check';
import type { Exchange } from './masked-exchange';
import type { RequestTemplate } from './template';

/** Setup requests (rate, sports, upcoming and past events), each sent once before the checks, only if a planned check reads it. */

const SAMPLE_TIME = '2026-01-01T00:00:00Z';

export const SETUP_REQUESTS = {
  account: {
    method: 'GET',
    path: '/v1/account',
    route: 'account.get',
    key: 'main',
    purpose: "the plan's rate, and whether the key manages the account (free: not metered)",
  },
  sports: { method: 'GET', path: '/v1/catalog/sports', route: 'catalog.sports', key: 'main', purpose: 'the sports' },
  upcoming: { method: 'GET', path: '/v1/events', query: [['limit', '3']], route: 'events.list', key: 'main', purpose: 'upcoming events' },
  past: {
    method: 'GET',
    path: '/v1/events',
    query: [
      ['starts_from', '{from}'],
      ['starts_to', '{to}'],
      ['limit', '5'],
    ],
    samples: { from: SAMPLE_TIME, to: SAMPLE_TIME },
    route: 'events.list',
    key: 'main',
    purpose: 'events of three to two days ago (from = 3 days ago, to = 2 days ago), with closing lines',
  },
} as const satisfies Record<string, RequestTemplate>;

export type SetupStep = keyof typeof SETUP_REQUESTS;

/** The order setup steps are sent in. */
export const SETUP_ORDER: readonly SetupStep[] = ['account', 'sports', 'upcoming', 'past'];

/** What the setup found. */
export class Setup {
  readonly #answers = new Map<SetupStep, Exchange>();
  /** Service time minus local time, from the first answer's `Date`. */
  #offset: number | undefined;

  /** `now` is the local clock. */
  constructor(private readonly clock: () => number = Date.now) {}

  /** Keeps a setup step's exchange, and learns the service's clock from it. */
  keep(step: SetupStep, exchange: Exchange): void {
    this.#answers.set(step, exchange);
    const date = parseDateHeader(exchange.answerHeaders.get('date'));
    if (this.#offset === undefined && date !== undefined) this.#offset = date.getTime() - this.clock();
  }

  /** The service's time now (to whole seconds), or the local time before any answer told it. */
  now(): number {
    return this.clock() + (this.#offset ?? 0);
  }

  /** A setup step's exchange, whatever came of it (undefined when it was not sent). */
  raw(step: SetupStep): Exchange | undefined {
    return this.#answers.get(step);
  }

  /** A setup step's successful answer, or `CannotCheck` naming what went wrong. */
  answer(step: SetupStep): Exchange {
    const exchange = this.#answers.get(step);
    const template = SETUP_REQUESTS[step];
    if (exchange === undefined) throw new CannotCheck(`the setup request ${template.method} ${template.path} was not sent`);
    if (exchange.status === null || exchange.status < 200 || exchange.status > 299 || exchange.json === undefined) {
      throw new CannotCheck(
        `the setup request ${template.method} ${template.path} failed (${exchange.status ?? exchange.error ?? 'no answer'})`,
        exchange,
      );
    }
    return exchange;
  }
}
