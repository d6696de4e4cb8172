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
 * Every check, in the order a run sends their requests: the cheap and free ones first, the keys
 * the run makes before the checks that use them, the burst over the rate limit late (so that its
 * 429 disturbs nothing else), the cursor's five-minute wait last. Checks that judge every answer
 * judge once all are in.
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
