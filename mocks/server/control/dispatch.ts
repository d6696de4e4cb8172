import * as z from 'zod/mini';
import { SpecError } from '../../service/data';
import type { MockService } from '../../service/mock-service';
import { readBoundedBody } from '../../service/request-body';
import { shapeKeys } from '../../../src/schemas/schema-def';
import { describeIssues } from '../../service/pipeline/input';
import { invalidParameters, notFound, ServiceRefusal } from '../../service/service-refusal';
import type { DecodedCall, OperationDef } from './define';
import { controlHandlers } from './handlers';
import type { Handler } from './handlers/types';
import { type ControlOperations, controlOperations, type OperationId } from './operations';

/** The operations' ids in the table's order: the first whose method and path match answers. */
const operationIds = Object.keys(controlOperations) as OperationId[];

/** The control plane's dispatch: finds, decodes and runs the operation; caller mistakes get the envelope (`400`, `404`, `415`), never a `500`. */

/** A path's `{name}` segments when it matches the pattern; malformed percent-encoding is the caller's mistake. */
function match(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const segment = got[i]!;
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name === undefined) {
      if (part !== segment) return undefined;
      continue;
    }
    if (segment === '') return undefined;
    try {
      params[name] = decodeURIComponent(segment);
    } catch {
      throw invalidParameters('the path is not valid percent-encoding');
    }
  }
  return params;
}

const isJson = (contentType: string | null) => /^application\/json\s*(;|$)/i.test(contentType ?? '');

/** Names given and known, for a refusal that names a field without echoing one the operation does not know. */
const namesOf = (given: unknown, schema: z.ZodMiniType) => {
  const known = shapeKeys(schema);
  return { given: typeof given === 'object' && given !== null ? Object.keys(given) : [], known, vocabulary: new Set(known), suggest: true };
};

async function readBody(request: Request, schema: z.ZodMiniType, limit: number | undefined): Promise<unknown> {
  if (!isJson(request.headers.get('content-type'))) {
    throw new ServiceRefusal(415, 'unsupported_media_type', 'send the body as JSON with Content-Type: application/json');
  }
  let json: unknown;
  try {
    json = JSON.parse(await readBoundedBody(request, limit));
  } catch (error) {
    if (error instanceof ServiceRefusal) throw error;
    throw invalidParameters('the body is not valid JSON');
  }
  const parsed = z.safeParse(schema, json);
  if (!parsed.success) throw invalidParameters(describeIssues(parsed.error, 'body', namesOf(json, schema), true));
  return parsed.data;
}

function readQuery(request: Request, schema: z.ZodMiniType): unknown {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = z.safeDecode(schema as z.ZodMiniType<unknown, unknown>, query);
  if (!parsed.success) throw invalidParameters(describeIssues(parsed.error, 'query', namesOf(query, schema), true));
  return parsed.data;
}

/** The caller's mistakes a handle reports as exceptions: an unknown email, plan, session or key (404 for what is not there), a bad spec. */
function refusal(error: unknown): unknown {
  if (error instanceof RangeError) return error.message.startsWith('no ') ? notFound(error.message) : invalidParameters(error.message);
  if (error instanceof SpecError) return invalidParameters(error.message);
  if (error instanceof ServiceRefusal && error.code === 'fixture_invalid')
    return invalidParameters(error.message.replace(/^mock\.use\('[^']*'\): /, ''));
  return error;
}

/** Decodes a call of one operation against its schemas and runs its handler. */
async function run<Id extends OperationId>(mock: MockService, id: Id, request: Request, raw: Record<string, string>) {
  const operation: OperationDef = controlOperations[id];
  const params = z.safeParse(operation.params, raw);
  if (!params.success) throw invalidParameters(describeIssues(params.error, 'path', undefined, true));
  const query = operation.query === null ? undefined : readQuery(request, operation.query);
  const body = operation.body === null ? undefined : await readBody(request, operation.body, operation.bodyBytes);
  // Decoded by this operation's own schemas just above.
  const call = { params: params.data, query, body } as DecodedCall<ControlOperations[Id]>;
  const handler: Handler<Id> = controlHandlers[id];
  try {
    return { status: operation.status, body: await handler(mock, call) };
  } catch (error) {
    throw refusal(error);
  }
}

/**
 * Answers one control request: `path` is the part after `/__admin` (`''` for the index). Throws a
 * `ServiceRefusal` for what the caller got wrong.
 *
 * @example
 * await dispatch(mock, new Request(`${mock.baseUrl}/__admin/clock`), '/clock') // { status: 200, body: { now: '...' } }
 */
export async function dispatch(mock: MockService, request: Request, path: string): Promise<{ status: number; body: unknown }> {
  for (const id of operationIds) {
    const operation = controlOperations[id];
    if (operation.method !== request.method) continue;
    const params = match(operation.path, path);
    if (params) return run(mock, id, request, params);
  }
  throw notFound(`no ${request.method.slice(0, 32)} operation at this admin path (GET /__admin lists them)`);
}
