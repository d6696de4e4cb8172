import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../mocks';
import { BudgetExceededError, InvalidParametersError, NotFoundError, SportsOddsCredentials, VERSION, type ClientOptions } from '../../src';
import { rejection } from './fake-fetch';
import { chargesOf, sdkFor, useMockServer } from './mock-setup';

const newMock = useMockServer();

/** A tracer provider of the OpenTelemetry SDK whose spans are kept in memory. */
function inMemory() {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  return { exporter, provider, spans: () => exporter.getFinishedSpans() };
}

/** An SDK client on the mock whose spans go to an in-memory exporter. */
function traced(mock: MockService, options: ClientOptions = {}) {
  const otel = inMemory();
  return { ...sdkFor(mock, { tracing: { tracerProvider: otel.provider }, ...options }), ...otel };
}

const only = (spans: ReadableSpan[]): ReadableSpan => {
  expect(spans).toHaveLength(1);
  return spans[0] as ReadableSpan;
};

const eventsOf = (span: ReadableSpan, name: string) => span.events.filter((e) => e.name === name).map((e) => e.attributes);

/** What an answer sets: none of it is on a call refused before sending. */
const ANSWER_ATTRIBUTES = [
  'url.full',
  'http.response.status_code',
  'http.request.resend_count',
  'sports_odds.attempts',
  'sports_odds.credits.cost',
  'sports_odds.credits.daily.remaining',
  'sports_odds.credits.period.remaining',
  'sports_odds.result.rows',
  'sports_odds.request_id',
];

afterEach(() => {
  trace.disable();
  context.disable();
});

describe('a span for each call, in the OpenTelemetry SDK', () => {
  it("is a CLIENT span with the HTTP conventions' attributes and the service's credits, rows and request id", async () => {
    const mock = newMock();
    const { odds, spans, provider } = traced(mock);
    const { meta } = await odds.catalog.sports().withMeta();
    const span = only(spans());
    const base = new URL(mock.baseUrl);
    expect(span.name).toBe('GET /v1/catalog/sports');
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.instrumentationScope).toMatchObject({ name: 'sports-odds-data', version: VERSION });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.attributes).toEqual({
      'http.request.method': 'GET',
      'server.address': base.hostname,
      'server.port': Number(base.port) || 443,
      'url.template': '/v1/catalog/sports',
      'url.full': `${mock.baseUrl}/v1/catalog/sports`,
      'sports_odds.route': 'catalog.sports',
      'http.response.status_code': 200,
      'sports_odds.attempts': 1,
      'sports_odds.credits.cost': 3,
      'sports_odds.credits.daily.remaining': meta.credits.dailyRemaining,
      'sports_odds.credits.period.remaining': meta.credits.periodRemaining,
      'sports_odds.result.rows': 44,
      'sports_odds.result.truncated': false,
      'sports_odds.cache': meta.cache,
      'sports_odds.request_id': meta.requestId,
      // Reusable, found in neither the cache nor in flight: sent.
      'sports_odds.client_cache': 'miss',
    });
    expect(meta.credits.cost).toBe(3);
    expect(meta.requestId).toMatch(/^req_/);
    // Unpaced: admitted at once, its envelope reserved.
    expect(eventsOf(span, 'sports_odds.admission')).toEqual([
      { 'sports_odds.attempt': 1, 'sports_odds.admission.wait_ms': 0, 'sports_odds.credits.reserved': 25 },
    ]);
    await provider.shutdown();
  });

  it('is one span for a retried call: the retry an event with its delay and reason, the resend counted', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'events.list', status: 503 });
    const { odds, spans, seen } = traced(mock);
    const { meta } = await odds.events.list({ limit: 3 }).withMeta();
    const span = only(spans());
    expect(meta.attempts).toBe(2);
    expect(span.attributes).toMatchObject({
      'http.response.status_code': 200,
      'http.request.resend_count': 1,
      'sports_odds.attempts': 2,
      'sports_odds.result.rows': 3,
      'sports_odds.request_id': meta.requestId,
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    const [retry] = eventsOf(span, 'sports_odds.retry');
    expect(retry).toMatchObject({
      'sports_odds.attempt': 1,
      'sports_odds.retry.delay_ms': seen.retries[0]?.delayMs,
      'error.type': '503',
      'sports_odds.error.code': 'temporarily_unavailable',
    });
    expect(retry?.['error.message']).toMatch(/^503 temporarily_unavailable: /);
    expect(retry?.['sports_odds.request_id']).not.toBe(meta.requestId);
    expect(retry?.['sports_odds.credits.cost']).toBe(chargesOf(mock).charged - (meta.credits.cost ?? 0));
    expect(eventsOf(span, 'sports_odds.admission').map((e) => e?.['sports_odds.attempt'])).toEqual([1, 2]);
    // Every attempt's charge is the call's: the span says what the ledger counted.
    expect(span.attributes['sports_odds.credits.cost']).toBe(odds.credits.spent);
    expect(odds.credits.spent).toBe(chargesOf(mock).charged);
  });

  it('counts a dropped connection as a send without an answer', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'catalog.sports', drop: 'connection' });
    const { odds, spans } = traced(mock);
    await odds.catalog.sports();
    const span = only(spans());
    expect(eventsOf(span, 'sports_odds.retry')).toMatchObject([{ 'error.type': 'ConnectionError', 'sports_odds.attempt': 1 }]);
    expect(span.attributes).toMatchObject({ 'http.response.status_code': 200, 'http.request.resend_count': 1, 'sports_odds.attempts': 2 });
  });

  it('ends a call that failed after its retries with the last error, and no status of an earlier answer', async () => {
    const mock = newMock();
    mock.faults.inject({ route: 'catalog.sports', status: 503 });
    mock.faults.inject({ route: 'catalog.sports', drop: 'connection' });
    const { odds, spans } = traced(mock, { maxRetries: 1 });
    await expect(odds.catalog.sports()).rejects.toMatchObject({ name: 'ConnectionError' });
    const span = only(spans());
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes['error.type']).toBe('ConnectionError');
    expect(span.attributes['http.response.status_code']).toBeUndefined();
    expect(span.attributes['http.request.resend_count']).toBe(1);
  });

  it('records a metered error: the 404 of a CLV without a closing row, with the credit it cost', async () => {
    const mock = newMock();
    const { odds, spans } = traced(mock);
    const error = await rejection<NotFoundError>(odds.analytics.clv({ event_id: 999_999_999, market: 'moneyline', side: 'home', odds: 2 }));
    expect(error).toBeInstanceOf(NotFoundError);
    const span = only(spans());
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: error.message });
    expect(span.attributes).toMatchObject({
      'http.response.status_code': 404,
      'error.type': '404',
      'sports_odds.error.code': 'not_found',
      'sports_odds.credits.cost': error.meta?.credits.cost,
      'sports_odds.request_id': error.requestId,
      'sports_odds.attempts': 1,
    });
    expect(error.meta?.credits.cost).toBe(1);
  });
});

describe('a call refused before anything is sent', () => {
  it('by the budget: an error span with the refusal as an event, and nothing of an answer', async () => {
    const mock = newMock();
    const { odds, spans, seen } = traced(mock, { budget: { maxCredits: 100 } });
    const error = await rejection<BudgetExceededError>(odds.events.odds(42, { full_history: true }));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(seen.requests).toEqual([]);
    const span = only(spans());
    expect(span.name).toBe('GET /v1/events/{event_id}/odds');
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: error.message });
    expect(span.attributes['error.type']).toBe('BudgetExceededError');
    expect(eventsOf(span, 'sports_odds.budget.refused')).toEqual([
      { 'sports_odds.budget.limit': 'maxCredits', 'sports_odds.credits.envelope': 250, 'sports_odds.budget.available': 100 },
    ]);
    expect(eventsOf(span, 'sports_odds.admission')).toEqual([]);
    for (const name of ANSWER_ATTRIBUTES) expect(span.attributes[name], name).toBeUndefined();
  });

  it('by local validation: an error span, no URL and nothing of an answer', async () => {
    const mock = newMock();
    const { odds, spans, seen } = traced(mock);
    const error = await rejection<InvalidParametersError>(odds.events.list({ limit: 501 }));
    expect(error.sent).toBe(false);
    expect(seen.requests).toEqual([]);
    const span = only(spans());
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    // A 400 that was never sent: its type is the error's, not a status.
    expect(span.attributes['error.type']).toBe('InvalidParametersError');
    expect(span.attributes['sports_odds.route']).toBe('events.list');
    expect(span.events).toEqual([]);
    for (const name of ANSWER_ATTRIBUTES) expect(span.attributes[name], name).toBeUndefined();
  });
});

describe('pacing', () => {
  it("shows each attempt's wait for its pacing slot (virtual time: the mock's clock)", async () => {
    const mock = newMock();
    const account = await mock.createAccount({ email: 'paced@example.test', plan: 'trial' });
    // The same call three times, each sent: nothing shared or cached.
    const { odds, spans } = traced(mock, { apiKey: account.apiKey, rateLimit: { requestsPerSecond: 2 }, cache: false, coalesce: false });
    const start = mock.clock.now();
    await Promise.all(Array.from({ length: 3 }, () => odds.catalog.leagues({ sport_id: 1 })));
    const waits = spans().map((span) => eventsOf(span, 'sports_odds.admission')[0]?.['sports_odds.admission.wait_ms'] as number);
    expect(waits).toHaveLength(3);
    const [first, second, third] = [...waits].sort((a, b) => a - b);
    expect([first, second]).toEqual([0, 0]);
    // The third of a burst at 2 per second waits for a slot: as long as the burst's clock advanced.
    expect(third).toBeGreaterThan(0);
    expect(third).toBe(mock.clock.now() - start);
  });
});

describe('turning it on and off', () => {
  it('uses the global tracer provider by default, once one is registered, and none with tracing: false', async () => {
    const mock = newMock();
    const { exporter, provider } = inMemory();
    const before = sdkFor(mock).odds;
    await before.catalog.sports();
    expect(exporter.getFinishedSpans()).toEqual([]);
    trace.setGlobalTracerProvider(provider);
    // A client made before the provider was registered traces too.
    await before.catalog.sports();
    await sdkFor(mock).odds.catalog.sports();
    await sdkFor(mock, { tracing: false }).odds.catalog.sports();
    expect(exporter.getFinishedSpans().map((s) => s.instrumentationScope.name)).toEqual(['sports-odds-data', 'sports-odds-data']);
  });

  it('takes a tracer of the application, and shares tracing with withOptions() clients', async () => {
    const mock = newMock();
    const { exporter, provider } = inMemory();
    const { odds } = sdkFor(mock, { tracing: { tracer: provider.getTracer('my-app', '1.2.3') } });
    await odds.catalog.sports();
    await odds.withOptions({ maxRetries: 0 }).catalog.periods({ sport_id: 1 });
    expect(exporter.getFinishedSpans().map((s) => [s.name, s.instrumentationScope.name])).toEqual([
      ['GET /v1/catalog/sports', 'my-app'],
      ['GET /v1/catalog/periods', 'my-app'],
    ]);
  });

  it("is a child of the application's active span, and the active span while the request is sent", async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    const mock = newMock();
    const { exporter, provider } = inMemory();
    const activeAtFetch: (string | undefined)[] = [];
    const { odds } = sdkFor(mock, {
      tracing: { tracerProvider: provider },
      fetch: (input, init) => {
        activeAtFetch.push(trace.getActiveSpan()?.spanContext().spanId);
        return mock.fetch(input, init);
      },
    });
    await provider.getTracer('my-app').startActiveSpan('refresh', async (parent) => {
      await odds.catalog.sports();
      parent.end();
    });
    const [call, parent] = exporter.getFinishedSpans();
    expect(parent?.name).toBe('refresh');
    expect(call?.parentSpanContext?.spanId).toBe(parent?.spanContext().spanId);
    expect(call?.spanContext().traceId).toBe(parent?.spanContext().traceId);
    expect(activeAtFetch).toEqual([call?.spanContext().spanId]);
  });

  it('costs nothing per call beyond a no-op span while no provider is registered', async () => {
    const mock = newMock();
    const { odds } = sdkFor(mock);
    // @opentelemetry/api is installed here: the call goes through a non-recording span and ends as before.
    expect(await odds.catalog.sports()).toHaveLength(44);
    expect(trace.getActiveSpan()).toBeUndefined();
  });
});

describe('what a span never holds', () => {
  it('has no key, wherever a key was given: the key, a key function, parameters, headers, a body, an error, a rotated key', async () => {
    const mock = newMock();
    const { exporter, provider } = inMemory();
    const spare = await mock.createKey(mock.demoEmail, { name: 'spare' });
    const secrets = [mock.apiKey, spare.apiKey];
    const tracing = { tracerProvider: provider };
    const { odds } = sdkFor(mock, { tracing, defaultHeaders: { 'X-Api-Key': mock.apiKey } });
    await odds.catalog.sports({ headers: { 'X-Forwarded-Key': spare.apiKey } });
    // A key given as a parameter's value: refused locally, sent in a URL, and sent in a body.
    await expect(odds.events.list({ starts_from: spare.apiKey })).rejects.toBeInstanceOf(InvalidParametersError);
    await expect(odds.events.list({ live: true, cursor: spare.apiKey })).rejects.toMatchObject({ status: 400 });
    const created = await odds.keys.create({ name: spare.apiKey });
    secrets.push(created.api_key as string);
    // A key function, and a key the service refuses.
    await sdkFor(mock, { tracing, apiKey: () => spare.apiKey }).odds.catalog.periods({ sport_id: 1 });
    const wrong = `svc_live_${'x'.repeat(32)}`;
    await expect(sdkFor(mock, { tracing, apiKey: wrong, maxRetries: 0 }).odds.catalog.sports()).rejects.toMatchObject({ status: 401 });
    secrets.push(wrong);
    // A custom key that does not look like one, and a rotation (its answer holds the new key).
    const rotated = await odds.keys.rotate();
    secrets.push(rotated.api_key);
    await odds.catalog.sports();
    // A custom key that does not look like one, and credentials in the base URL (which fetch refuses).
    const custom = 'my-own-secret-key-value';
    const password = 'proxy-password-value';
    const withCredentials = sdkFor(mock, {
      tracing,
      apiKey: custom,
      baseUrl: mock.baseUrl.replace('://', `://proxy:${password}@`),
      maxRetries: 0,
    });
    await expect(withCredentials.odds.catalog.sports()).rejects.toBeDefined();
    secrets.push(custom, password);
    const spans = exporter.getFinishedSpans();
    expect(spans.length).toBeGreaterThanOrEqual(9);
    const text = JSON.stringify(
      spans.map((s) => ({ name: s.name, attributes: s.attributes, events: s.events, status: s.status, links: s.links })),
    );
    expect(text).toContain('url.full');
    expect(text).toContain('"url.full":"https://REDACTED:REDACTED@');
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(-12));
    }
  });

  it('traces the keyless credentials client too, its tokens (in the body) nowhere in the span', async () => {
    const mock = newMock();
    const checkout = await mock.startCheckout({ email: 'buyer@example.com', plan: 'starter' });
    const { exporter, provider } = inMemory();
    const credentials = new SportsOddsCredentials({ baseUrl: mock.baseUrl, logLevel: 'off', tracing: { tracerProvider: provider } });
    expect((await credentials.checkoutIntent({ resume_token: checkout.resume_token })).status).toBe('open');
    const span = only(exporter.getFinishedSpans());
    expect(span.name).toBe('POST /v1/checkout/intents');
    expect(span.attributes).toMatchObject({ 'sports_odds.route': 'checkout.intent', 'http.response.status_code': 200 });
    expect(JSON.stringify([span.attributes, span.events])).not.toContain(checkout.resume_token.slice(4));
  });
});
