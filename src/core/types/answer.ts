import type { ResponseHeaders } from '../../schemas/headers';

/** What the SDK knows about one answer: the headers of docs/service.md's "Response headers", the status and the attempts. */
export interface ResponseMeta extends ResponseHeaders {
  status: number;
  /** Attempts the call took, 1 when it was not retried. */
  attempts: number;
  /** Set when the call was not sent: served from the cache, or shared with an identical call in flight (docs/caching.md). */
  reuse?: AnswerReuse;
}

/** A call's data with its metadata and the HTTP answer: what `.withMeta()` resolves to. */
export interface WithMeta<T> {
  data: T;
  meta: ResponseMeta;
  /** The HTTP answer as fetch returned it (its body already read: `.asResponse()` gives a readable copy). */
  response: Response;
}

/** An answer read in full, before its body is parsed: what every call resolves from. */
export interface RawAnswer {
  response: Response;
  text: string;
  meta: ResponseMeta;
  /** The status, where it is known without making `response` (a reused answer's). */
  readonly status?: number;
}

/** How the SDK served a call without sending it: in `meta.reuse`. */
export interface AnswerReuse {
  /** `hit`: from the cache; `shared`: the answer of an identical call in flight. */
  kind: 'hit' | 'shared';
  /** The request id of the request whose answer this is. */
  requestId: string | undefined;
  /** Ms since that request was sent, on the client's clock (docs/caching.md, "How old answers are"). */
  ageMs: number;
}
