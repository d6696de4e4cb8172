import type { BillingPortal } from '../../../src/schemas';
import { newToken } from '../state/crypto';
import type { OperationContextOf, OperationResultOf } from '../contract';

/** `POST /v1/account/billing-portal` (registered only when the mock turns it on): a short-lived hosted session. */
export function billingPortal(ctx: OperationContextOf<'billing.portal'>): OperationResultOf<'billing.portal'> {
  const body: BillingPortal = {
    portal_url: `${ctx.service.options.publicOrigin}/billing/session/${newToken(ctx.service.state.random, '', 16)}`,
  };
  return { status: 200, body };
}
