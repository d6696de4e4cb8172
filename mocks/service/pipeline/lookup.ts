import { pathParamNames, type RouteDef } from '../../../src/schemas';
import type { RouteHandler, ServiceContext } from '../contract';
import { ServiceRefusal } from '../service-refusal';

/** A request matched to an operation. */
export interface RouteMatch {
  route: RouteDef;
  handler: RouteHandler;
  /** Path parameters as raw (decoded URI component) strings. */
  rawParams: Record<string, string>;
}

interface CompiledRoute {
  route: RouteDef;
  pattern: RegExp;
  names: string[];
}

const compiled = new WeakMap<readonly RouteDef[], CompiledRoute[]>();

function compile(routes: readonly RouteDef[]): CompiledRoute[] {
  let list = compiled.get(routes);
  if (!list) {
    list = routes.map((route) => {
      const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[a-z_]+\}/g, '([^/]+)');
      return { route, pattern: new RegExp(`^${source}$`), names: pathParamNames(route.path) };
    });
    compiled.set(routes, list);
  }
  return list;
}

/** The longest URL the service reads (docs/service.md, "Order of checks": a longer one is a 4xx envelope, never a 5xx). */
const MAX_URL_LENGTH = 8192;

/** `414` for a URL longer than `MAX_URL_LENGTH` characters, before anything else looks at it. */
export function checkUrlLength(url: string): void {
  if (url.length > MAX_URL_LENGTH) {
    throw new ServiceRefusal(
      414,
      'invalid_parameters',
      `the URL is longer than ${MAX_URL_LENGTH} characters: send fewer or shorter parameters`,
    );
  }
}

/** URLs parsed lately, by their text: clients repeat the same few, so most requests parse none. */
const parsedUrls = new Map<string, URL>();
const PARSED_URLS_KEPT = 128;

/** The request's URL parsed, shared by every request with the same text: read it, never change it. */
export function parseUrl(text: string): URL {
  let url = parsedUrls.get(text);
  if (url === undefined) {
    url = new URL(text);
    if (parsedUrls.size >= PARSED_URLS_KEPT) parsedUrls.clear();
    parsedUrls.set(text, url);
  }
  return url;
}

/** Finds the operation for a method and path; anything else under `/v1` is `404 not_found`. */
export function lookupRoute(method: string, pathname: string, service: ServiceContext): RouteMatch {
  for (const { route, pattern, names } of compile(service.routes)) {
    if (route.method !== method) continue;
    const m = pattern.exec(pathname);
    if (!m) continue;
    const handler = service.handlers[route.id];
    if (!handler) break;
    const rawParams: Record<string, string> = {};
    names.forEach((name, i) => {
      rawParams[name] = safeDecode(m[i + 1] ?? '');
    });
    return { route, handler, rawParams };
  }
  throw new ServiceRefusal(404, 'not_found', `no ${method} operation at this path`);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
