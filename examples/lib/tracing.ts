/**
 * An example's `--trace`: OpenTelemetry set up as an application would (a global tracer provider
 * and context manager), its spans printed to the console. The SDK needs nothing more: it finds the
 * global provider (docs/observability.md). Without `--trace`, nothing of OpenTelemetry is loaded here.
 */

/** Spans of the example's own steps, with the SDK's calls under them. */
export interface ExampleTracing {
  /** Runs `work` inside a span named `name` (just runs it when not tracing). */
  within<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Prints what is left and stops tracing. */
  shutdown(): Promise<void>;
}

const untraced: ExampleTracing = { within: (_name, work) => work(), shutdown: async () => {} };

/**
 * Console tracing when `on`, under the example's name as the instrumentation scope.
 *
 * @example
 * const tracing = await consoleTracing(args.trace, 'live-scanner');
 * await tracing.within('refresh', () => refresh(odds));
 */
export async function consoleTracing(on: boolean, scope: string): Promise<ExampleTracing> {
  if (!on) return untraced;
  const [
    { context, trace, SpanStatusCode },
    { AsyncLocalStorageContextManager },
    { ConsoleSpanExporter, SimpleSpanProcessor, TracerProvider },
  ] = await Promise.all([import('@opentelemetry/api'), import('@opentelemetry/context-async-hooks'), import('@opentelemetry/sdk-trace')]);
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: new ConsoleSpanExporter() })] });
  trace.setGlobalTracerProvider(provider);
  // So that the SDK's spans are children of the span active where a call is made.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const tracer = trace.getTracer(scope);
  return {
    within: (name, work) =>
      tracer.startActiveSpan(name, async (span) => {
        try {
          return await work();
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
          throw error;
        } finally {
          span.end();
        }
      }),
    shutdown: () => provider.shutdown(),
  };
}
