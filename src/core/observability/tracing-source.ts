/** Whether a client's calls are traced: nothing loads while tracing is off, and `@opentelemetry/api` (optional peer) is never bundled. */
import { VERSION } from '../../version';
import type { CallTracer, InternalLogger, StartCallSpan, TracingOptions } from '../types';

/** `@opentelemetry/api` where the runtime can load it, once per process; its name is computed so no bundler resolves it. */
let otelApi: Promise<unknown> | undefined;

/**
 * What starts each call's span (docs/observability.md), or undefined for `tracing: false`; tracing code that cannot load is logged once.
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
    return api || option ? (await import('./spans')).callTracer(option ?? {}, api, VERSION) : undefined;
  };
  return (route, ctx) =>
    (tracer ??= load().catch((error: unknown) => void logger.warn(`tracing is off: ${error}`))).then((start) => start?.(route, ctx));
}
