import type { Fetch } from '../../src';

/**
 * A fetch through MSW (the global fetch) whose answers `change` may rewrite (undefined: as they came).
 *
 * @example
 * const broken = rewriting((url, response) => (url.includes('/catalog/sports') ? new Response('[]', response) : undefined));
 */
export const rewriting =
  (change: (url: string, response: Response, text: string) => Response | undefined): Fetch =>
  async (input, init) => {
    const response = await globalThis.fetch(input, init);
    const text = await response.clone().text();
    return change(String((input as Request).url ?? input), response, text) ?? response;
  };

/** A fetch whose answers to URLs holding `path` carry `Cache-Control: no-store`. */
export const noStoreOn = (path: string): Fetch =>
  rewriting((url, response, text) => {
    if (!url.includes(path)) return undefined;
    const headers = new Headers(response.headers);
    headers.set('cache-control', 'no-store');
    return new Response(text, { status: response.status, headers });
  });
