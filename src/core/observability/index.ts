/**
 * What a client tells about its calls: its log lines, keys masked (`logger.ts`), and its OpenTelemetry spans. The spans
 * themselves (`spans.ts`) load with the first traced call: `tracing-source.ts` is all a client holds.
 */
export { createLogger, isLogLevel } from './logger';
export { tracingOf } from './tracing-source';
