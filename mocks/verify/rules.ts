/**
 * The rules `verify` checks, named by the headings of docs/service.md that state them (a test keeps
 * every name a heading there).
 */
export const RULES = {
  errors: 'Errors',
  headers: 'Response headers',
  metering: 'Metering: credits, windows and headers',
  cache: 'Cache',
  rateLimit: 'Rate limit',
  auth: 'Authentication, keys and scopes',
  accountRoutes: 'Account and key routes',
  dataRoutes: 'Data routes',
  parameters: 'Parameter formats',
  rowCaps: 'Row caps and truncation',
  events: 'Events',
  prices: 'Prices',
  clv: 'CLV analysis',
} as const;

export type RuleKey = keyof typeof RULES;

/**
 * The anchor of a heading as GitHub renders it: lower case, punctuation but `-` removed, spaces as `-`.
 *
 * @example
 * anchorOf('Metering: credits, windows and headers'); // 'docs/service.md#metering-credits-windows-and-headers'
 */
export const anchorOf = (heading: string): string =>
  `docs/service.md#${heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-')}`;
