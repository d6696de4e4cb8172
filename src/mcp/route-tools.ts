import type { ResponseMeta } from '../core/types';
import type { Json } from '../schemas/json-schema';
import { HISTORY_ROW_CAP } from '../schemas/metering';
import type { RouteDef } from '../schemas/route';
import { type RouteId, routeList } from '../schemas/routes';
import { ArgumentError, checkArguments } from './arguments';
import { shapeKeys } from '../schemas/schema-def';
import { inputSchemaOf, outputSchemaOf } from './schema';
import { isoTrimmed } from '../schemas/instant-text';
import { rowsOutput, type ToolDef, type Toolset } from './tool';

/**
 * The routes of the table that have no tool, each with why. A test fails when a route has neither
 * a tool nor an entry here.
 */
export const LEFT_OUT: Readonly<Partial<Record<RouteId, string>>> = {
  'keys.create': 'answers a plaintext key, which must never enter a model context: create keys in the SDK or the console',
  'keys.rotate': 'answers the new plaintext key and revokes the one this server runs with: rotate in the SDK (odds.keys.rotate())',
  'billing.portal': 'not registered in the private beta (docs/service.md)',
  'checkout.intent': 'keyless credential delivery: takes a resume token, for the first-party pages only',
  'checkout.claim': 'keyless credential delivery: takes a claim token and answers a plaintext key',
  'recovery.request': 'keyless recovery: needs a bot-challenge token from a person',
  'recovery.claim': 'keyless recovery: takes a recovery token and answers a plaintext key',
  'recoveryEmail.verify': 'keyless: takes a verification token from an e-mail',
};

/** The toolset of a route that has a tool. */
function toolsetOf(route: RouteDef): Toolset {
  if (route.metering) return 'data';
  return route.method === 'GET' ? 'account' : 'mutations';
}

/** The mutations that answer the same when sent again (revoking a revoked key answers its record). */
const IDEMPOTENT_MUTATIONS: ReadonlySet<string> = new Set(['keys.revoke']);

/** `events.openingLines` as `events_opening_lines`. */
export const toolNameOf = (routeId: string): string => routeId.replace('.', '_').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Rows wider than this many columns get `fields` and `limit` arguments. */
const WIDE_ROW = 12;

/** The checked arguments of a route tool, split the way the SDK takes them. */
export interface RouteArgs {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
  /** Columns to keep of each row. */
  fields: readonly string[] | undefined;
  /** Rows to show at most. */
  limit: number | undefined;
}

const pick = (from: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(Object.entries(from).filter(([k]) => names.includes(k)));

/** The worst case of a route for a query, in words for a description. */
function costWords(route: RouteDef): string {
  const m = route.metering;
  if (!m) return 'Free (not metered).';
  const names = shapeKeys(route.query);
  const parts = [`Worst case ${m.envelope({})} credits`];
  if (names.includes('full_history')) parts.push(`${m.envelope({ full_history: true })} with full_history or since`);
  if (names.includes('limit')) parts.push(`ceil(limit/20); live up to ${m.envelope({ live: true, limit: 500 })}`);
  return `${parts.join(', ')}.`;
}

/**
 * The next call of an answer the service cut: the live cursor, `since` of a history, or the events
 * scan of a kickoff window (which continues from its own checkpoint).
 */
function nextOf(route: RouteDef, args: Json, rows: readonly Json[], meta: ResponseMeta): Json | undefined {
  if (meta.truncated !== true) return undefined;
  const tool = toolNameOf(route.id);
  if (meta.nextCursor !== undefined) return { tool, arguments: { ...args, cursor: meta.nextCursor } };
  const last = rows.at(-1)?.['timestamp'];
  const isHistory = args['full_history'] === true || args['since'] !== undefined;
  if (route.id === 'events.odds' && isHistory && typeof last === 'string') {
    return { tool, arguments: { ...args, since: isoTrimmed(Date.parse(last)) } };
  }
  if (route.id === 'events.list' && args['live'] !== true && args['starts_from'] !== undefined && args['starts_to'] !== undefined) {
    return { tool: 'events_scan', arguments: pick(args, ['starts_from', 'starts_to', 'sport_id', 'league_id']) };
  }
  return undefined;
}

/** The tool of one route of the table. */
function routeTool(route: RouteDef): ToolDef<RouteArgs> {
  const paramNames = shapeKeys(route.params);
  const queryNames = shapeKeys(route.query);
  const bodyNames = route.body === null ? [] : shapeKeys(route.body);
  const success = Object.values(route.responses)[0];
  if (success === undefined) throw new TypeError(`${route.id} has no success answer`);
  const rowKeys = shapeKeys(success);
  const isRows = (success._zod.def as { type: string }).type === 'array';
  const wide = isRows && rowKeys.length > WIDE_ROW;
  const ownLimit = wide && !queryNames.includes('limit');
  // The columns are the output schema's row properties: `fields` names some of them.
  const view: Json = wide ? { fields: { type: 'array', items: { type: 'string' } } } : {};
  if (ownLimit) view['limit'] = { type: 'integer', minimum: 1, maximum: HISTORY_ROW_CAP };
  const schemas = [route.params, route.query, ...(route.body === null ? [] : [route.body])].map(inputSchemaOf);
  const names = [...paramNames, ...queryNames, ...bodyNames, ...Object.keys(view)];
  const required = schemas.flatMap((s) => (s['required'] as string[] | undefined) ?? []);
  const inputSchema: Json = {
    type: 'object',
    properties: Object.assign({}, ...schemas.map((s) => s['properties'] ?? {}), view),
    ...(required.length > 0 ? { required } : {}),
  };
  const output = outputSchemaOf(success);
  const metering = route.metering;
  const readOnly = route.method === 'GET';
  const costText = costWords(route);
  return {
    name: toolNameOf(route.id),
    description: `${route.summary}. ${costText}`,
    toolset: toolsetOf(route),
    inputSchema,
    outputSchema: isRows
      ? rowsOutput(output['items'] as Json)
      : { type: 'object', properties: { result: output, credits: { type: 'integer' } } },
    readOnly,
    idempotent: metering === undefined && (readOnly || IDEMPOTENT_MUTATIONS.has(route.id)),
    worstCaseDefault: metering?.envelope({}) ?? 0,
    parse(args) {
      const unknown = Object.keys(args).filter((k) => !names.includes(k));
      if (unknown.length > 0)
        throw new ArgumentError(`unknown argument(s) (${unknown.length}): this tool takes ${names.join(', ') || 'none'}`);
      const fields = args['fields'];
      if (fields !== undefined && !(Array.isArray(fields) && fields.every((f) => typeof f === 'string' && rowKeys.includes(f)))) {
        throw new ArgumentError(`fields: expected an array of column names of ${rowKeys.join(', ')}`);
      }
      const limit = ownLimit ? args['limit'] : undefined;
      if (limit !== undefined && !(Number.isInteger(limit) && (limit as number) >= 1 && (limit as number) <= HISTORY_ROW_CAP)) {
        throw new ArgumentError(`limit: expected an integer from 1 to ${HISTORY_ROW_CAP}`);
      }
      return {
        params: checkArguments(route.params, pick(args, paramNames), names),
        query: checkArguments(route.query, pick(args, queryNames), names),
        body: route.body === null ? undefined : checkArguments(route.body, pick(args, bodyNames), names),
        fields: fields as string[] | undefined,
        limit: limit as number | undefined,
      };
    },
    worstCase: (args) => metering?.envelope(args.query) ?? 0,
    async run({ odds }, args) {
      const input = { params: args.params, query: args.query, ...(args.body === undefined ? {} : { body: args.body }) };
      const { data, meta } = await odds.request(route.id as RouteId, input as never, { maxRetries: 0 }).withMeta();
      const credits = meta.credits.cost ?? 0;
      if (!isRows) return { result: data as Json, credits };
      const all = data as Json[];
      const kept = args.limit === undefined ? all : all.slice(0, args.limit);
      const fields = args.fields;
      const rows = fields === undefined ? kept : kept.map((row) => pick(row, fields));
      // The next call keeps this one's view of the rows (fields, limit).
      const view = { ...(fields === undefined ? {} : { fields }), ...(args.limit === undefined ? {} : { limit: args.limit }) };
      const next = nextOf(route, { ...args.params, ...args.query, ...view }, all, meta);
      return {
        rows,
        count: rows.length,
        ...(kept.length < all.length ? { limited: all.length - kept.length } : {}),
        ...(meta.truncated === true ? { truncated: true } : {}),
        ...(next === undefined ? {} : { next }),
        credits,
      };
    },
  };
}

/** One tool per route of the table that is not left out, in the table's order. */
export const routeTools = (): ToolDef<RouteArgs>[] => routeList.filter((route) => !Object.hasOwn(LEFT_OUT, route.id)).map(routeTool);
