/**
 * The span of each call (docs/observability.md), loaded on demand: a CLIENT span per route with HTTP semconv and `sports_odds.*`
 * attributes, and events per admission, retry and budget refusal. Nothing secret: no header or body, every text masked as the logger does.
 */
import type { CreditHeaders } from '../../schemas/headers';
import type { RouteDef } from '../../schemas/route';
import { redact } from '../../schemas/redact';
import type {
  CallSpan,
  CallTracer,
  ClientContext,
  OutgoingRequest,
  RawResponse,
  ResponseMeta,
  SpanAttributesLike,
  SpanLike,
  TracerLike,
  TracerProviderLike,
  TracingOptions,
} from '../types';

/** OpenTelemetry's `SpanKind.CLIENT` and `SpanStatusCode.ERROR`: values its API fixes. */
const SPAN_KIND_CLIENT = 2;
const STATUS_ERROR = 2;

/** The instrumentation scope of the tracer taken from a provider. */
const SCOPE = 'sports-odds-data';

/** What the SDK uses of `@opentelemetry/api`: the global tracer provider, and the active context. */
interface OtelApi {
  trace: TracerProviderLike & { setSpan(context: unknown, span: SpanLike): unknown };
  context: { active(): unknown; with<T>(context: unknown, fn: () => T): T };
}

/** What the span reads of an error: the fields of the SDK's errors, whatever their class. */
interface ErrorFields {
  name?: string;
  message?: string;
  status?: number;
  /** False for parameters refused locally (`InvalidParametersError`): nothing was sent. */
  sent?: boolean;
  code?: string;
  requestId?: string;
  meta?: ResponseMeta;
  /** Of a `BudgetExceededError`. */
  limit?: string;
  envelope?: number;
  available?: number;
}

/** `error.type` of the HTTP semantic conventions: an answer's status, else the error's name. */
const errorType = (e: ErrorFields): string => (typeof e.status === 'number' && e.sent !== false ? String(e.status) : (e.name ?? 'Error'));

/** The service's host and port, once per base URL. */
function serverOf(baseUrl: string): SpanAttributesLike {
  const url = new URL(baseUrl);
  return {
    'server.address': url.hostname.replace(/^\[(.*)\]$/, '$1'),
    'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
  };
}

/** One call's span. */
class TracedCall implements CallSpan {
  #attempt = 0;
  #attempts = 0;
  #sends = 0;
  #cost: number | undefined;
  /** The last answer of the attempt sent last (none when it got no answer). */
  #last: ResponseMeta | undefined;
  /** The credit windows as the last metered answer reported them. */
  #windows: CreditHeaders | undefined;

  constructor(
    readonly span: SpanLike,
    readonly ctx: ClientContext,
    readonly api: OtelApi | undefined,
  ) {}

  /** A text masked as the logger does, with URL credentials redacted as semconv asks for `url.full`. */
  #mask(text: string): string {
    return redact(text.replace(/(\w+:\/\/)[^/@\s]*@/g, '$1REDACTED:REDACTED@'), this.ctx.options.logger.secrets);
  }

  admitted(attempt: number, since: number, envelope: number | undefined): void {
    this.#attempt = attempt;
    this.span.addEvent('sports_odds.admission', {
      'sports_odds.attempt': attempt,
      'sports_odds.admission.wait_ms': this.ctx.options.now() - since,
      'sports_odds.credits.reserved': envelope,
    });
  }

  send(request: OutgoingRequest): Promise<RawResponse> {
    // Set here, not at the start: a call refused before sending has no URL.
    if (this.#sends === 0) this.span.setAttributes({ 'url.full': this.#mask(request.url) });
    this.#sends += 1;
    this.#attempts = this.#attempt;
    this.#last = undefined;
    const { api, ctx } = this;
    const send = () => ctx.transport.send(request);
    // The call's span is the active one while the request is sent: an HTTP instrumentation's span nests under it.
    return api === undefined ? send() : api.context.with(api.trace.setSpan(api.context.active(), this.span), send);
  }

  answered(meta: ResponseMeta): void {
    this.#last = meta;
    if (meta.credits.cost !== undefined) {
      this.#cost = (this.#cost ?? 0) + meta.credits.cost;
      this.#windows = meta.credits;
    }
  }

  reused(kind: 'hit' | 'miss' | 'shared', ageMs?: number): void {
    this.span.setAttributes({ 'sports_odds.client_cache': kind, 'sports_odds.client_cache.age_ms': ageMs });
  }

  retrying(error: Error, attempt: number, delayMs: number): void {
    const e = error as ErrorFields;
    this.span.addEvent('sports_odds.retry', {
      'sports_odds.attempt': attempt,
      'sports_odds.retry.delay_ms': delayMs,
      'error.type': errorType(e),
      'error.message': this.#mask(String(e.message ?? error)),
      'sports_odds.error.code': e.code,
      'sports_odds.request_id': e.requestId,
      // What the failed attempt cost (a 502 or 503 after work reached the data is charged).
      'sports_odds.credits.cost': e.meta?.credits.cost,
    });
  }

  end(error?: unknown): void {
    const { span } = this;
    const last = this.#last;
    span.setAttributes({
      'http.response.status_code': last?.status,
      // Counted as the conventions count it: every request sent again, for any reason (a retry, a rotated key).
      'http.request.resend_count': this.#sends > 1 ? this.#sends - 1 : undefined,
      'sports_odds.attempts': this.#attempts || undefined,
      'sports_odds.credits.cost': this.#cost,
      'sports_odds.credits.daily.remaining': this.#windows?.dailyRemaining,
      'sports_odds.credits.period.remaining': this.#windows?.periodRemaining,
      'sports_odds.result.rows': last?.resultRows,
      'sports_odds.result.truncated': last?.truncated,
      'sports_odds.cache': last?.cache,
      'sports_odds.request_id': last?.requestId,
    });
    if (error !== undefined) {
      const e = (error ?? {}) as ErrorFields;
      if (e.name === 'BudgetExceededError') {
        span.addEvent('sports_odds.budget.refused', {
          'sports_odds.budget.limit': e.limit,
          'sports_odds.credits.envelope': e.envelope,
          'sports_odds.budget.available': e.available,
        });
      }
      span.setAttributes({ 'error.type': errorType(e), 'sports_odds.error.code': e.code });
      span.setStatus({ code: STATUS_ERROR, message: this.#mask(String(e.message ?? error)) });
    }
    span.end();
  }
}

/**
 * The tracer of calls: the given tracer, else the given provider's, else the global provider's of `api`.
 *
 * @example
 * const start = callTracer({ tracerProvider: provider }, undefined, VERSION);
 * const span = start(routes['catalog.sports'], ctx);
 */
export function callTracer(option: TracingOptions, api: unknown, version: string): CallTracer {
  const loaded = api as (Partial<OtelApi> & { default?: OtelApi }) | undefined;
  // A CommonJS build of the API, loaded as a module, has its exports under `default`.
  const otel = loaded?.trace === undefined ? loaded?.default : (loaded as OtelApi);
  const tracer: TracerLike | undefined = option.tracer ?? (option.tracerProvider ?? otel?.trace)?.getTracer(SCOPE, version);
  const servers = new Map<string, SpanAttributesLike>();
  return (route: RouteDef, ctx: ClientContext) => {
    if (tracer === undefined) return undefined;
    const { baseUrl } = ctx.options;
    let server = servers.get(baseUrl);
    if (server === undefined) servers.set(baseUrl, (server = serverOf(baseUrl)));
    const span = tracer.startSpan(`${route.method} ${route.path}`, {
      kind: SPAN_KIND_CLIENT,
      attributes: {
        'http.request.method': route.method,
        ...server,
        'url.template': route.path,
        'sports_odds.route': route.id,
      },
    });
    if (span.isRecording()) return new TracedCall(span, ctx, otel);
    span.end();
    return undefined;
  };
}
