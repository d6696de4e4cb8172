import type { AnswerBody, WireCall } from '../../control/define';
import type { ControlOperations, OperationId } from '../../control/operations';

/** The console's control-plane client, typed by the operations table; methods and paths come from `GET /__admin`. */

/** What an operation answers. */
export type Answer<Id extends OperationId> = AnswerBody<ControlOperations[Id]>;

/** What a call of an operation sends: its path parameters, query and body. */
export type Call<Id extends OperationId> = WireCall<ControlOperations[Id]>;
/** The call's argument: optional when the operation needs nothing (no path parameter, no body). */
type Args<Id extends OperationId> = Record<string, never> extends Call<Id> ? [call?: Call<Id>] : [call: Call<Id>];

/** A refusal of the control plane: the envelope's code and message. */
class ControlError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/** One request of the control plane: JSON in and out; a refusal throws with the envelope's code and message. */
async function send(method: string, path: string, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A state-changing control request is always JSON, even without a body (the browser guard).
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  const res = await fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = (json as { error?: { code?: string; message?: string } } | null)?.error;
    throw error?.code ? new ControlError(error.code, error.message ?? '') : new Error(`HTTP ${res.status}`);
  }
  return json;
}

let routes: ReadonlyMap<string, { method: string; path: string }> = new Map();

/** Reads the JSON index of the control plane; every `call` after it finds its operation there. */
export async function loadIndex(): Promise<Answer<'index'>> {
  const index = (await send('GET', '/__admin')) as Answer<'index'>;
  routes = new Map(index.operations.map((o) => [o.id, o]));
  return index;
}

/** Calls one operation of the table by its id. */
export async function call<Id extends OperationId>(id: Id, ...[input]: Args<Id>): Promise<Answer<Id>> {
  const operation = routes.get(id);
  if (!operation) throw new Error(`the control plane lists no operation ${id}`);
  const parts = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, string | undefined>; body?: unknown };
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(parts.params?.[name] ?? ''));
  const query = new URLSearchParams(Object.entries(parts.query ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const target = query.size > 0 ? `${path}?${query}` : path;
  // The answer is what the table declares for this operation (test/mocks/control-table.test.ts checks every one).
  return (await send(operation.method, target, parts.body)) as Answer<Id>;
}
