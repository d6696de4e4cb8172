import { AnswerHeaders, type ServiceAnswer, type ServiceRequest } from './http-messages';
import { readBoundedBody } from './request-body';

/**
 * A Fetch `Request` as the service reads it.
 *
 * @example
 * const answer = await serveRequest(fromFetchRequest(request), service);
 */
export function fromFetchRequest(request: Request): ServiceRequest {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    readBody: (limit) => readBoundedBody(request, limit),
  };
}

/** An answer as a Fetch `Response` (`Response.error()` for a dropped connection). */
export function toFetchResponse(answer: ServiceAnswer): Response {
  if (answer.dropped) return Response.error();
  const headers = new Headers(answer.headers.toObject());
  for (const cookie of answer.headers.cookies) headers.append('Set-Cookie', cookie);
  return new Response(answer.body, { status: answer.status, headers });
}

/** Builds the `AnswerHeaders` of a Fetch `Headers` (cookies kept apart). */
export function answerHeadersOf(headers: Headers): AnswerHeaders {
  const out = new AnswerHeaders();
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') out.set(name, value);
  });
  for (const cookie of headers.getSetCookie()) out.append('Set-Cookie', cookie);
  return out;
}
