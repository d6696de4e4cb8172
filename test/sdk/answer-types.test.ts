import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import type {
  Account,
  AccountRecoveryAccepted,
  AccountRecoverySuccess,
  ApiKey,
  ApiKeyCreated,
  BillingPortal,
  CheckoutIntentResponse,
  ClaimPending,
  ClaimSuccess,
  ClosingLine,
  ClosingLineValue,
  Event,
  KeyRotationSuccess,
  League,
  OddsSnapshot,
  OpeningLine,
  Outright,
  PeriodDefinition,
  RecoveryEmailVerificationAccepted,
  RecoveryEmailVerificationSuccess,
  RequestHealthReport,
  ResponseOf,
  Result,
  RouteId,
  SpecialMarket,
  SpecialOddsSnapshot,
  Sport,
  Usage,
} from '../../src';
import * as schemas from '../../src/schemas';

/**
 * Each route's answer as `sports-odds-data` exports it by name (a list of its rows, for a data
 * route): importing a name the package does not export, or giving a route the wrong one, does not
 * compile, and neither does a route of the table left out here.
 */
interface ExportedAnswers {
  'catalog.sports': Sport[];
  'catalog.leagues': League[];
  'catalog.periods': PeriodDefinition[];
  'events.list': Event[];
  'events.odds': OddsSnapshot[];
  'events.openingLines': OpeningLine[];
  'events.closingLines': ClosingLine[];
  'events.results': Result[];
  'events.props': SpecialMarket[];
  'props.odds': SpecialOddsSnapshot[];
  'outrights.list': Outright[];
  'analytics.clv': ClosingLineValue;
  'account.get': Account;
  'account.usage': Usage;
  'account.requestHealth': RequestHealthReport;
  'keys.list': ApiKey[];
  'keys.create': ApiKeyCreated;
  'keys.revoke': ApiKey;
  'keys.rotate': KeyRotationSuccess;
  'recoveryEmail.resend': RecoveryEmailVerificationAccepted;
  'billing.portal': BillingPortal;
  'checkout.intent': CheckoutIntentResponse;
  'checkout.claim': ClaimSuccess | ClaimPending;
  'recovery.request': AccountRecoveryAccepted;
  'recovery.claim': AccountRecoverySuccess;
  'recoveryEmail.verify': RecoveryEmailVerificationSuccess;
}

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** The routes whose answer is not listed here by its exported name, or is listed with another type, each as what to do. */
type Unnamed = {
  [Id in RouteId]: Id extends keyof ExportedAnswers
    ? Equal<ExportedAnswers[Id], ResponseOf<Id>> extends true
      ? never
      : `${Id}: ExportedAnswers gives it a type that is not ResponseOf<'${Id}'>`
    : `${Id}: export its answer's type (its row's, for a list) by name from src/index.ts, and list it in ExportedAnswers (test/sdk/answer-types.test.ts)`;
}[RouteId];

const named: [Unnamed] extends [never] ? 'every answer is exported by name' : Unnamed = 'every answer is exported by name';

/** The schemas `sports-odds-data/schemas` exports, by identity. */
const exported = new Set<unknown>(Object.values(schemas));

describe("every route's answer and input have their exported names", () => {
  it('sports-odds-data exports the type of every answer by name (checked by the compiler)', () => {
    expect(named).toBe('every answer is exported by name');
  });

  it("sports-odds-data/schemas exports every route's schemas: params aside, its query, body, headers and answers (their rows, for a list)", () => {
    for (const route of schemas.routeList) {
      const answers = Object.values(route.responses).map((schema) => {
        const def = (schema as z.ZodMiniType)._zod.def as { type: string; element?: unknown };
        return def.type === 'array' ? def.element : schema;
      });
      const parts = [route.query, route.body, ...Object.values(route.headers ?? {}), ...answers].filter((part) => part !== null);
      for (const part of parts)
        expect(exported.has(part), `${route.id}: a schema that sports-odds-data/schemas does not export`).toBe(true);
    }
  });
});
