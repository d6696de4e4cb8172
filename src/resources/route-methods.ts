/**
 * Where the SDK offers each route: route `group.operation` is `odds.group.operation` unless
 * `ROUTE_METHODS` names another method or `REQUEST_ONLY` says why it has none. A test requires
 * `RoutesWithoutMethod` to be empty, so a route added without its method fails to compile.
 * Read by that test and `npm run docs:tables` only; the SDK never imports it (not in the bundle).
 */
import type { SportsOdds } from '../client';
import type { APIPromise } from '../core/answer';
import type { ResponseOf } from '../core/types';
import type { RouteId } from '../schemas/routes';
import type { SportsOddsCredentials } from './credentials';

/** The SDK as a user holds it: `odds`, a `SportsOdds` client, and `credentials`, the keyless `SportsOddsCredentials`. */
interface SdkSurface {
  odds: SportsOdds;
  credentials: SportsOddsCredentials;
}

/** The routes whose method is not `odds.<route id>` (renamed account calls, keyless credential operations). */
export const ROUTE_METHODS = {
  'recoveryEmail.resend': 'odds.account.resendVerification',
  'billing.portal': 'odds.account.billingPortal',
  'checkout.intent': 'credentials.checkoutIntent',
  'checkout.claim': 'credentials.claim',
  'recovery.request': 'credentials.requestRecovery',
  'recovery.claim': 'credentials.claimRecovery',
  'recoveryEmail.verify': 'credentials.verifyRecoveryEmail',
} as const satisfies Partial<Record<RouteId, string>>;

/** The routes reached only through `odds.request(routeId, ...)`, each with the reason it has no method. */
export const REQUEST_ONLY = {} as const satisfies Partial<Record<RouteId, string>>;

/** The path of a route's method on the SDK's surface (`odds.events.odds`). */
type MethodPathOf<Id extends RouteId> = Id extends keyof typeof ROUTE_METHODS ? (typeof ROUTE_METHODS)[Id] : `odds.${Id}`;

/** What stands at a dotted path of a type, or undefined when nothing does. */
type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : undefined
  : Path extends keyof T
    ? T[Path]
    : undefined;

/** Whether the SDK has the route's method, answering the route's success body. */
type HasMethod<Id extends RouteId> =
  At<SdkSurface, MethodPathOf<Id>> extends (...args: never[]) => APIPromise<ResponseOf<Id>> ? true : false;

/** The routes that must have a method: all but those reached through `odds.request` only. */
type RoutesWithMethods = Exclude<RouteId, keyof typeof REQUEST_ONLY>;

/** Every route without its method (or whose method answers another body), as what to write; `never` when none. */
export type RoutesWithoutMethod = {
  [Id in RoutesWithMethods]: HasMethod<Id> extends true
    ? never
    : `${Id}: write ${MethodPathOf<Id>}(...) returning APIPromise<ResponseOf<'${Id}'>> in src/resources/, or list the route in REQUEST_ONLY (src/resources/route-methods.ts)`;
}[RoutesWithMethods];

/**
 * The path of a route's method (`odds.events.odds`), or undefined for a route the SDK reaches
 * through `odds.request` only.
 *
 * @example
 * methodPathOf('events.odds'); // 'odds.events.odds'
 * methodPathOf('checkout.claim'); // 'credentials.claim'
 */
export function methodPathOf(id: string): string | undefined {
  if (Object.hasOwn(REQUEST_ONLY, id)) return undefined;
  const named: Partial<Record<string, string>> = ROUTE_METHODS;
  return named[id] ?? `odds.${id}`;
}
