import fc from 'fast-check';
import * as z from 'zod/mini';
import { expandPath, pathParamNames, routeList, type RouteDef, type Schema } from '../../src/schemas';

/**
 * Generators of requests the service must refuse, driven by the route table alone: a new route is
 * fuzzed without new code. Each case carries at least one defect that the table itself proves
 * (a key that cannot pass, a path parameter, query or body its schema refuses, a content type
 * that is not JSON, a missing or malformed required header, or a method the path does not take).
 */

/** Which key a case sends. */
export type KeyKind = 'valid' | 'missing' | 'malformed' | 'unknown' | 'revoked' | 'wrongScope';

/** One generated request against one route. */
export interface BadRequest {
  method: string;
  /** Path and query, to append to the base URL. */
  path: string;
  key: KeyKind;
  /** The key sent when `key` is `malformed`. */
  malformedKey: string;
  /** How the key is put in `Authorization` (a malformed key may come in a malformed header). */
  authScheme: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The defects this case was built with. */
  defects: string[];
}

/** Names the fuzzer plants in names and values, to prove the service never echoes them. */
export const PLANTED_SECRET = `svc_live_${'Pl4nt3dS3cr3t'.padEnd(32, 'x')}`;

const fieldsOf = (schema: Schema): string[] => {
  const def = (schema as unknown as { _zod: { def: { shape?: Record<string, unknown>; options?: Schema[] } } })._zod.def;
  if (def.shape) return Object.keys(def.shape);
  if (def.options) return [...new Set(def.options.flatMap(fieldsOf))];
  return [];
};
const decodes = (schema: Schema, value: unknown) => z.safeDecode(schema as z.ZodMiniType<unknown, unknown>, value).success;

/** Every query and body name of the table: names the service knows, used out of place. */
const VOCABULARY = [...new Set(routeList.flatMap((r) => [...fieldsOf(r.query), ...(r.body === null ? [] : fieldsOf(r.body))]))];
const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  '__lookupSetter__',
  'then',
];

/** Parameter and field names: known ones, other routes' ones, prototype names, secrets, Unicode, NUL, huge. */
const nameArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...VOCABULARY),
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.constantFrom(PLANTED_SECRET, `${PLANTED_SECRET}[]`, 'a\u0000b', '', ' ', 'sport_id ', 'SPORT_ID', 'sport_id[]', 'sport%5Fid'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
  fc.nat({ max: 3000 }).map((n) => 'n'.repeat(n + 100)),
);

/** Values a parameter should not take: wrong types, out of range, odd spacing, Unicode, NUL, huge. */
const valueArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'abc',
    '-1',
    '0',
    '01',
    '1.5',
    '1e3',
    '0x10',
    ' 1',
    '1 ',
    '+1',
    '１',
    '٣',
    'NaN',
    'Infinity',
    'true ',
    'null',
    '[]',
    '{}',
    '\u0000',
    '1\u00002',
    PLANTED_SECRET,
  ),
  fc.constantFrom(
    '9'.repeat(20),
    '9'.repeat(400),
    '-9'.repeat(50),
    '2026-13-45T99:99:99Z',
    '2026-11-21',
    '2026-11-21T18:00:00+01:00',
    'moneyline ',
    'MONEYLINE',
  ),
  fc.integer().map(String),
  fc.double({ noNaN: false }).map(String),
  fc.string({ unit: 'binary', maxLength: 16 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.nat({ max: 12_000 }).map((n) => 'v'.repeat(n + 1000)),
);

/** Query entries whose object the route's query schema refuses (or that give a name twice). */
function badQueryArb(route: RouteDef): fc.Arbitrary<[string, string][]> {
  const known = fieldsOf(route.query);
  const entry = fc.tuple(known.length > 0 ? fc.oneof(fc.constantFrom(...known), nameArb) : nameArb, valueArb);
  return fc
    .array(entry, { minLength: 1, maxLength: 5 })
    .chain((entries) => fc.boolean().map((twice) => (twice ? [...entries, entries[0]!] : entries)))
    .filter((entries) => {
      const names = entries.map(([n]) => n);
      if (new Set(names).size !== names.length) return true;
      const query: Record<string, string> = Object.create(null) as Record<string, string>;
      for (const [n, v] of entries) query[n] = v;
      return !decodes(route.query, query);
    });
}

/** One path segment the route's parameter schema refuses. */
function badParamsArb(route: RouteDef): fc.Arbitrary<Record<string, string>> {
  const names = pathParamNames(route.path);
  const segment = fc.oneof(
    valueArb,
    fc.constantFrom('key_', `key_${'A'.repeat(32)}`, `key_${'a'.repeat(31)}`, PLANTED_SECRET, '.', '..', '%', '%00'),
  );
  return fc
    .tuple(...names.map(() => segment))
    .filter((values) => !decodes(route.params, Object.fromEntries(names.map((n, i) => [n, values[i]!]))))
    .map((values) => Object.fromEntries(names.map((n, i) => [n, values[i]!])));
}

/** A body text the route's body schema refuses: malformed JSON, wrong types, extra fields, deep nesting, oversize. */
function badBodyArb(route: RouteDef): fc.Arbitrary<string> {
  const body = route.body!;
  const known = fieldsOf(body);
  const extra = fc
    .tuple(
      nameArb.filter((n) => !known.includes(n)),
      fc.jsonValue({ maxDepth: 2 }),
    )
    .map(([n, v]) => JSON.stringify({ [n]: v, ...Object.fromEntries(known.slice(0, 1).map((k) => [k, 'x'])) }));
  const wrongTypes = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v));
  const fields =
    known.length === 0
      ? fc.constant('{"x":1}')
      : fc
          .tuple(fc.constantFrom(...known), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(null)))
          .map(([k, v]) => JSON.stringify({ [k]: v }));
  const nested = fc
    .nat({ max: 20_000 })
    .chain((d) => fc.constantFrom(`${'['.repeat(d + 1)}${']'.repeat(d + 1)}`, `${'{"a":'.repeat(d + 1)}1${'}'.repeat(d + 1)}`));
  const malformed = fc.oneof(
    fc.constantFrom(
      '',
      '{',
      '}',
      '[',
      '{"a":',
      '{"name":"x",}',
      "{'name':'x'}",
      'nul',
      'undefined',
      '\u0000',
      '\uFEFF{}',
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      `{"${PLANTED_SECRET}":1}`,
    ),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );
  const oversize = fc.nat({ max: 64 * 1024 }).map((n) => `{"name":"${'o'.repeat(64 * 1024 + n)}"}`);
  return fc.oneof(malformed, wrongTypes, extra, fields, nested, oversize).filter((text) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return true;
    }
    return new TextEncoder().encode(text).byteLength > 64 * 1024 || !decodes(body, json);
  });
}

const BAD_CONTENT_TYPES = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  'application/json-patch+json',
  'text/json',
  'application/ json',
  '*/*',
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const nonce = () => `rot_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')}`;

/** The defects a route can carry, by what the table says it takes. */
function defectKinds(route: RouteDef): string[] {
  const samePath = routeList.filter((r) => r.path === route.path).map((r) => r.method as string);
  return [
    ...(route.auth.kind === 'bearer' ? ['key'] : []),
    ...(pathParamNames(route.path).length > 0 ? ['params'] : []),
    'query',
    ...(route.body === null ? [] : ['body', 'contentType']),
    ...(Object.keys(route.headers ?? {}).length > 0 ? ['header'] : []),
    ...(METHODS.some((m) => !samePath.includes(m)) ? ['method'] : []),
  ];
}

/**
 * Requests against `route` that the service must refuse: every component is well-formed unless its
 * defect was picked, and at least one is picked. A route without a key (token or cookie routes)
 * refuses even well-formed bodies, since no generated token or challenge can be valid.
 */
export function badRequestArb(route: RouteDef): fc.Arbitrary<BadRequest> {
  const kinds = defectKinds(route);
  const samePath = routeList.filter((r) => r.path === route.path).map((r) => r.method as string);
  const defects = fc.subarray(kinds, { minLength: 1 });
  return defects.chain((picked) => {
    const has = (k: string) => picked.includes(k);
    return fc
      .record({
        key: has('key')
          ? fc.constantFrom<KeyKind>('missing', 'malformed', 'unknown', 'revoked', 'wrongScope')
          : fc.constant<KeyKind>('valid'),
        authScheme: fc.constantFrom('Bearer ', 'Bearer ', 'bearer ', 'Bearer  ', 'Token ', 'Basic ', ''),
        malformedKey: fc.constantFrom(
          'svc_live_short',
          `svc_live_${'a'.repeat(31)}!`,
          `svc_live_${'a'.repeat(33)}`,
          `SVC_LIVE_${'a'.repeat(32)}`,
          'sk_test_123',
          `${PLANTED_SECRET} extra`,
          '',
        ),
        params: has('params')
          ? badParamsArb(route)
          : fc.constant(Object.fromEntries(pathParamNames(route.path).map((n) => [n, n === 'id' ? `key_${'0'.repeat(32)}` : '1']))),
        query: has('query') ? badQueryArb(route) : fc.constant<[string, string][]>([]),
        body:
          route.body === null
            ? fc.option(fc.constantFrom('{}', 'x'), { nil: undefined })
            : has('body')
              ? badBodyArb(route)
              : fc.constant('{}'),
        contentType: has('contentType') ? fc.constantFrom(...BAD_CONTENT_TYPES) : fc.constant<string | undefined>('application/json'),
        nonce: has('header')
          ? fc.constantFrom<string | undefined>(undefined, '', 'rot_short', `rot_${'A'.repeat(42)}B`, PLANTED_SECRET)
          : fc.constant<string | undefined>('fresh'),
        method: has('method') ? fc.constantFrom(...METHODS.filter((m) => !samePath.includes(m))) : fc.constant<string>(route.method),
      })
      .map((c): BadRequest => {
        const search = new URLSearchParams(c.query).toString();
        const headers: Record<string, string> = {};
        if (c.contentType !== undefined) headers['Content-Type'] = c.contentType;
        if (c.nonce !== undefined && route.headers?.['idempotency-key'])
          headers['Idempotency-Key'] = c.nonce === 'fresh' ? nonce() : c.nonce;
        return {
          method: c.method,
          path: `${expandPath(route.path, c.params)}${search ? `?${search}` : ''}`,
          key: c.key,
          malformedKey: c.malformedKey,
          // A valid key travels the right way; only a defective one may come in a defective header.
          authScheme: c.key === 'valid' ? 'Bearer ' : c.authScheme,
          headers,
          body: c.method === 'GET' ? undefined : c.body,
          defects: picked,
        };
      });
  });
}
