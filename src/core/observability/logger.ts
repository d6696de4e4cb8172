import { redact } from '../../schemas/redact';
import type { InternalLogger, Logger, LogLevel } from '../types';

const RANK: Readonly<Record<LogLevel, number>> = { debug: 0, info: 1, warn: 2, error: 3, off: 4 };

export const isLogLevel = (value: unknown): value is LogLevel => typeof value === 'string' && Object.hasOwn(RANK, value);

function redactValue(value: unknown, secrets: ReadonlySet<string>, depth: number): unknown {
  if (typeof value === 'string') return redact(value, secrets);
  if (value instanceof Error) return redact(`${value.name}: ${value.message}`, secrets);
  if (value === null || typeof value !== 'object') return value;
  // Deeper objects are cut, not passed on unmasked (this also ends a cycle).
  if (depth > 3) return '[nested]';
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets, depth + 1));
  if (value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = /authorization|api_?key|secret|token|nonce|idempotency|old_?key/i.test(k) ? '****' : redactValue(v, secrets, depth + 1);
  }
  return out;
}

/**
 * Wraps a user logger with a level filter and key redaction; with `sharedWith`, masks the same secrets (a `withOptions` client).
 *
 * @example
 * const log = createLogger(console, 'info');
 * log.info('request', { url }); // printed as "sports-odds: request"
 */
export function createLogger(target: Logger, level: LogLevel, sharedWith?: InternalLogger): InternalLogger {
  const secrets = sharedWith?.secrets ?? new Set<string>();
  const emit =
    (name: Exclude<LogLevel, 'off'>) =>
    (message: string, ...args: unknown[]) => {
      if (RANK[name] < RANK[level]) return;
      target[name](`sports-odds: ${redact(message, secrets)}`, ...args.map((a) => redactValue(a, secrets, 0)));
    };
  return {
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    target,
    level,
    secrets,
    addSecret: (secret) => void secrets.add(secret),
    enabled: (name) => RANK[name] >= RANK[level],
  };
}
