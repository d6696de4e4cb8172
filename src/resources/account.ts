import type { APIPromise } from '../core/answer';
import type { QueryOf, RequestOptions } from '../core/types';
import type { Account, BillingPortal, Usage } from '../schemas/account';
import type { RecoveryEmailVerificationAccepted } from '../schemas/credentials';
import type { RequestHealthEvent, RequestHealthReport } from '../schemas/request-health';
import { APIResource } from './resource';

/** Query of the request-health detail iterators: the report's, without the cursor they follow. */
export type RequestHealthFilters = Omit<QueryOf<'account.requestHealth'>, 'cursor'>;

/**
 * The account behind the client's key (scope `account:manage`; none of these calls is metered).
 *
 * @example
 * const account = await odds.account.get();
 * console.log(account.plan.slug, account.quota.daily.remaining);
 */
export class AccountResource extends APIResource {
  /**
   * The account record: plan, both quota windows and the recovery-email status.
   *
   * @example
   * const { quota } = await odds.account.get();
   */
  get(options?: RequestOptions): APIPromise<Account> {
    return this.client.request('account.get', {}, options);
  }

  /**
   * The zero-filled daily series of requests and credits, `days` 1 to 90 (default 30).
   *
   * @example
   * const { series } = await odds.account.usage({ days: 7 });
   */
  usage(query: QueryOf<'account.usage'> = {}, options?: RequestOptions): APIPromise<Usage> {
    return this.client.request('account.usage', { query }, options);
  }

  /**
   * One page of the request-health report over `days` (1 to 90): summary, daily rows, issues,
   * guidance and the newest failure events; `next_cursor` (empty when complete) continues the events.
   *
   * @example
   * const report = await odds.account.requestHealth({ days: 7 });
   * for (const issue of report.issues) console.log(issue.endpoint, issue.status, issue.guidance.title);
   */
  requestHealth(query: QueryOf<'account.requestHealth'> = {}, options?: RequestOptions): APIPromise<RequestHealthReport> {
    return this.client.request('account.requestHealth', { query }, options);
  }

  /**
   * Every page of the request-health report, following `next_cursor` until it is empty.
   *
   * @example
   * for await (const page of odds.account.requestHealthPages({ days: 30 })) console.log(page.events.length);
   */
  async *requestHealthPages(
    filters: RequestHealthFilters = {},
    options?: RequestOptions,
  ): AsyncGenerator<RequestHealthReport, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.requestHealth(cursor === undefined ? filters : { ...filters, cursor }, options);
      yield page;
      cursor = page.next_cursor === '' ? undefined : page.next_cursor;
    } while (cursor !== undefined);
  }

  /**
   * Every failure event within the 30-day detail retention, newest first, across all detail pages.
   *
   * @example
   * for await (const event of odds.account.requestHealthEvents({ days: 7 })) {
   *   console.log(event.occurred_at, event.endpoint, event.status, event.error_code);
   * }
   */
  async *requestHealthEvents(
    filters: RequestHealthFilters = {},
    options?: RequestOptions,
  ): AsyncGenerator<RequestHealthEvent, void, undefined> {
    for await (const page of this.requestHealthPages(filters, options)) yield* page.events;
  }

  /**
   * Asks for a new recovery-email verification link (body exactly `{}`). Always the same generic
   * 202: it does not prove a message was sent (verified already, or one sent in the last 10 minutes).
   *
   * @example
   * await odds.account.resendVerification();
   */
  resendVerification(options?: RequestOptions): APIPromise<RecoveryEmailVerificationAccepted> {
    return this.client.request('recoveryEmail.resend', { body: {} }, options);
  }

  /**
   * A short-lived hosted billing session URL. Not registered during the private beta (404
   * `NotFoundError`): plan changes go through support.
   *
   * @example
   * const { portal_url } = await odds.account.billingPortal();
   */
  billingPortal(options?: RequestOptions): APIPromise<BillingPortal> {
    return this.client.request('billing.portal', {}, options);
  }
}
