import type { BillingPortal } from '../../src/schemas';
import type { OperationContext, OperationResult } from '../context';
import { randomBase64Url } from '../state/crypto';

/** `POST /v1/account/billing-portal` (registered only when the mock turns it on): a short-lived hosted session. */
export function billingPortal(ctx: OperationContext): OperationResult {
  const body: BillingPortal = { portal_url: `${ctx.service.options.publicOrigin}/billing/session/${randomBase64Url(16)}` };
  return { status: 200, body };
}
