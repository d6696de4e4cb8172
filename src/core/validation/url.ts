/** Path templates split at their `{name}` placeholders: literal, name, literal, ... literal. */
const templates = new Map<string, readonly string[]>();

/**
 * Fills a route's path template with encoded path parameters (as `expandPath` does, from a split made once per route).
 *
 * @example
 * fillPath('/v1/events/{event_id}/odds', { event_id: '42' }); // '/v1/events/42/odds'
 */
export function fillPath(template: string, params: Readonly<Record<string, string>>): string {
  let parts = templates.get(template);
  if (parts === undefined) {
    parts = template.split(/\{([a-z_]+)\}/);
    templates.set(template, parts);
  }
  let path = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] as string;
    const value = params[name];
    if (value === undefined) throw new TypeError(`missing path parameter ${name}`);
    path += encodeURIComponent(value) + (parts[i + 1] as string);
  }
  return path;
}

/** Characters that `application/x-www-form-urlencoded` (URLSearchParams) leaves as they are. */
const FORM_SAFE = /^[\w.*-]*$/;

/** A query string (`?a=1&b=2`) of encoded parameters, or `''` when there are none. */
export function queryString(params: Readonly<Record<string, string>>): string {
  let search = '';
  for (const name in params) {
    const value = params[name] as string;
    // Names and values that need no escaping (ids, flags, limits) skip URLSearchParams.
    if (!FORM_SAFE.test(name) || !FORM_SAFE.test(value)) return `?${new URLSearchParams(params).toString()}`;
    search += `${search === '' ? '?' : '&'}${name}=${value}`;
  }
  return search;
}
