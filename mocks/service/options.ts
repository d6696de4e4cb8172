import type { AccountStatus } from '../../src/schemas';
import type { ResolvedOptions } from './contract';
import { DEFAULT_PLANS, type PlanConfig } from './state/plans';
import { storeBoundsOf, type StoreBounds } from './state/store-bounds';

/** Options of `createMockService`. */
export interface MockServiceOptions {
  /** Where the service answers. Default `https://api.sports-odds.test`. */
  baseUrl?: string;
  /** Seed of the virtual dataset. Default `sports-odds`. */
  seed?: string | number;
  /** The mock's "now"; its clock runs at real speed from there. Default: the real time. */
  now?: Date | string | number;
  /** Plans, merged over the default catalog (trial, starter, pro). */
  plans?: Record<string, PlanConfig>;
  /** The demo account created at start: its plaintext key is `mock.apiKey` (both scopes). */
  demoAccount?: { email?: string; plan?: string; status?: AccountStatus; apiKey?: string };
  /** Public origin of the first-party pages (cookie-authenticated checks). Default: the base URL's origin. */
  publicOrigin?: string;
  /** Most candidates one live scan covers before it ends truncated. Default 5,000. */
  liveScanLimit?: number;
  /** Register `POST /v1/account/billing-portal` (not registered in the private beta). Default false. */
  billingPortal?: boolean;
  /**
   * The most entries some stores hold (docs/mock-server.md, "What the mock keeps, and for how long"), each a whole number, 1 or
   * more: lower to see a full store's refusal in a test, raise for a long-running shared mock. A store of
   * credentials or records past its bound refuses one more (`503 temporarily_unavailable`); a log drops its oldest.
   *
   * @example
   * createMockService({ bounds: { accounts: 10 } }); // the eleventh account is refused
   */
  bounds?: Partial<StoreBounds>;
}

const DEFAULT_BASE_URL = 'https://api.sports-odds.test';
export const DEFAULT_DEMO_EMAIL = 'demo@sports-odds.test';

/** Options with their defaults applied. */
export function resolveOptions(options: MockServiceOptions): ResolvedOptions {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const url = new URL(baseUrl);
  const serviceOrigin = url.origin;
  return {
    baseUrl,
    serviceOrigin,
    basePath: url.pathname.replace(/\/+$/, ''),
    publicOrigin: options.publicOrigin ?? serviceOrigin,
    seed: options.seed ?? 'sports-odds',
    plans: { ...DEFAULT_PLANS, ...options.plans },
    liveScanLimit: options.liveScanLimit ?? 5000,
    billingPortal: options.billingPortal ?? false,
    bounds: storeBoundsOf(options.bounds),
  };
}
