/**
 * The base URL rule of the SDK's client, and of `verify` (which checks it before it plans): a leaf that imports nothing,
 * so `verify`'s synchronous planner checks a URL as the client does without loading the SDK.
 */

/** A loopback host name: `localhost`, `*.localhost`, `[::1]` or 127.x.y.z. */
export const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);

/**
 * The base URL without its trailing slashes, or what is wrong with it: absolute http(s), no key over plain http to a
 * non-loopback host, no query or fragment.
 *
 * @example
 * checkedBaseUrl('https://api.example.com/', false); // { href: 'https://api.example.com' }
 */
export function checkedBaseUrl(baseUrl: string, allowInsecureHttp: boolean): { href: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return { problem: `baseUrl must be an absolute URL, got ${JSON.stringify(baseUrl)}` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: `baseUrl must use https:, got ${url.protocol}` };
  if (url.protocol === 'http:' && !allowInsecureHttp && !isLoopback(url.hostname)) {
    return {
      problem: `refusing to send the API key over plain http:// to ${url.hostname}; use https://, a loopback host, or allowInsecureHttp: true`,
    };
  }
  // `href` keeps a bare `?` or `#` that `search` and `hash` report as empty; in a path they are escaped.
  if (/[?#]/.test(url.href)) return { problem: 'baseUrl must not carry a query or fragment' };
  return { href: url.href.replace(/\/+$/, '') };
}
