import type { Fetch, Logger } from '../../src';

/** One request as it left the SDK: what the service received. */
export interface WireRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string;
  /** The `credentials` mode the SDK asked fetch for. */
  credentials: RequestCredentials | undefined;
}

/**
 * A `fetch` that records every request and passes it on to the real (MSW-intercepted) fetch:
 * a window onto the wire, not a fake. `extraHeaders` adds what a browser would (Origin, Cookie).
 *
 * @example
 * const wire = spyFetch();
 * const odds = sdkFor(mock, { fetch: wire.fetch }).odds;
 */
export function spyFetch(extraHeaders: () => Record<string, string> = () => ({})): {
  fetch: Fetch;
  sent: WireRequest[];
  responses: Response[];
} {
  const sent: WireRequest[] = [];
  const responses: Response[] = [];
  const spy: Fetch = async (input, init) => {
    const request = new Request(input as Request, init);
    for (const [name, value] of Object.entries(extraHeaders())) request.headers.set(name, value);
    sent.push({
      method: request.method,
      url: request.url,
      headers: new Headers(request.headers),
      body: request.body === null ? '' : await request.clone().text(),
      credentials: init?.credentials,
    });
    const response = await fetch(request);
    responses.push(response.clone());
    return response;
  };
  return { fetch: spy, sent, responses };
}

/** A logger that keeps every line (message and arguments) as text. */
export function captureLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const log =
    (level: string) =>
    (message: string, ...args: unknown[]) =>
      void lines.push(`${level} ${message} ${JSON.stringify(args)}`);
  return { logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') }, lines };
}

/** Everything an error shows: message, stack, JSON form and its cause chain. */
export function errorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    const e = current as Error;
    parts.push(String(e), e.stack ?? '', JSON.stringify(e) ?? '');
    current = e.cause;
  }
  return parts.join('\n');
}

/** The rejection of a promise (fails when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}
