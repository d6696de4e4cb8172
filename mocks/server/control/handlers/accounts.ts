import { contextOf } from '../../../service/internal';
import { accountView, checkoutView } from '../views';
import type { Handlers } from './types';

/** The operations on accounts, their keys, and the checkouts that make new ones. */
export const accountHandlers = {
  'accounts.list': (mock) => mock.accounts().map(accountView),
  'accounts.create': async (mock, { body }) => {
    const created = await mock.createAccount({
      email: body.email,
      plan: body.plan,
      status: body.status,
      recoveryEmailVerified: body.recovery_email_verified,
    });
    return { email: created.email, api_key: created.apiKey };
  },
  'accounts.update': async (mock, { params, body }) => {
    await mock.updateAccount(params.email, { ...body });
    return { email: body.email ?? params.email };
  },
  'keys.create': async (mock, { params, body }) => {
    const created = await mock.createKey(params.email, {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.scopes === undefined ? {} : { scopes: body.scopes }),
    });
    return { id: created.id, api_key: created.apiKey };
  },
  'keys.revoke': (mock, { params }) => mock.revokeKey(params.id),
  'checkouts.list': (mock) => {
    const service = contextOf(mock);
    return service.state.checkouts.all(service.clock.now()).map(checkoutView);
  },
  'checkouts.start': (mock, { body }) => mock.startCheckout(body),
  'checkouts.complete': async (mock, { params }) => {
    await mock.completeCheckout(params.id);
    return { session_id: params.id, status: 'complete' as const };
  },
} satisfies Partial<Handlers>;
