/**
 * Whether a client's calls are traced, and the loading of what traces them: nothing of it is loaded
 * or run while tracing is off, and `@opentelemetry/api` (an optional peer) is never bundled.
 */
import { VERSION } from '../version';
import type { CallTracer, InternalLogger, StartCallSpan, TracingOptions } from './types';

/**
 * `@opentelemetry/api` where the runtime can load it (Node, Bun, Deno), once per process. Its name
 * is computed so that no bundler resolves it: an application without the package must build (one
 * that bundles it passes its tracer or provider: a bundle has no module of that name to load).
 */
let otelApi: Promise<unknown> | undefined;

/**
 * What starts the span of each call of a client (docs/observability.md), or undefined for
 * `tracing: false`. The first call loads `@opentelemetry/api`, then, when it loaded or the
 * `tracing` option is given, the SDK's tracing code; otherwise calls go untraced. Tracing code
 * that cannot load is said once in the log, and the calls go on untraced.
 *
 * @example
 * const ctx = { ...context, trace: tracingOf(options.tracing, logger) };
 * const span = await ctx.trace?.(route, ctx);
 */
export function tracingOf(option: false | TracingOptions | undefined, logger: InternalLogger): StartCallSpan | undefined {
  if (option === false) return undefined;
  let tracer: Promise<CallTracer | undefined> | undefined;
  const load = async (): Promise<CallTracer | undefined> => {
    const api = await (otelApi ??= import(/* webpackIgnore: true */ /* @vite-ignore */ ['@opentelemetry', 'api'].join('/')).catch(
      () => {},
    ));
    return api || option ? (await import('./tracing')).callTracer(option ?? {}, api, VERSION) : undefined;
  };
  return (route, ctx) =>
    (tracer ??= load().catch((error: unknown) => void logger.warn(`tracing is off: ${error}`))).then((start) => start?.(route, ctx));
}
