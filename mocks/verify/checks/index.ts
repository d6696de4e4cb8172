import type { CheckDef } from '../check';
import { refusedKeys, scopeRefused } from './auth';
import { catalogCache } from './cache';
import { clvIdentities, clvWithoutClosingRow } from './clv';
import { errorEnvelope, requestIds } from './errors';
import { eventOrder, upcomingEvents } from './events';
import { responseHeaders } from './headers';
import { keyLifecycle, keyRotation } from './keys';
import { cursorExpiry, cursorRefused, livePaging } from './live';
import { freeRefusals, meteringCost } from './metering';
import { malformedParameters, repeatedParameters, unknownParameters } from './params';
import { historySince, latestPrices, sinceNeedsHistory } from './prices';
import { rateLimit } from './rate';
import { rowCaps } from './rows';
import { accountAnswers, dataAnswers } from './schema';

/**
 * Every check in send order: cheap and free first, keys before their users, the rate-limit burst late
 * (its 429 disturbs nothing), the cursor's five-minute wait last; judging checks judge at the end.
 */
export const CHECKS: readonly CheckDef[] = [
  errorEnvelope,
  requestIds,
  responseHeaders,
  dataAnswers,
  accountAnswers,
  meteringCost,
  freeRefusals,
  refusedKeys,
  catalogCache,
  rowCaps,
  upcomingEvents,
  eventOrder,
  malformedParameters,
  unknownParameters,
  repeatedParameters,
  livePaging,
  cursorRefused,
  latestPrices,
  historySince,
  sinceNeedsHistory,
  clvIdentities,
  clvWithoutClosingRow,
  keyLifecycle,
  scopeRefused,
  keyRotation,
  rateLimit,
  cursorExpiry,
];
