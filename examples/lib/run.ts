/**
 * How every example starts and ends: Ctrl-C stops it cleanly (a second one exits at once), and a
 * failure the user can act on (a wrong key, an unreachable service, spent credits) is one line,
 * not a stack.
 */
import {
  APIError,
  AbortError,
  AuthenticationError,
  BudgetExceededError,
  ConnectionError,
  InvalidParametersError,
  PermissionDeniedError,
  QuotaExceededError,
  SportsOddsError,
  TimeoutError,
} from '../../src';

/** The system error behind a failed `fetch` (`ECONNREFUSED`, `ENOTFOUND`), else its message. */
function reasonOf(cause: unknown): string {
  let current: unknown = cause;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (current.cause === undefined) return current.message;
    current = current.cause;
  }
  return String(current);
}

/**
 * One line that says what went wrong and what to do, for the errors a user can act on; undefined
 * for anything else (a bug, whose stack is worth seeing).
 *
 * @example
 * describeFailure(new AuthenticationError({ status: 401, code: 'invalid_api_key', message: '...' }), 'https://api.example.com');
 * // 'https://api.example.com refused the API key (401 invalid_api_key): check SPORTS_ODDS_API_KEY.'
 */
export function describeFailure(error: unknown, baseUrl: string): string | undefined {
  if (error instanceof AuthenticationError)
    return `${baseUrl} refused the API key (${error.status} ${error.code}): check SPORTS_ODDS_API_KEY.`;
  if (error instanceof PermissionDeniedError) return `${baseUrl} refused the call (${error.status} ${error.code}): ${error.serviceMessage}`;
  if (error instanceof QuotaExceededError) {
    const reset = error.resetAt ? ` until ${error.resetAt.toISOString()}` : '';
    return `The account has no credits left${reset} (429 quota_exceeded).`;
  }
  if (error instanceof TimeoutError) return `${baseUrl} did not answer in time: ${error.message}.`;
  if (error instanceof ConnectionError)
    return `Could not reach ${baseUrl} (${reasonOf(error.cause)}): check SPORTS_ODDS_BASE_URL and the network.`;
  if (error instanceof BudgetExceededError) return `Stopped by the credit budget: ${error.message}.`;
  // The SDK's own refusals (a parameter, an option) are local: the service never saw them.
  if (error instanceof InvalidParametersError && !error.sent) return `Refused locally, nothing sent: ${error.serviceMessage}.`;
  if (error instanceof APIError) return `${baseUrl} answered ${error.message}`;
  if (error instanceof SportsOddsError) {
    return error.constructor === SportsOddsError ? `Refused locally, nothing sent: ${error.message}.` : `${error.name}: ${error.message}`;
  }
  // A port flag whose port another process holds.
  const { code, syscall, path, port } = (error ?? {}) as { code?: unknown; syscall?: unknown; path?: unknown; port?: unknown };
  if (code === 'EADDRINUSE' && syscall === 'listen')
    return `Port ${String(port)} is in use: choose another with the port flag (--help), or 0 for any free port.`;
  // A file the example was given that cannot be read or written.
  if (typeof code === 'string' && typeof syscall === 'string' && typeof path === 'string') return `Cannot ${syscall} ${path} (${code}).`;
  return undefined;
}

/**
 * Runs an example's main function with a signal that Ctrl-C aborts. An abort ends it quietly (exit
 * 130); a failure is one line on stderr (exit 1); a bug keeps its stack.
 *
 * @example
 * await runExample(target.baseUrl, async (signal) => { ... });
 */
export async function runExample(baseUrl: string, main: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const stop = new AbortController();
  const onSigint = () => {
    if (stop.signal.aborted) process.exit(130);
    console.error('\nStopping (Ctrl-C again to quit at once)...');
    stop.abort();
  };
  process.on('SIGINT', onSigint);
  try {
    await main(stop.signal);
    if (stop.signal.aborted) process.exitCode = 130;
  } catch (error) {
    if (stop.signal.aborted && (error instanceof AbortError || (error instanceof Error && error.name === 'AbortError'))) {
      process.exitCode = 130;
      return;
    }
    const line = describeFailure(error, baseUrl);
    if (line === undefined) throw error;
    console.error(line);
    process.exitCode = 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
