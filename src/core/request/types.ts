/** The request path's own types: a call's URL and plan, and an attempt as received. */
import type { RouteDef } from '../../schemas/route';
import type { RouteId } from '../../schemas/routes';
import type { AnswerHead } from '../answer';
import type { CallSpan, Hooks, RawResponse, RequestInfo, RequestOptions, RouteInput } from '../types';

/** A call's URL (never with the key), and its path and query apart (what the cache keys on). */
export interface CallUrl {
  readonly full: string;
  readonly path: string;
  readonly query: string;
}

/** What a call is planned from: its route, its URL (encoded), what it was called with, and its span when tracing. */
export interface CallPlan {
  readonly route: RouteDef;
  readonly url: CallUrl;
  /** The input's headers, query (as given: the envelope and the reuse read it) and body; its params are in the URL. */
  readonly input: Pick<RouteInput<RouteId>, 'headers'> & { readonly query?: object | undefined; readonly body?: unknown };
  readonly options: RequestOptions;
  readonly span: CallSpan | undefined;
}

/** One attempt's answer as it arrived, before anything is made of it. */
export interface Received {
  readonly raw: RawResponse;
  readonly head: AnswerHead;
  /** The key it was sent with (undefined on a route without bearer auth). */
  readonly apiKey: string | undefined;
  /** What the hooks were told of the attempt, when there are hooks. */
  readonly info: RequestInfo | undefined;
  /** The `afterResponse` hooks as the attempt started. */
  readonly afterResponse: Hooks['afterResponse'];
  /** When it was sent and when its body was read, on the client's clock. */
  readonly sentAt: number;
  readonly receivedAt: number;
}
