/** The service `sports-odds-mcp` runs against, from its environment, checked in the words of a configuration. Node-only. */
import { isLoopback } from '../../core/options';
import { UsageError } from './flags';

/** Where a user sets the server's environment: said once, in every message about it. */
export const WHERE_ENV_IS_SET =
  'the "env" of this server\'s entry in your MCP client\'s configuration (claude_desktop_config.json, .vscode/mcp.json, .cursor/mcp.json, or claude mcp add --env; docs/mcp.md), or the shell that starts it';

const missing = (name: string, what: string) =>
  new UsageError(`${name} is not set: it is ${what}. Set it in ${WHERE_ENV_IS_SET}; or run with --mock to try the server without a key`);

/**
 * The base URL of the service from `SPORTS_ODDS_BASE_URL`, after checking that it and
 * `SPORTS_ODDS_API_KEY` are set and usable (the SDK reads the key itself); a `UsageError` names the variable.
 *
 * @example
 * serviceFromEnvironment({ SPORTS_ODDS_API_KEY: 'svc_live_...', SPORTS_ODDS_BASE_URL: 'https://api.example.com' }); // 'https://api.example.com'
 */
export function serviceFromEnvironment(env: Readonly<Record<string, string | undefined>>): string {
  if (!env['SPORTS_ODDS_API_KEY']?.trim()) throw missing('SPORTS_ODDS_API_KEY', 'the API key this server calls the service with');
  const raw = env['SPORTS_ODDS_BASE_URL']?.trim();
  if (!raw) throw missing('SPORTS_ODDS_BASE_URL', 'the address of the service (https://...)');
  const wrong = (why: string) => new UsageError(`SPORTS_ODDS_BASE_URL ${JSON.stringify(raw)} ${why}; fix it in ${WHERE_ENV_IS_SET}`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw wrong('is not an absolute URL (https://api.example.com)');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw wrong('is not an https:// URL');
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw wrong('is plain http:// to a host that is not this machine: the API key would cross the network unencrypted; use https://');
  }
  if (/[?#]/.test(url.href)) throw wrong('carries a query or fragment: give the address alone');
  return raw;
}
