import type { HeaderReader } from '../http-messages';
import * as z from 'zod/mini';
import { randomToken, type RouteDef, type Schema } from '../../../src/schemas';
import type { DecodedBody, DecodedInputOf, RawInput } from '../contract';
import { expectedOf, isGeneric } from '../../../src/schemas/issue-words';
import { closestName } from '../../../src/schemas/refusal-words';
import { shapeKeys } from '../../../src/schemas/schema-def';
import { invalidParameters, ServiceRefusal } from '../service-refusal';

/** Names given in a query string or body, in the order they came: how an unknown one is pointed at. */
type GivenNames = readonly string[];

/** What the caller gave and what the service knows, for naming a refused name safely. */
interface Names {
  given: GivenNames;
  /** The names this route takes. */
  known: readonly string[];
  /** Every query parameter and body field name of the route table: not secrets, so safe to echo. */
  vocabulary: ReadonlySet<string>;
  /** Name the known name nearest to an unknown one (the control plane; the service itself never does). */
  suggest?: boolean;
}

/**
 * Refuses a name the route does not take: a vocabulary name is named; any other is pointed at by position
 * and length, never echoed (docs/service.md, "Parameter formats": it may be a secret pasted in the wrong place).
 */
function unknownName(where: string, name: string, names: Names): string {
  const noun = where === 'body' ? 'field' : 'parameter';
  const near = names.suggest ? closestName(name, names.known) : undefined;
  const takes = `${near === undefined ? '' : `did you mean ${near}? `}${
    names.known.length === 0 ? `this operation takes no ${where} ${noun}s` : `it takes ${names.known.join(', ')}`
  }`;
  if (names.vocabulary.has(name)) return `${where} ${noun} ${name} is not one this operation takes: ${takes}`;
  const position = names.given.indexOf(name) + 1;
  const at = position > 0 ? ` at position ${position}` : '';
  return `unknown ${where} ${noun}${at} (${name.length} characters, not shown): ${takes}`;
}

const NO_NAMES: Names = { given: [], known: [], vocabulary: new Set() };

/** A message naming the offending parameter, never echoing its value (maybe a secret) nor an unknown name. */
export function describeIssues(error: z.core.$ZodError, where: string, names: Names = NO_NAMES, wordGeneric = false): string {
  const issue = error.issues[0];
  if (!issue) return `invalid ${where}`;
  if (issue.code === 'unrecognized_keys') return unknownName(where, issue.keys[0] ?? '', names);
  const name = issue.path.map(String).join('.');
  // `wordGeneric` (control plane): zod/mini's bare "Invalid input" becomes what was expected; the service keeps its words.
  const message = (wordGeneric && isGeneric(issue) ? expectedOf(issue) : undefined) ?? issue.message;
  return name ? `${where} parameter ${name}: ${message}` : `${where}: ${message}`;
}

/** Every query parameter and body field name of a route table. */
const vocabularies = new WeakMap<readonly RouteDef[], ReadonlySet<string>>();

function vocabularyOf(routes: readonly RouteDef[]): ReadonlySet<string> {
  let words = vocabularies.get(routes);
  if (!words) {
    words = new Set(routes.flatMap((r) => [...shapeKeys(r.query), ...(r.body === null ? [] : shapeKeys(r.body))]));
    vocabularies.set(routes, words);
  }
  return words;
}

/** A decoded part of the request, or why it failed, where, and with what names. */
type Decoded<T> = ({ success: true; data: T } | { success: false; error: z.core.$ZodError }) & { where: string; names: Names };

/** Decodes a part of the request with its schema (as `z.decode`, from the wire value the schema takes). */
function decode<S extends Schema>(schema: S, value: unknown, where: string, names: Names): Decoded<S['_zod']['output']> {
  const result = z.safeParse(schema, value);
  return result.success ? { success: true, data: result.data, where, names } : { success: false, error: result.error, where, names };
}

function refuse(
  result: Extract<Decoded<unknown>, { success: false }>,
  code: 'invalid_parameters' | 'invalid_token' = 'invalid_parameters',
): never {
  throw new ServiceRefusal(400, code, describeIssues(result.error, result.where, result.names));
}

/**
 * Query parameters as a null-prototype object, so `__proto__` or `constructor` are plain names; a known
 * parameter given twice is refused; unknown names are left to the schema.
 */
function queryObject(
  search: URLSearchParams,
  known: readonly string[],
  vocabulary: ReadonlySet<string>,
): { query: Record<string, string>; names: Names } {
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  const given: string[] = [];
  const names: Names = { given, known, vocabulary };
  for (const [name, value] of search) {
    given.push(name);
    if (Object.hasOwn(query, name)) {
      if (!known.includes(name)) throw invalidParameters(unknownName('query', name, names));
      throw invalidParameters(`query parameter ${name} is given more than once`);
    }
    query[name] = value;
  }
  return { query, names };
}

const isJson = (contentType: string | null) => /^application\/json\s*(;|$)/i.test(contentType ?? '');
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `415` unless the request says its body is JSON: checked before the body is read. */
export function requireJson(route: RouteDef, headers: HeaderReader): void {
  if (route.body !== null && !isJson(headers.get('content-type'))) {
    throw new ServiceRefusal(415, 'unsupported_media_type', 'send the body as JSON with Content-Type: application/json');
  }
}

/** A well-formed token for each `*_token` field of a token route's body, found once per schema. */
const tokenSamples = new WeakMap<Schema, Record<string, string>>();
const TOKEN_PREFIXES = ['clm_', 'rcv_', 'emv_', 'res_'];

function samplesOf(body: Schema): Record<string, string> {
  let samples = tokenSamples.get(body);
  if (samples) return samples;
  samples = {};
  for (const field of shapeKeys(body).filter((k) => k.endsWith('_token'))) {
    for (const prefix of TOKEN_PREFIXES) {
      const sample = randomToken(prefix);
      if (z.safeDecode(body as z.ZodMiniType<unknown, unknown>, { [field]: sample }).success) samples[field] = sample;
    }
  }
  tokenSamples.set(body, samples);
  return samples;
}

/**
 * Whether the body passes once its token is replaced by a well-formed one (docs/service.md, "Errors":
 * `invalid_token` is for a malformed, missing or unknown token in an otherwise well-formed body).
 */
function onlyTheTokenIsBad(body: Schema, json: unknown): boolean {
  if (!isPlainObject(json)) return false;
  return Object.entries(samplesOf(body)).some(
    ([field, sample]) => z.safeDecode(body as z.ZodMiniType<unknown, unknown>, { ...json, [field]: sample }).success,
  );
}

/** The decoded body, if any: TypeScript does not narrow a conditional type by a value check, hence the assertion. */
function decodeBody<B extends Schema | null>(
  body: B,
  route: RouteDef,
  text: string | undefined,
  vocabulary: ReadonlySet<string>,
  screen: ((json: unknown) => void) | undefined,
): DecodedBody<B> {
  return (body === null ? undefined : decodeJsonBody(body, route, text, vocabulary, screen)) as DecodedBody<B>;
}

/** JSON body of a route that takes one (its content type already checked): `400` when malformed. */
function decodeJsonBody<S extends Schema>(
  body: S,
  route: RouteDef,
  text: string | undefined,
  vocabulary: ReadonlySet<string>,
  screen: ((json: unknown) => void) | undefined,
): S['_zod']['output'] {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    throw invalidParameters('the body is not valid JSON');
  }
  screen?.(json);
  const names: Names = { given: isPlainObject(json) ? Object.keys(json) : [], known: shapeKeys(body), vocabulary };
  const result = decode(body, json, 'body', names);
  if (result.success) return result.data;
  refuse(result, route.invalidBodyCode === 'invalid_token' && onlyTheTokenIsBad(body, json) ? 'invalid_token' : 'invalid_parameters');
}

/** Required headers of the route (e.g. the rotation's `Idempotency-Key`). */
function checkHeaders(route: RouteDef, headers: HeaderReader): void {
  for (const [name, schema] of Object.entries(route.headers ?? {})) {
    const value = headers.get(name);
    if (value === null) throw invalidParameters(`header ${name} is required`);
    if (!z.safeParse(schema, value).success) throw invalidParameters(`header ${name} is malformed`);
  }
}

/**
 * Decodes path parameters, query, headers and body against the route table (400, never charged).
 * `screen` sees the parsed body before its schema (a refusal that must come first: a missing bot challenge).
 */
export function decodeInput<R extends RouteDef>(route: R, raw: RawInput, screen?: (json: unknown) => void): DecodedInputOf<R> {
  const vocabulary = vocabularyOf(raw.routes);
  const params = decode(route.params, raw.rawParams, 'path', { ...NO_NAMES, known: shapeKeys(route.params) });
  if (!params.success) refuse(params);
  const { query: given, names } = queryObject(raw.url.searchParams, shapeKeys(route.query), vocabulary);
  const query = decode(route.query, given, 'query', names);
  if (!query.success) refuse(query);
  checkHeaders(route, raw.headers);
  const body = decodeBody<R['body']>(route.body, route, raw.bodyText, vocabulary, screen);
  return { params: params.data, query: query.data, body };
}
