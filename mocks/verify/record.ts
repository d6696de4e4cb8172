import * as z from 'zod/mini';
import { ERROR_CODES, routes, type KnownErrorCode, type RouteDef } from '../../src/schemas';
import { errorCodesOf } from '../../src/schemas/route-errors';
import { parseJsonOrUndefined, type Exchange } from './masked-exchange';
import type { RecordedFixture, RecordedOverride } from './types';

/**
 * A run's exchanges as one-shot overrides for `mock.use` or `POST /__admin/overrides` (`answer` or
 * `error`, with their path parameters); never answers carrying a key, nor of a path no route serves.
 */

/** Routes whose answers hold a plaintext key: never recorded. */
const CARRIES_A_KEY: ReadonlySet<string> = new Set(['keys.create', 'keys.rotate']);

/** The path parameters of an exchange's URL, decoded by its route (`{ event_id: 123 }`). */
function paramsOf(route: RouteDef, url: string): Record<string, unknown> | undefined {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${route.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    })}$`,
  );
  const match = pattern.exec(new URL(url).pathname);
  if (match === null || names.length === 0) return undefined;
  const raw = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] as string)]));
  const parsed = z.safeParse(route.params, raw);
  return parsed.success ? (parsed.data as Record<string, unknown>) : undefined;
}

/** The override that replays one exchange, or undefined when it cannot be replayed. */
function overrideOf(exchange: Exchange): RecordedOverride | undefined {
  const id = exchange.template.route;
  if (id === undefined || CARRIES_A_KEY.has(id) || exchange.status === null) return undefined;
  const route = routes[id] as RouteDef;
  const body = parseJsonOrUndefined(exchange.text);
  const params = paramsOf(route, exchange.url);
  const base = { route: id, ...(params === undefined ? {} : { params }) };
  if (exchange.status < 300) return body === undefined ? undefined : ({ ...base, answer: body, once: true } as RecordedOverride);
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  const code = error?.code;
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_CODES, code) || !errorCodesOf(route).has(code as KnownErrorCode)) return undefined;
  const retryAfter = exchange.meta.retryAfter;
  return {
    ...base,
    error: {
      code: code as KnownErrorCode,
      ...(typeof error?.message === 'string' ? { message: error.message.slice(0, 500) } : {}),
      ...(retryAfter === undefined ? {} : { retry_after: retryAfter }),
    },
    once: true,
  } as RecordedOverride;
}

/**
 * The replayable exchanges of a run in send order, each with a file name; of a burst, only its first `429`.
 *
 * @example
 * fixturesOf(exchanges)[0]; // { file: '001-catalog.sports.json', override: { route: 'catalog.sports', answer: [...], once: true }, ... }
 */
export function fixturesOf(exchanges: readonly Exchange[]): RecordedFixture[] {
  const fixtures: RecordedFixture[] = [];
  let burst429 = false;
  for (const exchange of exchanges) {
    if (exchange.concurrent && (burst429 || exchange.status !== 429)) continue;
    burst429 ||= exchange.concurrent;
    const override = overrideOf(exchange);
    if (override === undefined) continue;
    fixtures.push({
      file: `${String(fixtures.length + 1).padStart(3, '0')}-${override.route}.json`,
      check: exchange.check,
      request: `${exchange.method} ${exchange.url}`,
      status: exchange.status as number,
      requestId: exchange.meta.requestId,
      override,
    });
  }
  return fixtures;
}
