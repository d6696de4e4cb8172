import type { ClientOptions } from '../core/types';
import { checkOptions } from '../core/options';
import { optionNames } from '../schemas/refusal-words';
import type { BudgetSettings } from './budget';

/** Options of `createMcpServer`. */
export interface McpServerOptions {
  /** The SDK client's options (`apiKey`, `baseUrl`, `coordinator`...); its `budget.maxCredits` is `maxCredits`; paced at the plan rate. */
  client: ClientOptions;
  /** Most credits the session may spend (every session of the coordinator together, when shared). */
  maxCredits: number;
  /** Most credits one tool call may cost at worst. Default 250 (one page of odds history), at most `maxCredits`. */
  maxCallCredits?: number | undefined;
  /**
   * A call whose worst case is above this asks the person first (elicitation), or is refused where the
   * client cannot ask. Default 250, the per-call cap's default: every tool fits it with the inputs it lists.
   */
  confirmAboveCredits?: number | undefined;
  /** The account toolset (record, usage, keys, request health) and, with it, the mutations (revoke a key, resend a verification). Default off. */
  toolsets?: { account?: boolean | undefined; mutations?: boolean | undefined } | undefined;
  /** Only read-only tools, whatever `toolsets` says. */
  readOnly?: boolean | undefined;
  /** Token cap of one result's text (o200k_base). Default 20,000. */
  maxResultTokens?: number | undefined;
  /** Names this session's continuations. Default: random. */
  sessionId?: string | undefined;
}

/** The names of `McpServerOptions`. */
const MCP_OPTIONS = optionNames<McpServerOptions>()([
  'client',
  'maxCredits',
  'maxCallCredits',
  'confirmAboveCredits',
  'toolsets',
  'readOnly',
  'maxResultTokens',
  'sessionId',
]);

/** The defaults of the options. */
export const MCP_DEFAULTS = { maxCallCredits: 250, confirmAboveCredits: 250, maxResultTokens: 20_000 } as const;

/** A count option: a non-negative integer (positive where zero means nothing), or a clear error. */
export function checkCount(name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    const shown = typeof value === 'number' || typeof value === 'boolean' ? String(value) : typeof value;
    throw new RangeError(`${name} must be an integer of at least ${min}, got ${shown}`);
  }
  return value;
}

const randomSession = (): string => {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('');
};

/** Options checked, with their defaults. */
export function resolveMcpOptions(options: McpServerOptions) {
  if (typeof options !== 'object' || options === null || typeof options.client !== 'object' || options.client === null) {
    throw new TypeError('createMcpServer needs { client, maxCredits }: client is the SDK client options (apiKey, baseUrl, ...)');
  }
  checkOptions('createMcpServer()', options, MCP_OPTIONS);
  if (options.toolsets !== undefined) checkOptions('createMcpServer(): toolsets', options.toolsets, ['account', 'mutations']);
  const maxCredits = checkCount('maxCredits', options.maxCredits, 1);
  const settings: BudgetSettings = {
    maxCredits,
    maxCallCredits: Math.min(maxCredits, checkCount('maxCallCredits', options.maxCallCredits ?? MCP_DEFAULTS.maxCallCredits, 1)),
    confirmAboveCredits: checkCount('confirmAboveCredits', options.confirmAboveCredits ?? MCP_DEFAULTS.confirmAboveCredits, 0),
  };
  const readOnly = options.readOnly === true;
  const account = options.toolsets?.account === true;
  const sessionId = options.sessionId ?? randomSession();
  if (!/^[A-Za-z0-9]{1,32}$/.test(sessionId)) throw new RangeError('sessionId must be 1 to 32 letters or digits');
  return {
    client: options.client,
    settings,
    toolsets: { account, mutations: account && options.toolsets?.mutations === true && !readOnly },
    maxResultTokens: checkCount('maxResultTokens', options.maxResultTokens ?? MCP_DEFAULTS.maxResultTokens, 1000),
    sessionId,
  };
}
