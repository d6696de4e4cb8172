/** The parts of OpenTelemetry's API the SDK uses, as structural types (nothing to install), and the `tracing` option. */

/** The value of a span attribute, as OpenTelemetry takes it. */
export type SpanAttributeValue = string | number | boolean;

/** Span attributes; an `undefined` value is left out. */
export type SpanAttributesLike = Readonly<Record<string, SpanAttributeValue | undefined>>;

/** A span of OpenTelemetry's API, as far as the SDK uses it. */
export interface SpanLike {
  setAttributes(attributes: SpanAttributesLike): unknown;
  addEvent(name: string, attributes?: SpanAttributesLike): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  /** False for a span that records nothing (no tracer provider registered, or sampled out). */
  isRecording(): boolean;
  end(): void;
}

/** A tracer of OpenTelemetry's API (`trace.getTracer(...)`), as far as the SDK uses it. */
export interface TracerLike {
  startSpan(name: string, options?: { kind?: number; attributes?: SpanAttributesLike }): SpanLike;
}

/** A tracer provider of OpenTelemetry's API, as far as the SDK uses it. */
export interface TracerProviderLike {
  getTracer(name: string, version?: string): TracerLike;
}

/**
 * Where a client's spans go (docs/observability.md); default: the global tracer provider when `@opentelemetry/api` loads.
 *
 * @example
 * import { trace } from '@opentelemetry/api';
 * const odds = new SportsOdds({ tracing: { tracerProvider: provider } });
 * const other = new SportsOdds({ tracing: { tracer: trace.getTracer('my-app') } });
 */
export interface TracingOptions {
  /** The provider whose tracer (`sports-odds-data`, `VERSION`) makes the spans; default the global one. */
  tracerProvider?: TracerProviderLike | undefined;
  /** A tracer to make the spans with (it wins over `tracerProvider`). */
  tracer?: TracerLike | undefined;
}
