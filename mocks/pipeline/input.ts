import * as z from 'zod/mini';
import type { RouteDef } from '../../src/schemas';
import { invalidParameters, ServiceError } from '../service-error';

/** A request's decoded input. */
export interface DecodedInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** A message naming the offending parameter, never echoing its value (it could be a secret). */
export function describeIssues(error: z.core.$ZodError, where: string): string {
  const issue = error.issues[0];
  if (!issue) return `invalid ${where}`;
  if (issue.code === 'unrecognized_keys') return `unknown ${where} parameter ${issue.keys.join(', ')}`;
  const name = issue.path.map(String).join('.');
  return name ? `${where} parameter ${name}: ${issue.message}` : `${where}: ${issue.message}`;
}

function decode(schema: z.ZodMiniType, value: unknown, where: string, code: 'invalid_parameters' | 'invalid_token' = 'invalid_parameters'): Record<string, unknown> {
  const parsed = z.safeDecode(schema as z.ZodMiniType<unknown, unknown>, value);
  if (!parsed.success) throw new ServiceError(400, code, describeIssues(parsed.error, where));
  return parsed.data as Record<string, unknown>;
}

/** Query parameters as an object; a parameter given twice is refused. */
function queryObject(search: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of search) {
    if (Object.hasOwn(query, name)) throw invalidParameters(`query parameter ${name} is given more than once`);
    query[name] = value;
  }
  return query;
}

const isJson = (contentType: string | null) => /^application\/json\s*(;|$)/i.test(contentType ?? '');

/** JSON body of a route that takes one: `415` without a JSON content type, `400` when malformed. */
function decodeBody(route: RouteDef, headers: Headers, text: string | undefined): unknown {
  if (route.body === null) return undefined;
  if (!isJson(headers.get('content-type'))) {
    throw new ServiceError(415, 'unsupported_media_type', 'send the body as JSON with Content-Type: application/json');
  }
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    throw invalidParameters('the body is not valid JSON');
  }
  return decode(route.body, json, 'body', route.invalidBodyCode);
}

/** Required headers of the route (e.g. the rotation's `Idempotency-Key`). */
function checkHeaders(route: RouteDef, headers: Headers): void {
  for (const [name, schema] of Object.entries(route.headers ?? {})) {
    const value = headers.get(name);
    if (value === null) throw invalidParameters(`header ${name} is required`);
    if (!z.safeParse(schema, value).success) throw invalidParameters(`header ${name} is malformed`);
  }
}

/** Decodes path parameters, query, headers and body against the route table (400/415, never charged). */
export function decodeInput(route: RouteDef, rawParams: Record<string, string>, url: URL, headers: Headers, bodyText: string | undefined): DecodedInput {
  const params = decode(route.params, rawParams, 'path');
  const query = decode(route.query, queryObject(url.searchParams), 'query');
  checkHeaders(route, headers);
  const body = decodeBody(route, headers, bodyText);
  return { params, query, body };
}
