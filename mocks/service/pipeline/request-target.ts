import type { RouteDef } from '../../../src/schemas';
import { shapeKeys } from '../../../src/schemas/schema-def';

/**
 * The request target as the control plane's detail shows it: only accepted parameters are shown as sent;
 * anything else may be a secret pasted in the wrong place (docs/service.md, "Parameter formats") and is masked.
 */

/** Stands in for a value the detail does not show. */
export const MASK = '•••';

/** A key, a token of the service or a cookie value, wherever it appears. */
const SECRET = /\b(?:svc_live_[A-Za-z0-9]+|(?:clm|rcv|emv|res|chl|rot|ckv)_[A-Za-z0-9_-]+)/g;
/** A path segment long and random enough to be a credential. */
const OPAQUE = /^[A-Za-z0-9_~.-]{24,}$/;

/** Masks the service's keys and tokens in a text. */
export const maskSecrets = (text: string): string => text.replace(SECRET, MASK);

/**
 * A request's target: as sent when the route decoded it; else the path template with known names and
 * every value masked, or for an unknown path, opaque segments masked and no query.
 *
 * @example
 * requestTarget(new URL('http://x/v1/events/abc/odds?full_history=2&pasted=1'), routes['events.odds'], false) // '/v1/events/•••/odds?full_history=•••&•••'
 */
export function requestTarget(url: URL, route: RouteDef | undefined, decoded: boolean): string {
  if (route && decoded) return maskSecrets(url.pathname + url.search);
  const names = [...url.searchParams.keys()];
  if (!route) {
    const path = url.pathname
      .split('/')
      .map((segment) => (OPAQUE.test(segment) ? MASK : segment))
      .join('/');
    return maskSecrets(path) + (names.length > 0 ? `?${MASK}` : '');
  }
  const known = new Set(shapeKeys(route.query));
  const query = names.map((name) => (known.has(name) ? `${name}=${MASK}` : MASK));
  return maskSecrets(templateOf(url.pathname, route.path)) + (query.length > 0 ? `?${query.join('&')}` : '');
}

/** The path as sent, with the segments of the template's placeholders masked (they failed their schema, or were never read). */
function templateOf(pathname: string, template: string): string {
  const sent = pathname.split('/');
  const parts = template.split('/');
  // A mounted service: the template matches the end of the path.
  const offset = sent.length - parts.length;
  return sent.map((segment, i) => (/^\{\w+\}$/.test(parts[i - offset] ?? '') ? MASK : segment)).join('/');
}
