import { expandPath, routes, type RouteId } from '../../../src/schemas';
import type { MockService } from '../../../mocks';

/** One request as it went on the wire. */
export interface WireRequest {
  method: string;
  /** The route's path parameters, as sent. */
  params: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  body?: string;
}

/** One answer as it came back: header names in lower case. */
export interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** A request of one operation and the service's answer to it. */
export interface Exchange {
  routeId: RouteId;
  request: WireRequest;
  answer: WireAnswer;
}

/** What a scenario sends: a key (default the demo key on bearer routes, `null` for none), parameters, a body. */
export interface SendInit {
  key?: string | null;
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** A JSON value, sent as `application/json` unless `headers` say otherwise; a string is sent as it is. */
  body?: unknown;
  /** Send in the same second of the mock's clock as the previous request (a burst). */
  sameSecond?: boolean;
}

/**
 * Sends the traffic's requests to a base URL (the standalone mock, or a proxy in front of it) and
 * records every exchange. The mock's clock is frozen and moves one second before each request, so
 * the answers are the same on every run, and only a burst shares a second of the rate window.
 */
export class TrafficSession {
  readonly exchanges: Exchange[] = [];

  constructor(
    readonly baseUrl: string,
    readonly mock: MockService,
  ) {}

  /** Sends one request of `routeId` and fails unless the answer has status `expected` (or one of them). */
  async send(routeId: RouteId, init: SendInit, expected: number | readonly number[]): Promise<WireAnswer & { json: () => unknown }> {
    const route = routes[routeId];
    const params = Object.fromEntries(Object.entries(init.params ?? {}).map(([name, value]) => [name, String(value)]));
    const query = Object.entries(init.query ?? {}).map(([name, value]): [string, string] => [name, String(value)]);
    const headers: Record<string, string> = {};
    const key = init.key === undefined ? (route.auth.kind === 'bearer' ? this.mock.apiKey : null) : init.key;
    if (key !== null) headers['Authorization'] = `Bearer ${key}`;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['Content-Type'] = 'application/json';
    }
    Object.assign(headers, init.headers);
    const url = new URL(`${this.baseUrl}${expandPath(route.path, params)}`);
    for (const [name, value] of query) url.searchParams.append(name, value);
    if (!init.sameSecond) this.mock.clock.advance(1000);
    const response = await fetch(url, { method: route.method, headers, ...(body === undefined ? {} : { body }) });
    const answer: WireAnswer = { status: response.status, headers: Object.fromEntries(response.headers), text: await response.text() };
    const request: WireRequest = { method: route.method, params, query, headers, ...(body === undefined ? {} : { body }) };
    this.exchanges.push({ routeId, request, answer });
    if (typeof expected === 'number' ? answer.status !== expected : !expected.includes(answer.status)) {
      throw new Error(`traffic: ${routeId} ${url.pathname} answered ${answer.status}, not ${expected}: ${answer.text.slice(0, 300)}`);
    }
    return { ...answer, json: () => JSON.parse(answer.text) as unknown };
  }
}
