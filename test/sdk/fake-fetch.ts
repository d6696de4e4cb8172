import { SportsOdds, type Fetch, type RetryInfo } from '../../src';

/** What a fake answer is made of. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Fail like a dropped connection instead of answering. */
  drop?: boolean;
}

/** A request the fake saw (the authorization header included, to check it is sent and never leaked elsewhere). */
export interface SeenRequest {
  method: string;
  url: string;
  authorization: string | null;
}

/**
 * A `fetch` that answers from a list (the last answer repeats) and records every request.
 *
 * @example
 * const fake = fakeFetch([{ status: 503 }, { body: [] }]);
 */
export function fakeFetch(answers: FakeAnswer[]): { fetch: Fetch; seen: SeenRequest[] } {
  const seen: SeenRequest[] = [];
  let i = 0;
  const fetch: Fetch = async (input) => {
    const request = input as Request;
    seen.push({ method: request.method, url: request.url, authorization: request.headers.get('authorization') });
    const answer = answers[Math.min(i++, answers.length - 1)] ?? {};
    if (answer.drop) throw new TypeError('fetch failed');
    const status = answer.status ?? 200;
    const body = answer.body ?? (status >= 400 ? envelope(status) : []);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  return { fetch, seen };
}

const CODES: Record<number, string> = {
  400: 'invalid_parameters',
  401: 'invalid_api_key',
  403: 'insufficient_scope',
  404: 'not_found',
  409: 'key_limit_reached',
  410: 'token_expired',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'service_error',
  503: 'temporarily_unavailable',
};

/** The service's error envelope for a status. */
export const envelope = (status: number, code = CODES[status] ?? 'internal_error', message = `fake ${code}`) => ({
  error: { code, message, request_id: `req_${'0'.repeat(31)}${status % 10}` },
});

/** Virtual time: `sleep` advances `now` instantly and records every wait. */
export function virtualTime(start = Date.parse('2026-11-21T12:00:00Z')) {
  let t = start;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    advance: (ms: number) => {
      t += ms;
    },
    sleeps,
  };
}

/** A key in the service's format that tests look for in logs and errors. */
export const TEST_KEY = `svc_live_${'Zq9'.repeat(10)}Zq`;

/**
 * The error a promise rejects with (fails the test when it resolves).
 *
 * @example
 * const error = await rejection<NotFoundError>(odds.events.results(1));
 */
export async function rejection<E = Error>(promise: Promise<unknown>): Promise<E> {
  try {
    await promise;
  } catch (error) {
    return error as E;
  }
  throw new Error('expected a rejection, but the promise resolved');
}

/**
 * A client on a fake fetch and virtual time, recording its retries: the SDK's own rules (retries,
 * timeouts, the ledger) tested without a network or a real wait.
 *
 * @example
 * const { odds, fake, time, retries } = fakeClient([{ status: 503, body: envelope(503) }, { body: [] }]);
 */
export function fakeClient(answers: FakeAnswer[], options: ConstructorParameters<typeof SportsOdds>[0] = {}) {
  const fake = fakeFetch(answers);
  const time = virtualTime();
  const retries: RetryInfo[] = [];
  const odds = new SportsOdds({
    apiKey: TEST_KEY,
    baseUrl: 'https://api.sports-odds.test',
    fetch: fake.fetch,
    now: time.now,
    sleep: time.sleep,
    random: () => 0.5,
    logLevel: 'off',
    hooks: { beforeRetry: [(info) => void retries.push(info)] },
    ...options,
  });
  return { odds, fake, time, retries };
}
